import { join } from 'node:path';

/**
 * The file of a real transcript kept with its harness, named `<harness>/<file>` as the tests name
 * it: `core/runs/harnesses/<harness>/fixtures/<file>` (each folder's README says how it was made).
 */
export function transcriptFixturePath(path: string): string {
  const at = path.indexOf('/');
  return join(import.meta.dirname, path.slice(0, at), 'fixtures', path.slice(at + 1));
}
