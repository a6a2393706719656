import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lhb-serve-modules-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// What a user waits for at every start: the browser driver (frame capture) and DuckDB (Parquet
// export and import) are loaded by the work that needs them, not by `lhb serve` starting up.
it('starts lhb serve on a new workspace without loading playwright-core or DuckDB', async () => {
  const probe = join(root, 'probe.mjs');
  const loaded = join(root, 'loaded.json');
  writeFileSync(
    probe,
    `import Module from 'node:module';\nimport { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(loaded)}, JSON.stringify(Object.keys(Module._cache))));\n`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', pathToFileURL(probe).href, MAIN, 'serve', '--port', '0', '--no-open', '--workspace', join(root, 'ws')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/LH-Bench Studio at \S+/.test(out)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`lhb serve exited with ${code}: ${out}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  const modules = JSON.parse(readFileSync(loaded, 'utf8')) as string[];
  expect(modules.length).toBeGreaterThan(0);
  expect(modules.filter((path) => /[\\/](playwright-core|@duckdb)[\\/]/.test(path))).toEqual([]);
}, 120_000);
