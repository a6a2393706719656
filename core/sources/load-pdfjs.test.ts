import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asFunctionBody } from './load-pdfjs.ts';
import { createNormaliser } from './normaliser-pool.ts';
import { takeWarmWorker, warmWorkerCount } from './warm-normalise-workers.ts';

const DEMO_PDF = readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));

describe('pdf.js as one function for the V8 code cache', () => {
  it('returns the exports of a bundle that ends in one export list and uses import.meta.url only', () => {
    const body = asFunctionBody('const base = import.meta.url;\nfunction twice(n) { return 2 * n; }\nexport { base, twice };\n//# sourceMappingURL=x.mjs.map');
    const exports = (runInThisContext(body!) as (url: string) => { base: string; twice: (n: number) => number })('file:///pdf.mjs');
    expect(exports.base).toBe('file:///pdf.mjs');
    expect(exports.twice(21)).toBe(42);
  });

  it('leaves a module of any other shape to be imported as a module', () => {
    expect(asFunctionBody('const a = 1;\nexport { a as b };\n')).toBeUndefined();
    expect(asFunctionBody('const dir = import.meta.dirname;\nexport { dir };\n')).toBeUndefined();
    expect(asFunctionBody("import fs from 'node:fs';\nexport { fs };\n")).toBeUndefined();
    expect(asFunctionBody('export default 1;\n')).toBeUndefined();
    expect(asFunctionBody('const a = 1;\nexport { a };\nconsole.log(a);\n')).toBeUndefined();
  });
});

describe('V8 code cache of pdf.js, kept between worker threads', () => {
  let cacheDir: string;
  // The run's own folder (build/test-code-cache-folder.ts), put back after each test: without it, a
  // later test in this process would write pdf.js's cache to the user's ~/.cache.
  const runCacheDir = process.env.LHB_CODE_CACHE_DIR;
  beforeEach(() => {
    cacheDir = join(mkdtempSync(join(tmpdir(), 'lhb-code-cache-test-')), 'cache');
    // Worker threads take the environment as it is when they start.
    process.env.LHB_CODE_CACHE_DIR = cacheDir;
  });
  afterEach(async () => {
    if (runCacheDir === undefined) delete process.env.LHB_CODE_CACHE_DIR;
    else process.env.LHB_CODE_CACHE_DIR = runCacheDir;
    while (warmWorkerCount() > 0) await takeWarmWorker()!.worker.terminate();
    rmSync(join(cacheDir, '..'), { recursive: true, force: true });
  });

  /** Reads the demo PDF in a worker started now (none kept from before), then stops it. */
  async function readInFreshWorker(): Promise<unknown> {
    while (warmWorkerCount() > 0) await takeWarmWorker()!.worker.terminate();
    const pool = createNormaliser(1);
    try {
      return await pool.normalise('pdf', DEMO_PDF, 'review.pdf');
    } finally {
      await pool.close();
    }
  }

  const cacheFiles = () => readdirSync(cacheDir).filter((name) => name.endsWith('.v8cache')).sort();

  async function waitForCacheFiles(count: number): Promise<string[]> {
    // The worker writes the cache just after its reply: wait for it, as long as a loaded machine needs.
    for (let tries = 0; tries < 600 && (statSync(cacheDir, { throwIfNoEntry: false }) === undefined || cacheFiles().length < count); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return cacheFiles();
  }

  it('is written by the first worker after its first PDF and read by the next, which reads the PDF the same', async () => {
    const first = await readInFreshWorker();
    const files = await waitForCacheFiles(2);
    expect(files).toEqual([expect.stringMatching(/^pdf\.mjs-[0-9a-f]{20}\.v8cache$/), expect.stringMatching(/^pdf\.worker\.mjs-[0-9a-f]{20}\.v8cache$/)]);
    const written = files.map((name) => statSync(join(cacheDir, name)).mtimeMs);
    // Only this user may read or write the folder: the cache is code that runs.
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await readInFreshWorker()).toEqual(first);
    // A worker that found the cache good has nothing to write.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(files.map((name) => statSync(join(cacheDir, name)).mtimeMs)).toEqual(written);
  });

  it('replaces a damaged cache, and the PDF reads the same meanwhile', async () => {
    const first = await readInFreshWorker();
    const [api] = await waitForCacheFiles(2);
    writeFileSync(join(cacheDir, api!), Buffer.from('not a code cache'));
    expect(await readInFreshWorker()).toEqual(first);
    for (let tries = 0; tries < 600 && statSync(join(cacheDir, api!)).size < 1000; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(statSync(join(cacheDir, api!)).size).toBeGreaterThan(100_000);
  });

  it('neither writes nor reads a cache in a folder others may write', async () => {
    const first = await readInFreshWorker();
    const files = await waitForCacheFiles(2);
    chmodSync(cacheDir, 0o777);
    for (const name of files) writeFileSync(join(cacheDir, name), Buffer.from('planted by another user'));
    expect(await readInFreshWorker()).toEqual(first);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(files.map((name) => readFileSync(join(cacheDir, name), 'utf8'))).toEqual(files.map(() => 'planted by another user'));
  });
});
