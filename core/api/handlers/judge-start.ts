import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { startJudgingJob } from '../../judge/judging/start-judging-job.ts';
import { startPairwiseJob } from '../../judge/pairwise/start-pairwise-job.ts';
import { MissingApiKeyError } from '../../judge/providers/api-key.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import type { ApiContext } from '../api-context.ts';
import { callerInServerProcess } from '../caller.ts';

/** Starts judging runs as a job: every run with what the tier needs × judges × rubric sets; stored replies are reused. */
export function judgeStart(input: RpcParsedInput<'judge.start'>, ctx: ApiContext): RpcOutput<'judge.start'> {
  try {
    const { job, sets } = startJudgingJob(ctx.workspace, ctx.jobs, input);
    return { jobId: job.id, rubricSets: sets.map((set) => `${set.name}@${set.version}`) };
  } catch (error) {
    refused(error);
  }
}

/** Starts pairwise judging as a job: pairs of runs of a task, each asked twice with the sides swapped; stored verdicts are reused. */
export function judgeStartPairwise(input: RpcParsedInput<'judge.startPairwise'>, ctx: ApiContext): RpcOutput<'judge.startPairwise'> {
  try {
    return { jobId: startPairwiseJob(ctx.workspace, ctx.jobs, input).job.id };
  } catch (error) {
    refused(error);
  }
}

/**
 * The checks before a job (rubric sets, keys) throw LhbErrors with their code; each says nothing
 * was judged. The CLI's own environment is the server's: the key's own words say what to set.
 */
function refused(error: unknown): never {
  if (error instanceof MissingApiKeyError && !callerInServerProcess()) throw new LhbError(error.code, serverLacksKeyMessage(error), { field: error.field });
  if (error instanceof LhbError) throw new LhbError(error.code, `${error.message} Nothing was judged.`, { field: error.field });
  throw error;
}

/**
 * Setting the variable in another shell does not reach a server already running: it read its
 * environment when it started, so the way on is to start it again with the variable set.
 */
function serverLacksKeyMessage(error: MissingApiKeyError): string {
  const v = error.variable;
  return (
    `The app's server has no ${v} in its environment, so judge "${error.judge}" has no API key to send; the server reads keys from its environment once, when it starts. ` +
    `Stop the server and start it again with ${v} set: ${v}=… lhb serve, or ${v}=… npm start (the desktop app: quit it and start it from a shell where ${v} is exported). Keys are never stored. Nothing was judged.`
  );
}
