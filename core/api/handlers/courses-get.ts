import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadCourseDetail } from '../../annotate/course-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function coursesGet(input: RpcParsedInput<'courses.get'>, ctx: ApiContext): RpcOutput<'courses.get'> {
  return runAnnotate(ctx, (deps) => loadCourseDetail(deps, input.courseId));
}
