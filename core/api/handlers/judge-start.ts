import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { RubricChoiceError } from '../../judge/judging/choose-rubric-sets.ts';
import { startJudgingJob } from '../../judge/judging/start-judging-job.ts';
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
    if (error instanceof ProviderError) throw new RpcError('bad_request', `${error.message} Nothing was judged.`);
    if (error instanceof RangeError) throw new RpcError('bad_request', error.message);
    throw error;
  }
}
