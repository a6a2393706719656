import { existsSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { ImportResult } from '../../schemas/import.ts';
import { importSummary } from '../import/import-job.ts';
import { readDatasetProjectName } from '../import/read-dataset-folder.ts';
import { resolveWorkspaceDir } from '../store/workspace-location.ts';
import { DATABASE_FILE } from '../workspace/open-workspace.ts';
import { followJob } from './follow-job.ts';
import { withCliApi } from './open-cli-api.ts';
import { StatusLine } from './status-line.ts';

export interface ImportHfOptions {
  json?: boolean;
  workspace?: string;
}

/**
 * `lhb import hf DIR`: imports (merges) a dataset folder lhb export hf wrote into the workspace
 * through import.hf, with progress on stderr and Ctrl+C cancelling. A workspace folder that does
 * not exist yet is created empty (a project named by the card, no demo data); if the import is
 * refused, that new folder is removed again. Prints what each subset added and every conflict.
 */
export async function runImportHf(dir: string, options: ImportHfOptions): Promise<void> {
  const workspaceDir = resolveWorkspaceDir(options.workspace);
  const folderIsNew = !existsSync(workspaceDir);
  const isNew = folderIsNew || !existsSync(join(workspaceDir, DATABASE_FILE));
  const emptyProject = { name: readDatasetProjectName(resolve(dir)) ?? `Imported from ${basename(resolve(dir))}` };
  try {
    await withCliApi(options.workspace, async (api) => {
      const { jobId } = await api.call('import.hf', { dir });
      const progress = new StatusLine({ fit: true });
      const job = await followJob(api.context.jobs, jobId, {
        onEvent: (running) => {
          if (running.state === 'running') progress.show(` ${running.message}`);
        },
        ctrlC: {},
        statusLine: progress,
      });
      const { result } = await api.call('import.result', { jobId });
      if (!result) throw new Error(job?.message ?? `The import job ${jobId} ended without a result.`);
      if (options.json) {
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        return;
      }
      process.stdout.write(describeImport(result));
      process.stderr.write(`${importSummary(result)}${isNew ? ` (new workspace ${workspaceDir})` : ''}\n`);
    }, isNew ? { emptyProject } : {});
  } catch (error) {
    // A workspace this command created for the import goes again when the import did not happen.
    if (folderIsNew && existsSync(workspaceDir)) rmSync(workspaceDir, { recursive: true, force: true });
    throw error;
  }
}

/** The result as text: a line per subset, then each conflict with both texts, then the notes. */
export function describeImport(result: ImportResult): string {
  const lines = ['subset\trows\tadded\tunchanged\tconflicts'];
  for (const subset of result.subsets) lines.push(`${subset.subset}\t${subset.rows}\t${subset.added}\t${subset.unchanged}\t${subset.conflicts}`);
  for (const conflict of result.conflicts) {
    lines.push('', `CONFLICT ${conflict.kind} "${conflict.title}" (${conflict.id})${conflict.alreadyKept ? ' — kept by an earlier import' : ''}`, `  ${conflict.detail}`);
    if (conflict.keptAs) lines.push(`  The import's version is kept as ${conflict.keptAs}.`);
    lines.push('  This workspace:', ...indent(conflict.local), '  The import:', ...indent(conflict.incoming));
  }
  if (result.notes.length > 0) lines.push('', ...result.notes.map((note) => `Note: ${note}`));
  return `${lines.join('\n')}\n`;
}

const indent = (text: string) => text.split('\n').map((line) => `    ${line}`);
