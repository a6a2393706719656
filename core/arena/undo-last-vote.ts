import type { ArenaProgress } from '../../schemas/arena.ts';
import { findLastLiveVote, reopenPresentation, retractVote } from '../store/vote-repository.ts';
import { requireAnnotator } from './annotators.ts';
import { progressOf } from './annotator-queue.ts';
import { arenaNowIso, type ArenaDeps } from './arena-deps.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** Retracts the annotator's newest vote; its presentation becomes their open pair again. */
export function undoLastVote(deps: ArenaDeps, annotatorId: string): { undone: boolean; progress: ArenaProgress } {
  const annotator = requireAnnotator(deps.db, annotatorId);
  const last = findLastLiveVote(deps.db, annotator.id);
  if (last) {
    writeTransaction(deps.db, () => {
      retractVote(deps.db, last.id, arenaNowIso(deps));
      // The pair comes back as the open one: its presentation is now the newest without a vote.
      reopenPresentation(deps.db, last.presentation_id, arenaNowIso(deps));
    })();
  }
  return { undone: last !== undefined, progress: progressOf(deps.db, annotator) };
}
