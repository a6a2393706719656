import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { listCourseSummaries } from '../../annotate/course-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function coursesList(_input: RpcParsedInput<'courses.list'>, ctx: ApiContext): RpcOutput<'courses.list'> {
  return runAnnotate(ctx, (deps) => ({ courses: listCourseSummaries(deps) }));
}
