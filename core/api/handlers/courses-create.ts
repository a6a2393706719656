import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadCourseDetail } from '../../annotate/course-detail.ts';
import { createCourse } from '../../annotate/courses.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function coursesCreate(input: RpcParsedInput<'courses.create'>, ctx: ApiContext): RpcOutput<'courses.create'> {
  return runAnnotate(ctx, (deps) => loadCourseDetail(deps, createCourse(deps, input)));
}
