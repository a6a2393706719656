import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { compareRubricSets } from '../../judge/judging/compare-rubric-sets.ts';
import { openRubricLibrary } from '../../judge/rubrics/rubric-library.ts';
import type { ApiContext } from '../api-context.ts';

/** Inter-judge κ per rubric set version at a tier, on the runs every set was judged on. */
export function judgeCompare(input: RpcParsedInput<'judge.compare'>, ctx: ApiContext): RpcOutput<'judge.compare'> {
  const library = openRubricLibrary(ctx.workspace.db);
  return compareRubricSets(ctx.workspace.db, input.tier, {
    includeSynthetic: input.includeSynthetic,
    authoredBy: (set) => library.get(set.rubricSet, set.version, set.scale)?.set.authoredBy ?? null,
  });
}
