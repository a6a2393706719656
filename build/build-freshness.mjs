// Whether dist/ is older than the sources it is built from, so `npm start` rebuilds only
// when something changed.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The build's own scripts too: a change to how dist/ is made must remake it.
const INPUTS = ['schemas', 'core', 'electron', 'renderer', 'build/build.mjs', 'build/emit-node-side.mjs', 'build/vite.config.ts', 'tsconfig.build.json', 'tsconfig.base.json', 'package.json'];

/** Tests, benchmarks and fixtures are not part of the build; editing them needs no rebuild. */
const NOT_BUILT = /(\.(test|bench|fixture)\.[cm]?tsx?$)|(^|\/)__snapshots__$/;

function newestMtime(path) {
  if (NOT_BUILT.test(path)) return 0;
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Why dist/ must be (re)built before the app starts: `never-built` (a fresh clone), `stale`, or undefined when it is current. */
export function buildNeed() {
  let built;
  try {
    built = statSync(join(root, 'dist', '.build-stamp')).mtimeMs;
  } catch {
    return 'never-built';
  }
  return INPUTS.some((input) => newestMtime(join(root, input)) > built) ? 'stale' : undefined;
}
