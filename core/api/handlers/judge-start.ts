import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { RubricChoiceError } from '../../judge/judging/choose-rubric-sets.ts';
import { startJudgingJob } from '../../judge/judging/start-judging-job.ts';
import { MissingApiKeyError } from '../../judge/providers/api-key.ts';
import { ProviderError } from '../../judge/providers/judge-provider.ts';
import { RubricLibraryError } from '../../judge/rubrics/rubric-library-error.ts';
import type { ApiContext } from '../api-context.ts';
import { RpcError } from '../rpc-error.ts';

/** Starts judging runs as a job: every run with what the tier needs × judges × rubric sets; stored replies are reused. */
export function judgeStart(input: RpcParsedInput<'judge.start'>, ctx: ApiContext): RpcOutput<'judge.start'> {
  try {
    const { job, sets } = startJudgingJob(ctx.workspace, ctx.jobs, input);
    return { jobId: job.id, rubricSets: sets.map((set) => `${set.name}@${set.version}`) };
  } catch (error) {
    if (error instanceof RubricLibraryError) throw new RpcError(error.code, `${error.message} Nothing was judged.`);
    if (error instanceof RubricChoiceError) throw new RpcError('bad_request', `${error.message} Nothing was judged.`);
    if (error instanceof MissingApiKeyError) throw new RpcError('bad_request', serverLacksKeyMessage(error));
    if (error instanceof ProviderError) throw new RpcError('bad_request', `${error.message} Nothing was judged.`);
    if (error instanceof RangeError) throw new RpcError('bad_request', error.message);
    throw error;
  }
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
