import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSourceCopy } from './fresh-source-copy.ts';

// `npm start` rebuilds only when something the build reads is newer than the last build.
describe('npm start: sources changed since the last build', () => {
  let clone: string;
  const stamp = () => join(clone, 'dist', '.build-stamp');
  const need = (): string => {
    const check = spawnSync(process.execPath, ['--input-type=module', '-e', "const { buildNeed } = await import('./build/build-freshness.mjs'); process.stdout.write(String(buildNeed()));"], { cwd: clone, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    return check.stdout;
  };
  const isStale = () => need() !== 'undefined';
  /** Marks the copy as built later than anything touched before, then `file` as changed after that. */
  let builds = 0;
  const builtThenTouched = (file?: string) => {
    builds++;
    const built = Date.now() / 1000 + 3600 * builds;
    utimesSync(stamp(), built, built);
    if (file) utimesSync(join(clone, file), built + 60, built + 60);
  };

  beforeAll(() => {
    clone = freshSourceCopy('lhb-build-freshness-');
  });
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it('builds a fresh clone (saying it is its first build, not that sources changed), then not again until a built input changes', () => {
    expect(need()).toBe('never-built');
    mkdirSync(join(clone, 'dist'), { recursive: true });
    writeFileSync(stamp(), 'built\n');
    builtThenTouched();
    expect(isStale()).toBe(false);
  });

  it.each(['core/app-paths.ts', 'renderer/index.html', 'schemas/rpc.ts', 'electron/preload.cts', 'tsconfig.build.json', 'build/build.mjs', 'build/emit-node-side.mjs'])('rebuilds after %s changed', (file) => {
    builtThenTouched(file);
    expect(need()).toBe('stale');
  });

  it.each(['core/stats/bradley-terry.test.ts', 'core/stats/bradley-terry.bench.ts', 'README.md'])('does not rebuild for %s, which is not built', (file) => {
    builtThenTouched(file);
    expect(isStale()).toBe(false);
  });
});
