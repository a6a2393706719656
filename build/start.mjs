// `npm start`: the desktop app when Electron's binary is present, otherwise the same app in
// the browser through `lhb serve`, so a newcomer on any machine gets a working app.
// Arguments after `npm start --` are passed on (e.g. --workspace DIR, --port N, --no-open).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildNeed } from './build-freshness.mjs';
import { findElectronBinary } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const electron = findElectronBinary();
const wantsBrowser = args.includes('--browser') || process.env.LHB_BROWSER === '1';
const browserMode = !('path' in electron) || wantsBrowser;

let child;
let building;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    building?.kill(signal);
    if (child) child.kill(signal);
    else process.exit(1);
  });
}

const need = buildNeed();
if (need) {
  process.stdout.write(
    need === 'never-built' ? 'Building LH-Bench Studio for its first start…\n' : 'Building LH-Bench Studio (sources changed since the last build)…\n',
  );
  building = spawn(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  const built = new Promise((resolve) => building.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  // In browser mode the server opens its workspace (seeding the demo on a first start) while Vite
  // builds the renderer; what it prints, its URL first, waits until the renderer is there.
  const nodeSideReady = browserMode ? new Promise((resolve) => building.on('message', (message) => message?.nodeSideReady && resolve())) : undefined;
  const started = nodeSideReady ? Promise.race([nodeSideReady.then(() => startServe({ holdOutput: true })), built.then(() => undefined)]) : undefined;
  const status = await built;
  building = undefined;
  const early = await started;
  if (status !== 0) {
    early?.child.kill('SIGTERM');
    process.exit(status);
  }
  if (early) {
    // It ended while the build ran (a port in use, a workspace it cannot open): it said why.
    if (early.child.exitCode !== null || early.child.signalCode !== null) process.exit(early.child.exitCode ?? 1);
    child = early.child;
    early.release();
  }
}

if (!child) {
  if (browserMode) child = startServe({ holdOutput: false }).child;
  else child = spawn(electron.path, [fileURLToPath(new URL('../dist/electron/main.js', import.meta.url)), ...args], { cwd: root, stdio: 'inherit' });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** Starts `lhb serve`; with holdOutput its stdout is kept until release(), then passed through as it comes. */
function startServe({ holdOutput }) {
  if (!wantsBrowser) {
    process.stderr.write(
      `Electron is not available: ${electron.missing}.\n` + 'Starting LH-Bench Studio in browser mode instead (lhb serve); open the URL below.\n',
    );
  }
  const serveArgs = args.filter((a) => a !== '--browser');
  const serve = spawn(process.execPath, [fileURLToPath(new URL('../bin/lhb.mjs', import.meta.url)), 'serve', ...serveArgs], {
    cwd: root,
    stdio: ['inherit', holdOutput ? 'pipe' : 'inherit', 'inherit'],
  });
  if (!holdOutput) return { child: serve, release: () => {} };
  const held = [];
  let released = false;
  serve.stdout.on('data', (chunk) => (released ? process.stdout.write(chunk) : held.push(chunk)));
  // A server that ends before the build does has said why on stderr; its exit code is kept.
  serve.once('exit', () => {
    if (!released) for (const chunk of held.splice(0)) process.stdout.write(chunk);
  });
  return {
    child: serve,
    release: () => {
      released = true;
      for (const chunk of held.splice(0)) process.stdout.write(chunk);
    },
  };
}
