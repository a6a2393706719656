import { basename } from 'node:path';
import type { ExportSubset } from '../../schemas/export.ts';
import type { ImportResult } from '../../schemas/import.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { mergeChapters } from './merge-chapters.ts';
import { mergeControlJudgments } from './merge-control-judgments.ts';
import { mergeHarnessGuesses } from './merge-harness-guesses.ts';
import { MergeContext } from './merge-context.ts';
import { mergeJudgments } from './merge-judgments.ts';
import { mergePairwiseVerdicts } from './merge-pairwise-verdicts.ts';
import { mergeRubrics } from './merge-rubrics.ts';
import { mergeRuns } from './merge-runs.ts';
import { mergeSources, sourceMarkdown } from './merge-sources.ts';
import { mergeVotes } from './merge-votes.ts';
import { ImportCancelledError, readDatasetFolder } from './read-dataset-folder.ts';
import { writeTransaction } from '../store/write-transaction.ts';

export interface ImportProgress {
  signal: AbortSignal;
  report(done: number, total: number, message: string): void;
}

/** What an import merges, in order; `preference_pairs` is read and checked but not merged: it is derived from `preferences`, and an export writes it again from them. */
const ORDER: ExportSubset[] = ['sources', 'chapters', 'preferences', 'judgments', 'pairwise_verdicts', 'control_judgments', 'harness_guesses', 'runs', 'rubrics'];

/**
 * Imports a dataset folder lhb export hf wrote. Everything is read and checked first (a folder
 * that is not an export, or is damaged anywhere, is refused naming the file, row and field);
 * then the sources' Markdown goes to the blob store (a file nobody points at is harmless), and
 * every record is written in one transaction, so an import is whole or not at all. Into an empty
 * workspace it reproduces the records with their ids; into one holding the same study it merges
 * (see each merge-*.ts), and what both sides changed differently is kept both and reported.
 */
export async function importDataset(workspace: Pick<Workspace, 'db' | 'blobs'>, dir: string, progress: ImportProgress, now: () => Date = () => new Date()): Promise<ImportResult> {
  const project = findCurrentProject(workspace.db);
  if (!project) throw new Error('This workspace has no project yet; open it once (lhb info) so it is created, then import again.');
  const steps = 4;
  progress.report(0, steps, `Reading ${dir}…`);
  const dataset = await readDatasetFolder(dir, { signal: progress.signal, report: (message) => progress.report(0, steps, message) });
  progress.report(1, steps, 'Checking the sources’ text…');
  const markdowns = dataset.sources.map((located) => sourceMarkdown(located));
  if (progress.signal.aborted) throw new ImportCancelledError('Cancelled.');
  progress.report(2, steps, `Storing ${markdowns.length} source text${markdowns.length === 1 ? '' : 's'}…`);
  // Blob files first: a failure after this leaves unreferenced files, never a row without its file.
  // (A stored file that is not whole, cut short by a full disk, is written again.)
  for (const markdown of markdowns) await workspace.blobs.putAsync(markdown);
  if (progress.signal.aborted) throw new ImportCancelledError('Cancelled.');
  progress.report(3, steps, 'Merging the records…');
  const ctx = new MergeContext(workspace.db, project.id, now().toISOString(), `dataset ${basename(dataset.dir)}`, (sha256) => workspace.blobs.read(sha256));
  try {
    writeTransaction(workspace.db, () => {
      mergeSources(ctx, dataset.sources);
      mergeChapters(ctx, dataset.chapters);
      mergeRuns(ctx, dataset.runs);
      mergeVotes(ctx, dataset.preferences);
      // Rubric sets before judgments: a judgment's set must be here or in the export.
      mergeRubrics(ctx, dataset.rubrics);
      mergeJudgments(ctx, dataset.judgments);
      mergePairwiseVerdicts(ctx, dataset.pairwise_verdicts);
      mergeControlJudgments(ctx, dataset.control_judgments);
      mergeHarnessGuesses(ctx, dataset.harness_guesses);
    })();
    // The workspace keeps a skill in its folder, not in the store, so the skills subset has nowhere to go.
    const skills = dataset.skills.length;
    if (skills > 0) ctx.notes.push(`The ${skills} skill version${skills === 1 ? '' : 's'} of the skills subset ${skills === 1 ? 'was' : 'were'} read but not stored: a workspace keeps skills in their folders, not in its store, and a study run here reads its skill from a folder on this machine.`);
    // Tasks, studies and trajectories were read and checked (their copied files too); the runs and votes that name them were merged.
    const read = (['tasks', 'studies', 'trajectories'] as const).filter((subset) => dataset[subset].length > 0).map((subset) => `${dataset[subset].length} ${subset}`);
    if (read.length > 0) {
      ctx.notes.push(
        `The ${read.join(', ')} rows were read and checked, their copied files included, but not stored: a workspace keeps a task as its folder gave it, a study as it ran here, and a trajectory as it parsed the run's transcript; the runs, votes and judgments that name them were merged.`,
      );
    }
  } catch (error) {
    if (error instanceof ImportRefusedError) throw error;
    throw new ImportRefusedError(`Storing the import failed: ${(error as Error).message}.`, { cause: error });
  }
  progress.report(steps, steps, 'Imported.');
  return {
    dir: dataset.dir,
    format: dataset.format,
    subsets: ctx.subsets(ORDER.filter((subset) => dataset.present.has(subset))),
    conflicts: ctx.conflicts,
    notes: ctx.notes,
  };
}
