import { basename } from 'node:path';
import type { BundleImportOutcome, BundleImportResult } from '../../../schemas/arena.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { resolveFolder } from '../files-inside-folder.ts';
import { findBundleFolders, MAX_WALK_DEPTH, type FoundFolder } from './find-bundle-folders.ts';
import { importOutputBundle, type OutputBundleImportOptions } from './import-output-bundle.ts';
import { importTaskFolder, type TaskImportOptions } from './import-task-folder.ts';

export interface ImportBundlesOptions extends TaskImportOptions, OutputBundleImportOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
}

export type ImportBundlesResult = BundleImportResult;

/**
 * Imports task folders (`task.json`: import-task-folder.ts) and runs (output bundles and Harbor
 * trial folders: import-output-bundle.ts) into the workspace. Each path may be a task, a run, or a
 * folder holding them (walked a few levels deep: find-bundle-folders.ts). Tasks go first so a
 * bundle can name a task imported in the same call. Every artifact is copied into the blob store,
 * so the arena serves what was imported even after the folder moves. A folder that cannot be read
 * fails alone, with the file and the fix; the others still import. Importing the same bundle
 * twice changes nothing.
 */
export async function importBundles(workspace: Workspace, paths: readonly string[], options: ImportBundlesOptions = {}): Promise<ImportBundlesResult> {
  const outcomes: BundleImportOutcome[] = [];
  const found: FoundFolder[] = [];
  for (const path of paths) {
    try {
      const here = findBundleFolders(resolveFolder(path, 'task or output bundle'));
      if (here.length === 0) {
        outcomes.push({ path, kind: 'unknown', status: 'failed', reason: `${path}: holds no task.json, run.json or Harbor trial (result.json + agent/) (looked ${MAX_WALK_DEPTH} folders deep). Point at a task folder, an output bundle, a Harbor trial or job folder, or a folder of them.` });
      }
      found.push(...here);
    } catch (error) {
      outcomes.push({ path, kind: 'unknown', status: 'failed', reason: messageOf(error) });
    }
  }
  found.sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'task' ? -1 : 1));
  let done = 0;
  for (const item of found) {
    if (options.signal?.aborted) break;
    options.onProgress?.(done, found.length, `Importing ${basename(item.path)}`);
    try {
      outcomes.push(item.kind === 'task' ? await importTaskFolder(workspace, item.path, options) : await importOutputBundle(workspace, item.path, options));
    } catch (error) {
      outcomes.push({ path: item.path, kind: item.kind, status: 'failed', reason: messageOf(error) });
    }
    done += 1;
  }
  options.onProgress?.(done, found.length, 'Done');
  return { outcomes, message: summarise(outcomes, options.signal?.aborted === true) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function summarise(outcomes: readonly BundleImportOutcome[], cancelled: boolean): string {
  const count = (status: BundleImportOutcome['status'], kind: 'task' | 'run') => outcomes.filter((o) => o.status === status && o.kind === kind).length;
  const failed = outcomes.filter((o) => o.status === 'failed');
  const parts = [
    `${count('imported', 'task')} task${count('imported', 'task') === 1 ? '' : 's'} and ${count('imported', 'run')} run${count('imported', 'run') === 1 ? '' : 's'} imported`,
  ];
  const unchanged = count('unchanged', 'task') + count('unchanged', 'run');
  if (unchanged > 0) parts.push(`${unchanged} unchanged`);
  if (failed.length > 0) parts.push(`${failed.length} failed: ${failed.map((o) => (o.status === 'failed' ? o.reason.replace(/\.$/, '') : '')).join(' | ')}`);
  return `${cancelled ? 'Cancelled; ' : ''}${parts.join('; ')}.`;
}
