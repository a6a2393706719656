import { randomUUID } from 'node:crypto';
import type { ArenaProgress, VoteChoice } from '../../schemas/arena.ts';
import { findPresentationByToken, hasLiveVote, insertVote } from '../store/vote-repository.ts';
import { requireAnnotator } from './annotators.ts';
import { progressOf } from './annotator-queue.ts';
import { arenaNowIso, type ArenaDeps } from './arena-deps.ts';
import { fastVoteFloorMs } from './fast-vote-floor.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { sidesFor, winnerRunId, type ShownOrder } from './assign-sides.ts';
import { writeTransaction } from '../store/write-transaction.ts';

export interface VoteInput {
  token: string;
  choice: VoteChoice;
  ratingLeft: number;
  ratingRight: number;
  reason: string;
  timeOnItemMs: number;
  synthetic?: boolean;
}

/**
 * Records a vote on a shown pair, with the order it was shown in, the run it preferred, and the
 * fast-vote floor in force (a vote quicker than it is flagged, not refused). The time is the page's
 * own measure, from the pair arriving on screen to the vote being sent: it flags haste, and a
 * page that lies about it could as well vote slowly at random.
 */
export function castVote(deps: ArenaDeps, input: VoteInput): { voteId: string; progress: ArenaProgress } {
  const presentation = findPresentationByToken(deps.db, input.token);
  if (!presentation) throw new LhbError('not_found', 'This pair is no longer open (unknown token); load the next pair and vote again.');
  const annotator = requireAnnotator(deps.db, presentation.annotator_id);
  const voteId = randomUUID();
  writeTransaction(deps.db, () => {
    if (hasLiveVote(deps.db, presentation.id)) {
      throw new LhbError('conflict', 'This pair already has your vote (perhaps from another window); load the next pair, or undo the last vote to change it.');
    }
    const pair = { runA: presentation.run_a, runB: presentation.run_b };
    const sides = sidesFor(pair, presentation.shown_order as ShownOrder);
    insertVote(deps.db, {
      id: voteId,
      presentation_id: presentation.id,
      annotator_id: presentation.annotator_id,
      task_id: presentation.task_id,
      run_a: presentation.run_a,
      run_b: presentation.run_b,
      shown_order: presentation.shown_order,
      left_run: sides.left,
      right_run: sides.right,
      choice: input.choice,
      winner_run: winnerRunId(pair, presentation.shown_order, input.choice),
      rating_left: input.ratingLeft,
      rating_right: input.ratingRight,
      reason: input.reason.trim(),
      time_on_item_ms: Math.round(input.timeOnItemMs),
      synthetic: input.synthetic ? 1 : 0,
      fast_vote_floor_ms: input.synthetic ? null : fastVoteFloorMs(deps.db),
      created_at: arenaNowIso(deps),
      retracted_at: null,
      turn: presentation.turn,
    });
  })();
  return { voteId, progress: progressOf(deps.db, annotator) };
}
