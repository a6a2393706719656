import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import { findStudy, findStudyRun, findStudyRunByRunId } from '../../store/study-repository.ts';
import { findSupersededRun } from '../../store/superseded-run-repository.ts';
import type { ApiContext } from '../api-context.ts';
import { fullId } from './full-id.ts';

/**
 * What an id (or the start of one) names: a study, else a study's run (by its own id, its current
 * run's, or an earlier attempt's a retry kept), else nothing. A study wins, as its ids are the ones `lhb runs status` lists.
 */
export function runsIdentify(input: RpcParsedInput<'runs.identify'>, ctx: ApiContext): RpcOutput<'runs.identify'> {
  const db = ctx.workspace.db;
  const studyId = fullId(ctx, ['studies'], input.id);
  if (findStudy(db, studyId)) return { kind: 'study', studyId };
  const runId = fullId(ctx, ['study_runs', 'runs'], input.id);
  const earlier = findSupersededRun(db, runId);
  const run = findStudyRun(db, runId) ?? findStudyRunByRunId(db, runId) ?? (earlier ? findStudyRun(db, earlier.study_run_id) : undefined);
  return run ? { kind: 'run', runId: run.id, studyId: run.study_id } : { kind: 'none' };
}
