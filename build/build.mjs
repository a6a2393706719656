// `npm run build`: compiles the Node side (core, schemas, electron) with tsc into dist/,
// copies the SQL migrations beside the compiled store, and builds the renderer with Vite.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

function run(label, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`build: ${label} failed (exit ${result.status ?? result.signal}). Fix the errors above and run "npm run build" again.\n`);
    process.exit(1);
  }
  process.stdout.write(`build: ${label} done in ${Date.now() - started} ms\n`);
}

rmSync(new URL('../dist/core', import.meta.url), { recursive: true, force: true });
run('tsc (core, schemas, electron)', bin('tsc'), ['-p', 'tsconfig.build.json']);
mkdirSync(new URL('../dist/core/store/migrations', import.meta.url), { recursive: true });
cpSync(new URL('../core/store/migrations', import.meta.url), new URL('../dist/core/store/migrations', import.meta.url), { recursive: true });
run('vite (renderer)', bin('vite'), ['build', '--config', 'build/vite.config.ts', '--logLevel', 'warn']);
writeFileSync(new URL('../dist/.build-stamp', import.meta.url), `${new Date().toISOString()}\n`);
