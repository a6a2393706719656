import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { exportCourse } from '../../annotate/export-course.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function coursesExport(input: RpcParsedInput<'courses.export'>, ctx: ApiContext): RpcOutput<'courses.export'> {
  return runAnnotate(ctx, (deps) => exportCourse(deps, input.courseId));
}
