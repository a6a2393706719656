import { existsSync, readdirSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';

/** The files under `dir`, as sorted `/`-separated paths relative to it (at most 10,000); none when it does not exist. */
export function listFolderFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const absolute = `${folder}${sep}${entry.name}`;
      if (entry.isDirectory()) walk(absolute);
      else if (entry.isFile() && statSync(absolute).size >= 0) out.push(relative(dir, absolute).split(sep).join('/'));
      if (out.length >= 10_000) return;
    }
  };
  walk(dir);
  return out.sort();
}
