import { isAbsolute, relative, sep } from 'node:path';

/**
 * Whether `path` is `root` or lies under it, compared as written (pass realpaths to see through
 * links). What every import that reads a folder someone else wrote checks before following a link.
 */
export function isPathInside(root: string, path: string): boolean {
  if (path === root) return true;
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}
