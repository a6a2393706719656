import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'lh-bench-studio';

/**
 * The project's root folder, found by walking up from this file. Works the same from the
 * TypeScript sources (tests) and from the compiled `dist/` (CLI, Electron).
 */
export const packageRoot: string = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`Could not find the ${PACKAGE_NAME} package folder above ${start}.`);
  }
}

export const appVersion: string = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** The built renderer (vite output) served by `lhb serve` and Electron's app:// protocol. */
export const rendererDistDir = join(packageRoot, 'dist', 'renderer');

/** The workspace a first start is seeded from. */
export const demoDatasetDir = join(packageRoot, 'datasets', 'demo');
