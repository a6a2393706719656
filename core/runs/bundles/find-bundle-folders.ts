import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isHarborTrialFolder } from '../trajectory/atif-harbor-trial.ts';

/** Folders never walked when looking for tasks and bundles. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'frames', 'ground_truth']);
/** How many folders deep a walk looks below the folder it was given. */
export const MAX_WALK_DEPTH = 4;

export interface FoundFolder {
  path: string;
  kind: 'task' | 'run';
}

/**
 * The task folders (`task.json`) and runs (`run.json`, or a Harbor trial) at or below `dir`, in
 * name order. A folder that is one is not walked into; hidden folders and the ones a task or
 * bundle holds (builds, frames, ground truth, dependencies) are never walked.
 */
export function findBundleFolders(dir: string, depth = 0): FoundFolder[] {
  if (existsSync(join(dir, 'task.json'))) return [{ path: dir, kind: 'task' }];
  if (existsSync(join(dir, 'run.json'))) return [{ path: dir, kind: 'run' }];
  if (isHarborTrialFolder(dir)) return [{ path: dir, kind: 'run' }];
  if (depth >= MAX_WALK_DEPTH) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => findBundleFolders(join(dir, name), depth + 1));
}
