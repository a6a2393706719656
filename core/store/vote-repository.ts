import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** An `arena_presentations` row: a pair as one annotator was shown it, sides fixed. */
export interface PresentationRow {
  id: string;
  token: string;
  annotator_id: string;
  task_id: string;
  run_a: string;
  run_b: string;
  shown_order: 'a-left' | 'b-left';
  created_at: string;
  /** The turn of both runs shown (migration 023); null shows each run as it ended. */
  turn: number | null;
}

/** A `votes` row. `retracted_at` is set by undo; such rows count nowhere. */
export interface VoteRow {
  id: string;
  presentation_id: string;
  annotator_id: string;
  task_id: string;
  run_a: string;
  run_b: string;
  shown_order: 'a-left' | 'b-left';
  left_run: string;
  right_run: string;
  choice: 'left' | 'right' | 'tie' | 'both-bad';
  winner_run: string | null;
  rating_left: number;
  rating_right: number;
  reason: string;
  time_on_item_ms: number;
  synthetic: 0 | 1;
  created_at: string;
  retracted_at: string | null;
  /** The turn of both runs the pair showed (the presentation's); null: each run as it ended. */
  turn: number | null;
  /**
   * 1 when the annotator already had a live vote on this pair as it was cast (a repeat, which
   * analysis counts only when asked). Worked out by `insertVote` from the votes stored, so what
   * an insert passes here is ignored; present on every row read.
   */
  is_repeat?: 0 | 1;
  /**
   * The fast-vote floor the vote was judged by (migration 021); null or absent: none applies (a
   * generated demo vote). `is_fast` follows from it and the time, in SQL; what an insert passes
   * there is ignored.
   */
  fast_vote_floor_ms?: number | null;
  is_fast?: 0 | 1;
}

/** A presentation to insert: without a turn it shows each run as it ended. */
export function insertPresentation(db: Database, row: WithOptionalTurn<PresentationRow>): void {
  prepared(db, 
    `INSERT INTO arena_presentations (id, token, annotator_id, task_id, run_a, run_b, shown_order, created_at, turn)
     VALUES (@id, @token, @annotator_id, @task_id, @run_a, @run_b, @shown_order, @created_at, @turn)`,
  ).run({ turn: null, ...row });
}

export function findPresentationByToken(db: Database, token: string): PresentationRow | undefined {
  return prepared(db, 'SELECT * FROM arena_presentations WHERE token = ?').get(token) as PresentationRow | undefined;
}

/** The annotator's newest presentation that has no live vote: the pair they are looking at. */
export function findOpenPresentation(db: Database, annotatorId: string): PresentationRow | undefined {
  return prepared(db, 
      `SELECT p.* FROM arena_presentations p
       WHERE p.annotator_id = ? AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.presentation_id = p.id AND v.retracted_at IS NULL)
       ORDER BY p.created_at DESC, p.rowid DESC LIMIT 1`,
    )
    .get(annotatorId) as PresentationRow | undefined;
}

export function insertVote(db: Database, row: WithOptionalTurn<VoteRow>): void {
  prepared(db, 
    `INSERT INTO votes (id, presentation_id, annotator_id, task_id, run_a, run_b, shown_order, left_run, right_run, choice, winner_run,
                        rating_left, rating_right, reason, time_on_item_ms, synthetic, created_at, retracted_at, fast_vote_floor_ms, turn, is_repeat)
     VALUES (@id, @presentation_id, @annotator_id, @task_id, @run_a, @run_b, @shown_order, @left_run, @right_run, @choice, @winner_run,
             @rating_left, @rating_right, @reason, @time_on_item_ms, @synthetic, @created_at, @retracted_at, @fast_vote_floor_ms, @turn,
             EXISTS (SELECT 1 FROM votes WHERE annotator_id = @annotator_id AND run_a = @run_a AND run_b = @run_b AND retracted_at IS NULL))`,
  ).run({ turn: null, ...withoutDerivedMarks(row) });
}

type WithOptionalTurn<Row extends { turn: number | null }> = Omit<Row, 'turn'> & { turn?: number | null };

const withoutDerivedMarks = (row: WithOptionalTurn<VoteRow>): Omit<WithOptionalTurn<VoteRow>, 'is_repeat' | 'is_fast'> & { fast_vote_floor_ms: number | null } => {
  const { is_repeat: _repeat, is_fast: _fast, ...rest } = row;
  return { ...rest, fast_vote_floor_ms: row.fast_vote_floor_ms ?? null };
};

export function hasLiveVote(db: Database, presentationId: string): boolean {
  return prepared(db, 'SELECT 1 FROM votes WHERE presentation_id = ? AND retracted_at IS NULL').get(presentationId) !== undefined;
}

/** Live votes, newest first; one annotator's when given. */
export function listLiveVotes(db: Database, annotatorId?: string): VoteRow[] {
  const where = annotatorId === undefined ? '' : 'AND annotator_id = ?';
  return prepared(db, `SELECT * FROM votes WHERE retracted_at IS NULL ${where} ORDER BY created_at DESC, rowid DESC`)
    .all(...(annotatorId === undefined ? [] : [annotatorId])) as VoteRow[];
}

/** What the analysis reads of a vote: its runs, choice and ratings, not its reason or timings. */
export type VoteOutcomeRow = Pick<VoteRow, 'id' | 'annotator_id' | 'task_id' | 'run_a' | 'run_b' | 'choice' | 'winner_run' | 'left_run' | 'right_run' | 'rating_left' | 'rating_right' | 'synthetic' | 'is_fast'>;

/**
 * Every live vote, newest first, with only the columns the analysis reads. Votes cast in the same
 * millisecond go by id, not by the order they were stored in, which an import does not keep: the
 * analysis reads the same order from a workspace and from an import of its export.
 */
export function listLiveVoteOutcomes(db: Database): VoteOutcomeRow[] {
  return prepared(
    db,
    `SELECT id, annotator_id, task_id, run_a, run_b, choice, winner_run, left_run, right_run, rating_left, rating_right, synthetic, is_fast
     FROM votes WHERE retracted_at IS NULL ORDER BY created_at DESC, id DESC`,
  ).all() as VoteOutcomeRow[];
}

export function findLastLiveVote(db: Database, annotatorId: string): VoteRow | undefined {
  return prepared(db, 'SELECT * FROM votes WHERE annotator_id = ? AND retracted_at IS NULL ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(annotatorId) as VoteRow | undefined;
}

export function retractVote(db: Database, voteId: string, at: string): void {
  prepared(db, 'UPDATE votes SET retracted_at = ? WHERE id = ? AND retracted_at IS NULL').run(at, voteId);
}

/**
 * Makes a presentation the annotator's newest again (its vote was just retracted), so the pair
 * comes back as their open one, with the sides it was shown with.
 */
export function reopenPresentation(db: Database, presentationId: string, at: string): void {
  prepared(db, 'UPDATE arena_presentations SET created_at = ? WHERE id = ?').run(at, presentationId);
}

/** Whether a vote with this id exists (live or retracted). */
export function findVote(db: Database, voteId: string): VoteRow | undefined {
  return prepared(db, 'SELECT * FROM votes WHERE id = ?').get(voteId) as VoteRow | undefined;
}

export function voteExists(db: Database, voteId: string): boolean {
  return prepared(db, 'SELECT 1 FROM votes WHERE id = ?').get(voteId) !== undefined;
}

/** The pairs (run ids) an annotator has a live vote on. */
export function votedPairs(db: Database, annotatorId: string): { run_a: string; run_b: string }[] {
  return prepared(db, 'SELECT run_a, run_b FROM votes WHERE annotator_id = ? AND retracted_at IS NULL').all(annotatorId) as { run_a: string; run_b: string }[];
}

export function countLiveVotesByAnnotator(db: Database): Map<string, number> {
  const rows = prepared(db, 'SELECT annotator_id, count(*) AS n FROM votes WHERE retracted_at IS NULL GROUP BY annotator_id').all() as { annotator_id: string; n: number }[];
  return new Map(rows.map((row) => [row.annotator_id, row.n]));
}

/** The live votes whose first run (run_a) is this one and that give a reason, for the search index. */
export function listRunVoteReasons(db: Database, runA: string): Pick<VoteRow, 'id' | 'reason'>[] {
  return prepared(db, "SELECT id, reason FROM votes WHERE run_a = ? AND retracted_at IS NULL AND reason <> '' ORDER BY created_at, id").all(runA) as Pick<VoteRow, 'id' | 'reason'>[];
}
