// Finds Electron's binary without require('electron'): that module tries to download the
// binary when it is missing, which fails (slowly) on an offline machine.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** @returns {{ path: string } | { missing: string }} */
export function findElectronBinary() {
  let packageDir;
  try {
    packageDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed (run npm ci)' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!existsSync(pathFile) && !override) {
    return { missing: "Electron's binary was not downloaded when the package was installed (offline or blocked install)" };
  }
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : 'electron';
  const binary = override ? join(override, relative) : join(packageDir, 'dist', relative);
  return existsSync(binary) ? { path: binary } : { missing: `Electron's binary is missing at ${binary}` };
}
