import { createHash, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { findAnnotatorByName } from '../store/annotator-repository.ts';
import { requireCurrentProject } from '../store/project-repository.ts';
import { findRun } from '../store/run-repository.ts';
import { insertPresentation, insertVote, voteExists } from '../store/vote-repository.ts';
import { sidesFor, winnerRunId, type ShownOrder, type VoteChoice } from './assign-sides.ts';
import { createAnnotator } from './annotators.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/**
 * The synthetic annotator of this name (created, synthetic, with this queue seed, when missing).
 * Refuses a real annotator of the same name rather than mixing synthetic votes into their record.
 */
export function ensureSyntheticAnnotator(db: Database, name: string, queueSeed: string, createdAt: string): string {
  const project = requireCurrentProject(db);
  const existing = findAnnotatorByName(db, project.id, name);
  if (existing) {
    if (existing.synthetic !== 1) throw new LhbError('conflict', `An annotator named "${name}" exists and is not synthetic; rename them before loading the synthetic study.`);
    return existing.id;
  }
  return createAnnotator({ db, now: () => new Date(createdAt) }, name, { synthetic: true, queueSeed }).id;
}

export interface SyntheticVote {
  /** Stable id: recording the same vote twice changes nothing. */
  id: string;
  annotatorId: string;
  runA: string;
  runB: string;
  shownOrder: ShownOrder;
  choice: VoteChoice;
  ratingLeft: number;
  ratingRight: number;
  timeOnItemMs: number;
  createdAt: string;
}

/**
 * Records a synthetic vote with the presentation it answers (as if shown and voted at
 * `createdAt`), flagged synthetic so analysis can leave it out. Returns false when a vote with
 * this id exists already.
 */
export function recordSyntheticVote(db: Database, vote: SyntheticVote): boolean {
  if (voteExists(db, vote.id)) return false;
  const runA = findRun(db, vote.runA);
  const runB = findRun(db, vote.runB);
  if (!runA || !runB) throw new LhbError('not_found', `The synthetic vote ${vote.id} names a run that is not in this workspace (${!runA ? vote.runA : vote.runB}).`);
  if (runA.task_id !== runB.task_id) throw new LhbError('bad_request', `The synthetic vote ${vote.id} compares runs of different tasks.`);
  // A synthetic vote on a real run would blend generated preferences into real results.
  if (runA.synthetic !== 1 || runB.synthetic !== 1) {
    throw new LhbError('bad_request', `The synthetic vote ${vote.id} compares a real run (${runA.synthetic !== 1 ? runA.id : runB.id}); synthetic votes may only compare synthetic runs. Nothing was stored.`);
  }
  // Presentations keep the pair in id order; flipping the shown order keeps the sides as given.
  const swap = vote.runA > vote.runB;
  const pair = swap ? { runA: vote.runB, runB: vote.runA } : { runA: vote.runA, runB: vote.runB };
  const shownOrder: ShownOrder = swap ? (vote.shownOrder === 'a-left' ? 'b-left' : 'a-left') : vote.shownOrder;
  const sides = sidesFor(pair, shownOrder);
  const presentationId = `presentation-${createHash('sha256').update(vote.id).digest('hex').slice(0, 32)}`;
  writeTransaction(db, () => {
    insertPresentation(db, {
      id: presentationId,
      token: randomBytes(16).toString('hex'),
      annotator_id: vote.annotatorId,
      task_id: runA.task_id,
      run_a: pair.runA,
      run_b: pair.runB,
      shown_order: shownOrder,
      created_at: vote.createdAt,
    });
    insertVote(db, {
      id: vote.id,
      presentation_id: presentationId,
      annotator_id: vote.annotatorId,
      task_id: runA.task_id,
      run_a: pair.runA,
      run_b: pair.runB,
      shown_order: shownOrder,
      left_run: sides.left,
      right_run: sides.right,
      choice: vote.choice,
      winner_run: winnerRunId(pair, shownOrder, vote.choice),
      rating_left: vote.ratingLeft,
      rating_right: vote.ratingRight,
      reason: '',
      time_on_item_ms: Math.round(vote.timeOnItemMs),
      synthetic: 1,
      created_at: vote.createdAt,
      retracted_at: null,
    });
  })();
  return true;
}
