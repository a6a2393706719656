// `npm start`: the desktop app when Electron's binary is present, otherwise the same app in
// the browser through `lhb serve`, so a newcomer on any machine gets a working app.
// Arguments after `npm start --` are passed on (e.g. --workspace DIR, --port N, --no-open).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isBuildStale } from './build-freshness.mjs';
import { findElectronBinary } from './electron-binary.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

if (isBuildStale()) {
  process.stdout.write('Building LH-Bench Studio (sources changed since the last build)…\n');
  const build = spawnSync(process.execPath, [fileURLToPath(new URL('./build.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const electron = findElectronBinary();
const wantsBrowser = args.includes('--browser') || process.env.LHB_BROWSER === '1';
let child;
if ('path' in electron && !wantsBrowser) {
  child = spawn(electron.path, [fileURLToPath(new URL('../dist/electron/main.js', import.meta.url)), ...args], { cwd: root, stdio: 'inherit' });
} else {
  if (!wantsBrowser) {
    process.stderr.write(
      `Electron is not available: ${electron.missing}.\n` +
        'Starting LH-Bench Studio in browser mode instead (lhb serve); open the URL below.\n',
    );
  }
  const serveArgs = args.filter((a) => a !== '--browser');
  child = spawn(process.execPath, [fileURLToPath(new URL('../bin/lhb.mjs', import.meta.url)), 'serve', ...serveArgs], { cwd: root, stdio: 'inherit' });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
