import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSourceCopy } from './fresh-source-copy.ts';

// `npm start` builds a fresh clone before it can show anything, so the build emits JavaScript
// without waiting for the type checker; `npm test` runs the type checker and still refuses the
// same mistake.
describe('npm run build on a fresh clone', () => {
  let clone: string;
  const typeError = "\nexport const deliberatelyMistyped: number = 'not a number';\n";

  beforeAll(() => {
    clone = freshSourceCopy('lhb-build-emit-');
    appendFileSync(join(clone, 'core', 'app-paths.ts'), typeError);
  });
  afterAll(() => rmSync(clone, { recursive: true, force: true }));

  it('builds a working lhb and app even while a source has a type error', () => {
    const build = spawnSync(process.execPath, ['build/build.mjs'], { cwd: clone, encoding: 'utf8' });
    expect(build.stderr + build.stdout).not.toContain('failed');
    expect(build.status).toBe(0);
    for (const emitted of ['core/cli/main.js', 'core/cli/serve-command.js', 'core/store/migrations/001-initial.sql', 'electron/main.js', 'electron/preload.cjs', 'schemas/rpc.js', 'renderer/index.html']) {
      expect(existsSync(join(clone, 'dist', emitted)), emitted).toBe(true);
    }
    const help = spawnSync(process.execPath, ['bin/lhb.mjs', '--help'], { cwd: clone, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: lhb');
    // lhb info reads a workspace and never makes one: lhb init makes it first.
    const init = spawnSync(process.execPath, ['bin/lhb.mjs', 'init', join(clone, 'ws'), '--project', 'Build check'], { cwd: clone, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    const info = spawnSync(process.execPath, ['bin/lhb.mjs', 'info', '--json', '--workspace', join(clone, 'ws')], { cwd: clone, encoding: 'utf8' });
    expect(info.stderr).toBe('');
    expect(JSON.parse(info.stdout)).toMatchObject({ schemaVersion: expect.any(Number) });
  }, 120_000);

  it('leaves the type error to the typecheck that npm test runs', () => {
    const typecheck = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json', '--noEmit'], { cwd: clone, encoding: 'utf8' });
    expect(typecheck.status).not.toBe(0);
    expect(typecheck.stdout).toMatch(/core\/app-paths\.ts\(\d+,\d+\): error TS2322/);
  }, 180_000);

  it('stops at a syntax error, naming the file and line, and says what to do', () => {
    const broken = freshSourceCopy('lhb-build-broken-');
    try {
      appendFileSync(join(broken, 'core', 'app-paths.ts'), '\nexport const unfinished = (;\n');
      const build = spawnSync(process.execPath, ['build/build.mjs'], { cwd: broken, encoding: 'utf8' });
      expect(build.status).toBe(1);
      expect(build.stderr).toMatch(/core\/app-paths\.ts:\d+:\d+/);
      expect(build.stderr).toContain('build: esbuild (core, schemas, electron) failed. Fix the errors above and run "npm run build" again.');
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  }, 120_000);
});
