// A copy of the project as a fresh clone has it: the sources without dist/ (nothing built yet)
// and with node_modules linked to this tree's installed one (`npm ci` already done). The
// first-start benchmark and the build's tests start from it.
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
/** What a clone does not have, or what is not ours to copy. */
const NOT_IN_A_CLONE = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', '.lhb-workspace']);

/** Copies the project into a new temp folder and returns its path; the caller removes it. */
export function freshSourceCopy(prefix = 'lhb-fresh-clone-'): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  cpSync(projectRoot, copy, {
    recursive: true,
    filter: (source) => source === projectRoot || !NOT_IN_A_CLONE.has(basename(source)) || !isTopLevel(source),
  });
  symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

function isTopLevel(source: string): boolean {
  return join(source, '..') === join(projectRoot, '.');
}
