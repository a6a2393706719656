import { PairwiseStartInputSchema, type PairwiseStartInput, type PairwiseSummary } from '../../../schemas/pairwise-judging.ts';
import type { JobEnd, JobRunner } from '../../jobs/job-runner.ts';
import { JobResults } from '../../jobs/job-results.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { readApiKey, type ApiKeySource } from '../providers/api-key.ts';
import { createJudgeProvider, type JudgeProviderOptions } from '../providers/create-provider.ts';
import type { ContentFrameSources } from '../judging/content-frames.ts';
import { describeCost } from '../judging/judging-cost.ts';
import { judgePairs } from './judge-pairs.ts';

const summaries = new JobResults<PairwiseSummary>();

export interface PairwiseJobOptions {
  apiKeys?: ApiKeySource;
  provider?: Omit<JudgeProviderOptions, 'apiKeys'>;
  contentSources?: ContentFrameSources;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the job says when it ends: pairs, verdicts stored (cached, failed), requests and cost, pairs left out. */
export function describePairwiseSummary(summary: PairwiseSummary, judges: number): string {
  const { units } = summary;
  const source = summary.pairSource === 'voted' ? 'the pairs people voted on' : 'every pair of configurations per task';
  const parts = [
    `${plural(summary.pairs, 'pair')} (${source}) at the ${summary.tier} tier, each asked twice with the sides swapped: ${units.ok + units.failed + units.cached} of ${units.total} verdicts stored (${units.cached} from earlier, ${units.failed} failed)`,
    `${summary.requests} provider requests, ${summary.tokens.input + summary.tokens.output} tokens, ${describeCost(summary, judges, false)}`,
  ];
  if (summary.pairs === 0 && summary.skipped.length === 0) {
    parts.push(summary.pairSource === 'voted' ? 'people have voted on no pair of these runs (votes on the demo study have no runs to show): ask for every pair of configurations per task instead' : 'no task has runs of two configurations to pair');
  }
  if (summary.skipped.length > 0) parts.push(`${plural(summary.skipped.length, 'pair')} left out (a run lacks what the tier shows)`);
  if (units.cancelled > 0) parts.push(`${units.cancelled} verdicts not asked because of the cancel; run the same judging again to finish (stored verdicts are reused)`);
  return `${parts.join('; ')}.`;
}

/**
 * Checks a pairwise judging request (every judge's key variable is set) and starts it as a job;
 * returns the job at once. A missing key throws before anything is asked.
 */
export function startPairwiseJob(workspace: Pick<Workspace, 'db' | 'blobs' | 'dir'>, jobs: JobRunner, given: PairwiseStartInput, options: PairwiseJobOptions = {}) {
  const input = PairwiseStartInputSchema.parse(given);
  const apiKeys = options.apiKeys ?? process.env;
  for (const judge of input.judges) readApiKey(judge, apiKeys);
  const title = `Judge pairs of runs at the ${input.tier} tier, sides swapped: ${plural(input.judges.length, 'judge')}`;
  const job = jobs.start('judge', title, async (progress): Promise<JobEnd> => {
    await Promise.resolve();
    const providers = new Map(input.judges.map((judge) => [judge.name, createJudgeProvider(judge, { ...options.provider, apiKeys })]));
    const summary = await judgePairs(
      { judges: input.judges, tier: input.tier, ...(input.pairs ? { pairs: input.pairs } : {}), ...(input.taskIds ? { taskIds: input.taskIds } : {}) },
      { store: workspace, providerFor: (judge) => providers.get(judge.name)!, jobId: job.id, ...(options.contentSources ? { contentSources: options.contentSources } : {}) },
      progress,
    );
    summaries.keep(jobs, job.id, summary);
    return { message: describePairwiseSummary(summary, input.judges.length), done: summary.units.total - summary.units.cancelled, total: summary.units.total };
  });
  return { job };
}

/** What a pairwise judging job of this runner did, once it has ended with a summary. */
export function pairwiseJobSummary(jobs: JobRunner, jobId: string): PairwiseSummary | undefined {
  return summaries.get(jobs, jobId);
}
