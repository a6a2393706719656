import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { canonicalHarnessName } from '../../runs/harnesses/harness-registry.ts';
import { listRunRows } from '../../runs/run-views.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import { findStudy } from '../../store/study-repository.ts';
import type { StoreRunsFilter } from '../../store/run-filter-query.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';

/**
 * The Runs table and `lhb runs list`: the runs the filter keeps, as the store filters and sorts
 * them. A study is named by its id or the start of one; a configuration by its harness (any alias)
 * and, after a `/`, its model.
 */
export function runsList(input: RpcParsedInput<'runs.list'>, ctx: ApiContext): RpcOutput<'runs.list'> {
  const { configuration, studyId, ...rest } = input;
  const filter: StoreRunsFilter = { ...rest };
  if (studyId !== undefined) {
    filter.studyId = fullId(ctx, ['studies'], studyId);
    if (!findStudy(ctx.workspace.db, filter.studyId)) throw new LhbError('not_found', `No study ${studyId} in this workspace. \`lhb runs status\` lists the studies.`, { field: 'studyId' });
  }
  if (configuration !== undefined) {
    const slash = configuration.indexOf('/');
    filter.harness = canonicalHarnessName(slash === -1 ? configuration : configuration.slice(0, slash));
    if (slash !== -1) filter.model = configuration.slice(slash + 1);
  }
  return listRunRows(ctx.workspace.db, filter);
}
