import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { removeCitation } from '../../annotate/citations.ts';
import { loadCourseDetail } from '../../annotate/course-detail.ts';
import type { ApiContext } from '../api-context.ts';
import { runAnnotate } from './annotate-context.ts';

export function chaptersRemoveCitation(input: RpcParsedInput<'chapters.removeCitation'>, ctx: ApiContext): RpcOutput<'chapters.removeCitation'> {
  return runAnnotate(ctx, (deps) => loadCourseDetail(deps, removeCitation(deps, input)));
}
