import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { loadCourseDetail } from '../../annotate/course-detail.ts';
import { updateCourse } from '../../annotate/courses.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function coursesUpdate(input: RpcParsedInput<'courses.update'>, ctx: ApiContext): RpcOutput<'courses.update'> {
  return runAnnotate(ctx, (deps) => {
    updateCourse(deps, input);
    return loadCourseDetail(deps, input.courseId);
  });
}
