import type { JudgeConfig, JudgeTier, RubricScale } from '../../../schemas/judge.ts';
import type { JudgeControl } from '../../../schemas/judging.ts';
import type { JobEnd, JobRunner } from '../../jobs/job-runner.ts';
import { JobResults } from '../../jobs/job-results.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { readApiKey, type ApiKeySource } from '../providers/api-key.ts';
import { createJudgeProvider, type JudgeProviderOptions } from '../providers/create-provider.ts';
import { openRubricLibrary } from '../rubrics/rubric-library.ts';
import { chapterRubricSets, chooseRubricSets } from './choose-rubric-sets.ts';
import type { ContentFrameSources } from './content-frames.ts';
import { judgeRuns, type JudgeRunsSummary } from './judge-runs.ts';
import { describeCost } from './judging-cost.ts';
import { guessHarnesses, planHarnessGuesses } from './guess-harness.ts';
import { harnessChoiceLabel } from './guess-harness-prompt.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

export interface JudgingJobInput {
  judges: JudgeConfig[];
  tier: JudgeTier;
  /** `NAME@VERSION` or `NAME`; default every expert set of the tier at the scale. */
  rubricSets?: string[];
  scale?: RubricScale;
  taskIds?: string[];
  runIds?: string[];
  /** The turn of multi-turn runs to judge; default each run's last. */
  turn?: number;
  /** Judge under a control (its judgments stored apart, never counted as scores). */
  control?: JudgeControl;
}

/** Each finished judging job's summary, for `judge.result`. */
const summaries = new JobResults<JudgeRunsSummary>();

export interface JudgingJobOptions {
  apiKeys?: ApiKeySource;
  provider?: Omit<JudgeProviderOptions, 'apiKeys'>;
  contentSources?: ContentFrameSources;
  /** Told the job's summary when it ends (the CLI prints it). */
  onSummary?: (summary: JudgeRunsSummary) => void;
}

/** Runs left out, counted by reason ("2 runs: it has no trajectory …"), most common first. */
export function describeLeftOut(skipped: JudgeRunsSummary['skipped']): string[] {
  const byReason = new Map<string, number>();
  for (const { reason } of skipped) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  return [...byReason].sort(([, a], [, b]) => b - a).map(([reason, count]) => `${count} run${count === 1 ? '' : 's'}: ${reason}`);
}

/** What the job says when it ends: replies stored (cached, failed), judgments, cost, and what was left out and why. */
export function describeJudgingSummary(summary: JudgeRunsSummary, judges: number): string {
  const { units, judgments } = summary;
  const parts = [
    `${summary.runs} runs judged: ${units.ok + units.failed + units.cached} of ${units.total} replies stored (${units.cached} from the cache, ${units.failed} failed)`,
    `${judgments.ok} judgments scored and ${judgments.failed} failed this time`,
    `${summary.requests} provider requests, ${summary.tokens.input + summary.tokens.output} tokens, ${describeCost(summary, judges, false)}`,
  ];
  if (summary.skipped.length > 0) parts.push(`${summary.skipped.length} runs left out (${describeLeftOut(summary.skipped).join('; ')})`);
  if (units.cancelled > 0) parts.push(`${units.cancelled} replies not asked because of the cancel; run the same judging again to finish (stored replies are reused)`);
  return `${parts.join('; ')}.`;
}

/**
 * Checks a judging request (rubric sets exist for the tier, every judge's key variable is set)
 * and starts it as a job; returns the job at once. Failures found before starting throw (nothing
 * was asked); failures of single replies are stored and counted, and the job still succeeds.
 */
export function startJudgingJob(workspace: Pick<Workspace, 'db' | 'blobs' | 'dir'>, jobs: JobRunner, input: JudgingJobInput, options: JudgingJobOptions = {}) {
  if (input.control === 'guess-harness') return startGuessHarnessJob(workspace, jobs, input, options);
  const control = input.control;
  const scale = input.scale ?? 5;
  const library = openRubricLibrary(workspace.db);
  const sets = chooseRubricSets(library, input.tier, scale, input.rubricSets ?? []);
  const apiKeys = options.apiKeys ?? process.env;
  for (const judge of input.judges) readApiKey(judge, apiKeys);
  const title = `${control === 'no-artifact' ? 'No-artifact control: judge runs without their artifacts' : 'Judge runs'} at the ${input.tier} tier: ${input.judges.length} judge${input.judges.length === 1 ? '' : 's'} × ${sets.map((set) => `${set.name}@${set.version}`).join(', ')} (${scale}-point)`;
  const job = jobs.start('judge', title, async (progress): Promise<JobEnd> => {
    // The job's id is read below; the runner may begin this work before start() returns it.
    await Promise.resolve();
    const providers = new Map(input.judges.map((judge) => [judge.name, createJudgeProvider(judge, { ...options.provider, apiKeys })]));
    const summary = await judgeRuns(
      {
        judges: input.judges,
        tier: input.tier,
        sets,
        ...(input.tier === 'content' ? { setsForTask: (task) => chapterRubricSets(library, task.chapter_id, scale) } : {}),
        ...(input.taskIds ? { taskIds: input.taskIds } : {}),
        ...(input.runIds ? { runIds: input.runIds } : {}),
        ...(input.turn !== undefined ? { turn: input.turn } : {}),
        ...(control ? { control } : {}),
      },
      { store: workspace, providerFor: (judge) => providers.get(judge.name)!, jobId: job.id, ...(options.contentSources ? { contentSources: options.contentSources } : {}) },
      progress,
    );
    summaries.keep(jobs, job.id, summary);
    options.onSummary?.(summary);
    const finished = summary.units.total - summary.units.cancelled;
    return { message: describeJudgingSummary(summary, input.judges.length), done: finished, total: summary.units.total };
  });
  return { job, sets };
}

/**
 * The guess-harness control as a job: the runs chosen and the harnesses offered are checked
 * before it starts (runs of two harnesses or more, every judge's key), so a refusal asks nothing.
 * It takes no rubric sets: the judges are asked which harness made each run, not to score it.
 */
function startGuessHarnessJob(workspace: Pick<Workspace, 'db' | 'blobs' | 'dir'>, jobs: JobRunner, input: JudgingJobInput, options: JudgingJobOptions) {
  if (input.tier !== 'process') throw new LhbError('bad_request', `The guess-harness control shows each judge a run's trajectory, as the process tier does; ask it with tier process, not ${input.tier}.`, { field: 'tier' });
  if (input.rubricSets?.length) throw new LhbError('bad_request', 'The guess-harness control asks which harness made each run, with no rubric set; leave the rubric sets out.', { field: 'rubricSets' });
  const apiKeys = options.apiKeys ?? process.env;
  for (const judge of input.judges) readApiKey(judge, apiKeys);
  const request = { judges: input.judges, ...(input.taskIds ? { taskIds: input.taskIds } : {}), ...(input.runIds ? { runIds: input.runIds } : {}), ...(input.turn !== undefined ? { turn: input.turn } : {}) };
  const { harnesses } = planHarnessGuesses(workspace, request);
  const title = `Guess-harness control: ${input.judges.length} judge${input.judges.length === 1 ? '' : 's'} asked which of ${harnesses.map(harnessChoiceLabel).join(', ')} made each run`;
  const job = jobs.start('judge', title, async (progress): Promise<JobEnd> => {
    await Promise.resolve();
    const providers = new Map(input.judges.map((judge) => [judge.name, createJudgeProvider(judge, { ...options.provider, apiKeys })]));
    const summary = await guessHarnesses(request, { store: workspace, providerFor: (judge) => providers.get(judge.name)!, jobId: job.id }, progress);
    summaries.keep(jobs, job.id, summary);
    options.onSummary?.(summary);
    return { message: describeGuessSummary(summary, input.judges.length), done: summary.units.total - summary.units.cancelled, total: summary.units.total };
  });
  return { job, sets: [] };
}

/** What a guess-harness job says when it ends: answers stored (cached, failed), cost, and what was left out and why. */
export function describeGuessSummary(summary: JudgeRunsSummary, judges: number): string {
  const { units } = summary;
  const parts = [
    `${summary.runs} runs shown: ${units.ok + units.failed + units.cached} of ${units.total} harness guesses stored (${units.cached} from the cache, ${units.failed} failed)`,
    `${summary.requests} provider requests, ${summary.tokens.input + summary.tokens.output} tokens, ${describeCost(summary, judges, false)}`,
  ];
  if (summary.skipped.length > 0) parts.push(`${summary.skipped.length} runs left out (${describeLeftOut(summary.skipped).join('; ')})`);
  if (units.cancelled > 0) parts.push(`${units.cancelled} guesses not asked because of the cancel; run the same command again to finish (stored answers are reused)`);
  return `${parts.join('; ')}.`;
}

/** What a judging job of this runner did, once it has ended with a summary (a failed job has none). */
export function judgingJobSummary(jobs: JobRunner, jobId: string): JudgeRunsSummary | undefined {
  return summaries.get(jobs, jobId);
}
