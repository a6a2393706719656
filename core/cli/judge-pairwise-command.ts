import { JudgeTierSchema } from '../../schemas/judge.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { PairSourceSchema } from '../../schemas/pairwise-judging.ts';
import { sectionMarkdown } from '../analysis/section-markdown.ts';
import { describePairwiseSummary } from '../judge/pairwise/start-pairwise-job.ts';
import { followJobWithMessages } from './follow-job-with-messages.ts';
import { readJudgesFile } from './read-judges-file.ts';
import { withCliApi } from './open-cli-api.ts';

export interface JudgePairwiseOptions {
  judges?: string;
  tier?: string;
  pairs?: string;
  task?: string[];
  json?: boolean;
  workspace?: string;
}

/** A flag the user must fix (failFlag: exits 2 with the message, nothing asked). */
class PairwiseFlagError extends Error {
  override name = 'PairwiseFlagError';
}

/**
 * `lhb judge --pairwise --judges FILE`: every judge is shown two runs of a task, blind, and picks
 * one or a tie, asked twice with the sides swapped; by default the pairs people voted on, else
 * every pair of configurations per task (`--pairs all` asks for those). Follows the job, prints
 * what it stored, then the report's pairwise section (flip rate per judge, agreement with the
 * humans on the voted pairs, win rates, each with its interval), the same digits as the Analysis
 * screen. Exits 0 when every verdict is stored (failed ones counted), 1 if cancelled or failed, 2 on bad flags.
 */
export async function runJudgePairwise(options: JudgePairwiseOptions, failFlag: (message: string) => never, fail: (error: unknown) => never): Promise<void> {
  let judges;
  let tier;
  let pairs;
  try {
    if (!options.judges) throw new PairwiseFlagError('--judges FILE is required: a JSON array of judges ({"name", "provider", "baseUrl", "model", "apiKeyEnv"}).');
    judges = readJudgesFile(options.judges);
    const parsedTier = JudgeTierSchema.safeParse(options.tier ?? 'output');
    if (!parsedTier.success) throw new PairwiseFlagError(`--tier is process, output or content (not ${options.tier}): what each run of a pair is shown by.`);
    tier = parsedTier.data;
    const parsedPairs = PairSourceSchema.safeParse(options.pairs ?? 'voted');
    if (options.pairs !== undefined && !parsedPairs.success) throw new PairwiseFlagError(`--pairs is voted (the pairs people voted on) or all (every pair of configurations per task), not ${options.pairs}.`);
    pairs = options.pairs === undefined ? undefined : parsedPairs.data;
  } catch (error) {
    if (error instanceof PairwiseFlagError) failFlag(error.message);
    fail(error);
  }
  await withCliApi(options.workspace, async (api) => {
    let jobId: string;
    try {
      ({ jobId } = await api.call('judge.startPairwise', { judges, tier, ...(pairs ? { pairs } : {}), ...(options.task?.length ? { taskIds: options.task } : {}) }));
    } catch (error) {
      if (error instanceof LhbError) {
        process.stderr.write(`lhb judge: ${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      throw error;
    }
    const final = await followJobWithMessages(api.context.jobs, jobId, {
      json: options.json === true,
      cancelNotice: '\nCancelling: verdicts already stored are kept; run the same command again to finish.\n',
    });
    if (!final) throw new Error(`The pairwise judging job ${jobId} is no longer in the workspace's job list, so how it ended is unknown.`);
    const { summary } = await api.call('judge.pairwiseResult', { jobId });
    const report = await api.call('analysis.report', {});
    const section = report.sections.find((entry) => entry.id === 'pairwise');
    if (options.json) {
      process.stdout.write(`${JSON.stringify({ jobId, state: final.state, ...(summary ?? {}), message: final.message, figures: report.pairwise, tables: report.tables.pairwise })}\n`);
    } else {
      process.stdout.write(`${summary ? describePairwiseSummary(summary, judges.length) : final.message}\n`);
      for (const failure of summary?.failures ?? []) process.stdout.write(`  failed: runs ${failure.runA} and ${failure.runB} · ${failure.judge}: ${failure.failure}\n`);
      for (const skipped of summary?.skipped ?? []) process.stdout.write(`  left out: runs ${skipped.runA} and ${skipped.runB}: ${skipped.reason}\n`);
      if (section) process.stdout.write(`\n${sectionMarkdown(section, '##')}\n`);
      else process.stdout.write('\nNo pairwise verdict is counted by the report yet (lhb analyze says which records it counts).\n');
    }
    if (final.state !== 'succeeded' || (summary?.units.cancelled ?? 0) > 0) {
      if (final.state === 'failed') process.stderr.write(`lhb judge: ${final.message}\n`);
      process.exitCode = 1;
    }
  });
}
