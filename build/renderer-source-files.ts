import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The renderer's folder, for tests that read its source. */
export const RENDERER = join(import.meta.dirname, '..', 'renderer');

/** The TypeScript source files under `dir` that ship (no tests, fixtures or benchmarks). */
export function rendererSourceFiles(dir: string = RENDERER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return rendererSourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|bench|fixture)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}
