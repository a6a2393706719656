import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { addCitation } from '../../annotate/citations.ts';
import { loadCourseDetail } from '../../annotate/course-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersAddCitation(input: RpcParsedInput<'chapters.addCitation'>, ctx: ApiContext): RpcOutput<'chapters.addCitation'> {
  return runAnnotate(ctx, (deps) => loadCourseDetail(deps, addCitation(deps, input).courseId));
}
