// `npm run build`: emits the Node side (core, schemas, electron) as JavaScript into dist/ with
// esbuild (no type checking: that is `npm run typecheck`, part of `npm test`), copies the SQL
// migrations beside the compiled store, and builds the renderer with Vite.
// LHB_EMIT_WITH_TSC=1 emits with `tsc -p tsconfig.build.json` instead, as the build did before:
// the first-start benchmark's peer, and a way to compare esbuild's output with tsc's.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { emitNodeSide } from './emit-node-side.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const running = new Set();

/** Ends the build saying which step failed; a step still running in its own process is stopped first. */
function fail(label, why) {
  for (const child of running) child.kill('SIGTERM');
  process.stderr.write(`build: ${label} failed${why ? ` (${why})` : ''}. Fix the errors above and run "npm run build" again.\n`);
  process.exit(1);
}

/** Runs a build step in its own process; resolves when it succeeded, or ends the build. */
function run(label, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    running.add(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code !== 0) fail(label, `exit ${code ?? signal}`);
      process.stdout.write(`build: ${label} done in ${Date.now() - started} ms\n`);
      resolve();
    });
  });
}

/**
 * `lhb --help` must start in well under 150 ms. Loading commander as CommonJS through the ESM
 * loader and resolving our files one by one costs tens of ms, so the CLI's entry (lhb.js), the
 * program (main.js) and what it imports eagerly are bundled, each into one file. Commands stay
 * separate (`*-command.js`) and load only when run; `lhb stats`, the one that reads large input
 * in a process of its own, is bundled too (its statistics were a dozen modules to resolve).
 */
async function bundleCliEntry() {
  const started = Date.now();
  const { build } = await import('esbuild');
  const bundleInPlace = (file, external, options = {}) => {
    const path = fileURLToPath(new URL(`../dist/core/cli/${file}`, import.meta.url));
    return build({ entryPoints: [path], outfile: path, allowOverwrite: true, bundle: true, platform: 'node', format: 'esm', target: 'node20', external, sourcemap: true, logLevel: 'warning', ...options });
  };
  await Promise.all([
    bundleInPlace('lhb.js', ['./main.js', './*-command.js']),
    bundleInPlace('main.js', ['./*-command.js'], {
      // Bundled CommonJS (commander) calls require() for Node built-ins; ESM has none by default.
      banner: { js: "import { createRequire as __lhbCreateRequire } from 'node:module'; const require = __lhbCreateRequire(import.meta.url);" },
    }),
    bundleInPlace('stats-stdin-command.js', ['./stats-command.js']),
  ]);
  process.stdout.write(`build: esbuild (lhb entry) done in ${Date.now() - started} ms\n`);
}

// The renderer does not depend on the Node side's output, so Vite builds it meanwhile (two cores
// or more make the first start that much shorter).
const renderer = run('vite (renderer)', bin('vite'), ['build', '--config', 'build/vite.config.ts', '--logLevel', 'warn']);
for (const emitted of ['core', 'schemas', 'electron']) rmSync(new URL(`../dist/${emitted}`, import.meta.url), { recursive: true, force: true });
if (process.env.LHB_EMIT_WITH_TSC === '1') {
  await run('tsc (core, schemas, electron)', bin('tsc'), ['-p', 'tsconfig.build.json']);
} else {
  const started = Date.now();
  let files;
  try {
    files = await emitNodeSide(root);
  } catch {
    // esbuild has printed each error with its file and line above.
    fail('esbuild (core, schemas, electron)');
  }
  process.stdout.write(`build: esbuild (core, schemas, electron: ${files} files) done in ${Date.now() - started} ms\n`);
}
mkdirSync(new URL('../dist/core/store/migrations', import.meta.url), { recursive: true });
cpSync(new URL('../core/store/migrations', import.meta.url), new URL('../dist/core/store/migrations', import.meta.url), { recursive: true });
// esbuild prints what it could not bundle above.
await bundleCliEntry().catch(() => fail('esbuild (lhb entry)'));
// `npm start` starts the server now, while Vite finishes (build/start.mjs), and shows its URL once the renderer is built.
process.send?.({ nodeSideReady: true });
await renderer;
writeFileSync(new URL('../dist/.build-stamp', import.meta.url), `${new Date().toISOString()}\n`);
