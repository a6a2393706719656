import { randomBytes } from 'node:crypto';
import { findAnnotator, findAnnotatorByName, insertAnnotator } from '../store/annotator-repository.ts';
import { voteExists } from '../store/import-repository.ts';
import { findRun } from '../store/run-repository.ts';
import { insertPresentation, insertVote, type VoteRow } from '../store/vote-repository.ts';
import type { Located, PreferenceRowIn } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';
import { ensureTask } from './merge-runs.ts';

const CHOICES = new Set(['left', 'right', 'tie', 'both-bad']);

/**
 * Pairwise votes, merged by id: a vote the workspace has (live or undone) is left as it is; a new
 * one is stored with the order it was shown in, as a presentation of its own that its vote
 * closes (so the arena never shows that pair to that annotator again). Annotators are matched by
 * id, then by name (two machines that each added "Alice" have one Alice); runs by id or digest.
 * Votes go in oldest first, so the store's order (time, then insertion) is the original one.
 */
export function mergeVotes(ctx: MergeContext, rows: readonly Located<PreferenceRowIn>[]): void {
  const ordered = [...rows].sort((x, y) => (x.row.created_at < y.row.created_at ? -1 : x.row.created_at > y.row.created_at ? 1 : x.row.vote_id < y.row.vote_id ? -1 : 1));
  const byName = new Set<string>();
  for (const { row, split, where } of ordered) {
    atRow(where, () => {
      if (voteExists(ctx.db, row.vote_id)) return ctx.count('preferences', 'unchanged');
      const synthetic = split === 'synthetic' ? 1 : 0;
      if (!CHOICES.has(row.choice)) throw new ImportRefusedError(`${where}: field choice is "${row.choice}", not left, right, tie or both-bad.`);
      if (row.shown_order !== 'a-left' && row.shown_order !== 'b-left') throw new ImportRefusedError(`${where}: field shown_order is "${row.shown_order}", not a-left or b-left.`);
      const run = (field: string, id: string) => {
        const local = ctx.run(id);
        if (!findRun(ctx.db, local)) throw new ImportRefusedError(`${where}: field ${field} names run ${id}, which is neither in the export's runs subset nor in this workspace. Export the runs subset too.`);
        return local;
      };
      let runA = run('config_a.run_id', row.config_a.run_id);
      let runB = run('config_b.run_id', row.config_b.run_id);
      let shownOrder = row.shown_order as VoteRow['shown_order'];
      // Runs mapped by digest can sort the other way here: A is always the run whose id sorts first.
      if (runA > runB) {
        [runA, runB] = [runB, runA];
        shownOrder = shownOrder === 'a-left' ? 'b-left' : 'a-left';
      }
      ensureTask(ctx, { id: row.task_id, title: row.task_title, kind: row.task_kind }, synthetic, row.created_at, where);
      const annotatorId = ensureAnnotator(ctx, row, synthetic, byName);
      const presentationId = `imported~${row.vote_id}`;
      insertPresentation(ctx.db, {
        id: presentationId,
        token: randomBytes(16).toString('hex'),
        annotator_id: annotatorId,
        task_id: row.task_id,
        run_a: runA,
        run_b: runB,
        shown_order: shownOrder,
        created_at: row.created_at,
      });
      insertVote(ctx.db, {
        id: row.vote_id,
        presentation_id: presentationId,
        annotator_id: annotatorId,
        task_id: row.task_id,
        run_a: runA,
        run_b: runB,
        shown_order: shownOrder,
        left_run: run('left_run', row.left_run),
        right_run: run('right_run', row.right_run),
        choice: row.choice as VoteRow['choice'],
        winner_run: row.winner_run === null ? null : run('winner_run', row.winner_run),
        rating_left: row.rating_left,
        rating_right: row.rating_right,
        reason: row.reason,
        time_on_item_ms: row.time_on_item_ms,
        synthetic,
        created_at: row.created_at,
        retracted_at: null,
      });
      ctx.count('preferences', 'added');
    });
  }
  if (byName.size > 0) {
    ctx.notes.push(`Votes of ${[...byName].map((name) => `"${name}"`).join(', ')} were joined to this workspace's annotator of the same name (another id on the machine that exported them).`);
  }
}

function ensureAnnotator(ctx: MergeContext, row: PreferenceRowIn, synthetic: 0 | 1, byName: Set<string>): string {
  if (findAnnotator(ctx.db, row.annotator_id)) return row.annotator_id;
  const named = findAnnotatorByName(ctx.db, ctx.projectId, row.annotator);
  if (named) {
    byName.add(row.annotator);
    return named.id;
  }
  insertAnnotator(ctx.db, { id: row.annotator_id, project_id: ctx.projectId, name: row.annotator, queue_seed: randomBytes(16).toString('hex'), synthetic, created_at: row.created_at });
  return row.annotator_id;
}
