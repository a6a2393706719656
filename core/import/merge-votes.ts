import { randomBytes } from 'node:crypto';
import { DEFAULT_FAST_VOTE_FLOOR_MS } from '../../schemas/arena.ts';
import { findAnnotator, findAnnotatorByName, insertAnnotator } from '../store/annotator-repository.ts';
import { sidesFor, winnerRunId, type ShownOrder } from '../arena/assign-sides.ts';
import { findRun } from '../store/run-repository.ts';
import { findVote, insertPresentation, insertVote, type VoteRow } from '../store/vote-repository.ts';
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
 * Every row is checked, whether or not its id is here: its sides and winner must be the ones its
 * pair, shown order and choice give (they move Elo and winner quality). A vote whose id is here
 * with other content, or that the file holds twice, is kept as it is and reported as a conflict.
 */
export function mergeVotes(ctx: MergeContext, rows: readonly Located<PreferenceRowIn>[]): void {
  const ordered = [...rows].sort((x, y) => (x.row.created_at < y.row.created_at ? -1 : x.row.created_at > y.row.created_at ? 1 : x.row.vote_id < y.row.vote_id ? -1 : 1));
  const byName = new Set<string>();
  const inFile = new Map<string, { where: string; content: string }>();
  for (const { row, split, where } of ordered) {
    atRow(where, () => {
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
      refuseInconsistentSides(row, where);
      refuseInconsistentFastFlag(row, where);
      const content = voteContent(ctx, row);
      const earlier = inFile.get(row.vote_id);
      if (earlier) return reportVoteConflict(ctx, row.vote_id, `${where} repeats the id of ${earlier.where} with ${earlier.content === content ? 'the same' : 'other'} content; the first is kept`, earlier.content, content);
      inFile.set(row.vote_id, { where, content });
      const stored = findVote(ctx.db, row.vote_id);
      if (stored) {
        const local = storedVoteContent(stored);
        if (local === content) return ctx.count('preferences', 'unchanged');
        return reportVoteConflict(ctx, row.vote_id, `${where}: this workspace holds vote ${row.vote_id} with other content; it was kept as it is`, local, content);
      }
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
        // Exports before format 6 showed runs as they ended.
        turn: row.turn ?? null,
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
        fast_vote_floor_ms: fastVoteFloorOf(row, synthetic),
        synthetic,
        created_at: row.created_at,
        retracted_at: null,
        turn: row.turn ?? null,
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

/**
 * The floor a vote was judged by. A folder of format 6 or later says (null: none applied); an
 * older one did not record it, so its real votes are judged by the default floor, as migration 021
 * judged the votes already stored, and its generated ones by none.
 */
function fastVoteFloorOf(row: PreferenceRowIn, synthetic: 0 | 1): number | null {
  if (row.fast_vote_floor_ms !== undefined) return row.fast_vote_floor_ms;
  return synthetic === 1 ? null : DEFAULT_FAST_VOTE_FLOOR_MS;
}

/** Refuses a row whose fast_vote says otherwise than its time and floor give: the flag decides whether an analysis counts the vote. */
function refuseInconsistentFastFlag(row: PreferenceRowIn, where: string): void {
  if (row.fast_vote === undefined) return;
  const floor = row.fast_vote_floor_ms ?? null;
  const fast = floor !== null && row.time_on_item_ms < floor;
  if (row.fast_vote !== fast) {
    throw new ImportRefusedError(
      `${where}: field fast_vote is ${row.fast_vote}, but a vote of time_on_item_ms ${row.time_on_item_ms} judged by fast_vote_floor_ms ${floor ?? 'null'} is ${fast ? '' : 'not '}fast. ` +
        'The row contradicts itself, so an analysis leaving fast votes out would count it wrongly; fix or remove it and import again.',
    );
  }
}

/** Refuses a row whose left_run, right_run or winner_run are not what its pair, shown order and choice give. */
function refuseInconsistentSides(row: PreferenceRowIn, where: string): void {
  const pair = { runA: row.config_a.run_id, runB: row.config_b.run_id };
  const shown = row.shown_order as ShownOrder;
  const sides = sidesFor(pair, shown);
  const winner = winnerRunId(pair, shown, row.choice as VoteRow['choice']);
  const wrong = (field: string, given: string | null, expected: string | null) =>
    new ImportRefusedError(
      `${where}: field ${field} is ${given ?? 'null'}, but a vote on config_a ${pair.runA} and config_b ${pair.runB} shown ${shown} with choice "${row.choice}" has ${expected ?? 'null'} there. ` +
        `The row contradicts itself, so it would move the leaderboard wrongly; fix or remove it and import again.`,
    );
  if (row.left_run !== sides.left) throw wrong('left_run', row.left_run, sides.left);
  if (row.right_run !== sides.right) throw wrong('right_run', row.right_run, sides.right);
  if (row.winner_run !== winner) throw wrong('winner_run', row.winner_run, winner);
}

/** What a vote says, in this workspace's run ids and as one JSON text, so two versions compare as strings. */
function voteContent(ctx: MergeContext, row: PreferenceRowIn): string {
  // The annotator is left out: one matched by name has another id here and is the same person.
  return JSON.stringify({
    left_run: ctx.run(row.left_run),
    right_run: ctx.run(row.right_run),
    choice: row.choice,
    winner_run: row.winner_run === null ? null : ctx.run(row.winner_run),
    rating_left: row.rating_left,
    rating_right: row.rating_right,
    reason: row.reason,
    time_on_item_ms: row.time_on_item_ms,
    created_at: row.created_at,
    turn: row.turn ?? null,
  });
}

function storedVoteContent(vote: VoteRow): string {
  const { left_run, right_run, choice, winner_run, rating_left, rating_right, reason, time_on_item_ms, created_at, turn } = vote;
  return JSON.stringify({ left_run, right_run, choice, winner_run, rating_left, rating_right, reason, time_on_item_ms, created_at, turn });
}

function reportVoteConflict(ctx: MergeContext, voteId: string, detail: string, local: string, incoming: string): void {
  ctx.conflicts.push({ kind: 'vote', id: voteId, title: `vote ${voteId}`, detail, local, incoming, keptAs: null, alreadyKept: false });
  ctx.count('preferences', 'conflicts');
}
