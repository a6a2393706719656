import { resolve } from 'node:path';
import { runsFilterOfTerms } from '../../schemas/runs-filter.ts';
import { followJob } from './follow-job.ts';
import { runsListTable } from './runs-list-table.ts';
import { withCliApi } from './open-cli-api.ts';

/**
 * `lhb runs import DIR...`: imports task folders and output bundles through runs.importPaths,
 * waits for the job, prints one line (or JSON object) per folder. Failures go to stderr with the
 * file and the fix; the exit code is 1 when any failed, after the others were imported.
 */
export async function runRunsImport(dirs: string[], options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const { jobId } = await api.call('runs.importPaths', { paths: dirs.map((dir) => resolve(dir)) });
    const job = await followJob(api.context.jobs, jobId);
    const { result } = await api.call('runs.importResult', { jobId });
    if (!result) throw new Error(job?.message ?? `The import job ${jobId} ended without a result.`);
    for (const outcome of result.outcomes) {
      if (options.json) process.stdout.write(`${JSON.stringify(outcome)}\n`);
      else if (outcome.status === 'failed') process.stderr.write(`lhb: ${outcome.reason}\n`);
      else process.stdout.write(`${outcome.status.padEnd(9)} ${outcome.kind.padEnd(4)} ${outcome.id}  ${outcome.detail}  (${outcome.path})\n`);
    }
    if (!options.json) process.stderr.write(`${result.message}\n`);
    if (result.outcomes.some((outcome) => outcome.status === 'failed')) process.exitCode = 1;
  });
}

/** The flags of `lhb runs list` that filter and sort, by their names (schemas/runs-filter.ts reads them). */
export type RunsListFlags = Partial<Record<'task' | 'configuration' | 'skillVersion' | 'study' | 'status' | 'errorType' | 'finding' | 'score' | 'won' | 'sort', string>>;

/**
 * `lhb runs list`: imported runs with their configuration (the researcher's view, not the
 * voter's); synthetic (demo study) runs are marked `[synthetic]` (`"synthetic": true` in JSON).
 * Flags filter (all must hold) and sort in the store; a bad flag value exits 2 before anything is opened.
 */
export async function runRunsList(options: RunsListFlags & { allAttempts?: boolean; json?: boolean; workspace?: string }): Promise<void> {
  const { filter, problems } = runsFilterOfTerms({
    task: options.task,
    configuration: options.configuration,
    'skill-version': options.skillVersion,
    study: options.study,
    status: options.status,
    'error-type': options.errorType,
    finding: options.finding,
    score: options.score,
    won: options.won,
    sort: options.sort,
  });
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`lhb runs list: --${problem.term}: ${problem.message}\n`);
    process.exitCode = 2;
    return;
  }
  const filtered = Object.keys(filter).some((key) => key !== 'sort' && key !== 'descending');
  await withCliApi(options.workspace, async (api) => {
    const { runs, total } = await api.call('runs.list', options.allAttempts ? { ...filter, allAttempts: true } : filter);
    if (options.json) {
      process.stdout.write(`${JSON.stringify(runs, null, 2)}\n`);
      return;
    }
    if (total === 0) {
      process.stdout.write('No runs yet. Import output bundles with: lhb runs import DIR...\n');
      return;
    }
    if (runs.length > 0) process.stdout.write(`${runsListTable(runs).join('\n')}\n`);
    if (filtered) process.stderr.write(`${runs.length} of ${total} runs match these filters.\n`);
    const synthetic = runs.filter((run) => run.synthetic).length;
    if (synthetic > 0) {
      process.stderr.write(`${synthetic} of ${runs.length} runs are synthetic: generated for the demo study, never executed, counted in analysis only when asked for (or while nothing real exists).\n`);
    }
  }, { access: 'read' });
}

