import type { ExportSplit } from '../../schemas/export.ts';
import { countExportVotes, pageExportVotes, type ExportVoteRow } from '../store/export-queries.ts';
import { PAGE_ROWS, utcTimestamp, versionList, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { listLiveVoteOutcomes } from '../store/vote-repository.ts';
import { inExportScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

const flag = (split: ExportSplit) => (split === 'synthetic' ? 1 : 0);

export const countPreferenceRows = (ctx: ExportContext, split: ExportSplit): number =>
  ctx.scope
    ? listLiveVoteOutcomes(ctx.db).filter((vote) => vote.synthetic === flag(split) && inExportScope(ctx, vote.run_a, vote.run_b)).length
    : countExportVotes(ctx.db, ctx.projectId, flag(split), ctx.demo);

/** One row per live vote, by id. */
export async function* preferenceRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<SubsetRow<'preferences'>> {
  let after = '';
  for (;;) {
    const page = pageExportVotes(ctx.db, ctx.projectId, flag(split), ctx.demo, after, PAGE_ROWS);
    for (const vote of page) if (inExportScope(ctx, vote.run_a, vote.run_b)) yield preferenceRow(ctx, vote);
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}

function preferenceRow(ctx: ExportContext, vote: ExportVoteRow): SubsetRow<'preferences'> {
  const createdAt = utcTimestamp(vote.created_at, `Vote ${vote.id}`);
  ctx.facts.annotators.add(vote.annotator_id);
  ctx.facts.date('votes', createdAt);
  const side = (runId: string, run: ExportVoteRow['a']) => {
    const versions = versionList(run.versions_json);
    for (const version of versions) if (version.name === 'skill') ctx.facts.skillVersions.add(version.version);
    return { run_id: runId, config_id: run.config_id, harness: run.harness, model: run.model, versions };
  };
  return {
    vote_id: vote.id,
    task_id: vote.task_id,
    task_title: vote.task_title,
    task_kind: vote.task_kind,
    config_a: side(vote.run_a, vote.a),
    config_b: side(vote.run_b, vote.b),
    shown_order: vote.shown_order,
    left_run: vote.left_run,
    right_run: vote.right_run,
    choice: vote.choice,
    winner_run: vote.winner_run,
    rating_left: vote.rating_left,
    rating_right: vote.rating_right,
    reason: vote.reason,
    annotator_id: vote.annotator_id,
    annotator: ctx.annotatorName(vote.annotator_name),
    time_on_item_ms: vote.time_on_item_ms,
    fast_vote_floor_ms: vote.fast_vote_floor_ms,
    fast_vote: vote.is_fast === 1,
    created_at: createdAt,
    turn: vote.turn,
  };
}
