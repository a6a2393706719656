import type { Database } from 'better-sqlite3';
import type { DemoFlag } from './export-queries.ts';
import { prepared } from './statement-cache.ts';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';

/** A `harness_guesses` row (migration 037): one judge's answer to "which harness made this run?". */
export interface HarnessGuessRow {
  id: string;
  run_id: string;
  judge: string;
  judge_model: string;
  tier: 'process';
  turn: number | null;
  input_hash: string;
  /** The harness ids offered, in the order the prompt listed them (JSON array). */
  choices_json: string;
  status: 'ok' | 'failed';
  /** A harness id of the choices, or 'cannot tell'; null when the asking failed. */
  guess: string | null;
  reason: string;
  failure: string | null;
  raw_reply: string | null;
  attempts: number;
  tokens_input: number;
  tokens_output: number;
  cost_usd: number | null;
  job_id: string | null;
  created_at: string;
}

/** Stores one asking; earlier ones of the same run and judge are kept (each was paid for). */
export function insertHarnessGuess(db: Database, row: HarnessGuessRow): void {
  prepared(
    db,
    `INSERT INTO harness_guesses (id, run_id, judge, judge_model, tier, turn, input_hash, choices_json, status, guess, reason, failure, raw_reply,
       attempts, tokens_input, tokens_output, cost_usd, job_id, created_at)
     VALUES (@id, @run_id, @judge, @judge_model, @tier, @turn, @input_hash, @choices_json, @status, @guess, @reason, @failure, @raw_reply,
       @attempts, @tokens_input, @tokens_output, @cost_usd, @job_id, @created_at)`,
  ).run(row);
}

/**
 * The newest stored answer a judge model gave to exactly this input about this run, when asking
 * again would ask the same thing: an ok guess, or a reply that could not be used (the judge
 * answered). A request that never got an answer is not reused.
 */
export function findReusableGuess(db: Database, key: Pick<HarnessGuessRow, 'run_id' | 'judge_model' | 'input_hash'>): HarnessGuessRow | undefined {
  return prepared(
    db,
    `SELECT * FROM harness_guesses WHERE run_id = @run_id AND judge_model = @judge_model AND input_hash = @input_hash
      AND (status = 'ok' OR raw_reply IS NOT NULL) ORDER BY created_at DESC, id DESC LIMIT 1`,
  ).get(key) as HarnessGuessRow | undefined;
}

/** Whether this judge name already has an answer stored for this input about this run. */
export function hasGuessOfJudge(db: Database, key: Pick<HarnessGuessRow, 'run_id' | 'judge' | 'input_hash'>): boolean {
  return prepared(db, `SELECT 1 FROM harness_guesses WHERE run_id = @run_id AND judge = @judge AND input_hash = @input_hash AND (status = 'ok' OR raw_reply IS NOT NULL) LIMIT 1`).get(key) !== undefined;
}

/** A judge's guess as the report reads it: the run's harness beside it. */
export interface ScoredHarnessGuess {
  run_id: string;
  judge: string;
  /** The run's harness (the right answer). */
  harness: string;
  guess: string;
  choices_json: string;
}

/**
 * Each current run's newest ok guess per judge, of the project's runs, with the run's harness.
 * Two stamped in the same millisecond are told apart by id, which an import keeps (it stores rows
 * in id order, so their rowids are not the order they were asked in).
 */
export function listLatestHarnessGuesses(db: Database, projectId: string): ScoredHarnessGuess[] {
  return prepared(
    db,
    `SELECT g.run_id, g.judge, r.harness, g.guess, g.choices_json FROM harness_guesses g JOIN runs r ON r.id = g.run_id JOIN tasks t ON t.id = r.task_id
      WHERE t.project_id = ? AND g.status = 'ok' AND ${CURRENT_ATTEMPT('r.id')}
        AND g.id = (SELECT h.id FROM harness_guesses h WHERE h.run_id = g.run_id AND h.judge = g.judge AND h.status = 'ok' ORDER BY h.created_at DESC, h.id DESC LIMIT 1)
      ORDER BY g.judge, g.run_id`,
  ).all(projectId) as ScoredHarnessGuess[];
}

/** The asking stored under this id, if any (an import merges by id). */
export function findHarnessGuess(db: Database, id: string): HarnessGuessRow | undefined {
  return prepared(db, 'SELECT * FROM harness_guesses WHERE id = ?').get(id) as HarnessGuessRow | undefined;
}

/** An asking as an export writes it: with its run's task and harness (the right answer). */
export type ExportHarnessGuessRow = HarnessGuessRow & { task_id: string; harness: string };

/** The askings an export writes: about current attempts of the project's runs, ok and failed, by id; with `demo` 0, none about a demo or synthetic run. */
const EXPORTED = `FROM harness_guesses g JOIN runs r ON r.id = g.run_id JOIN tasks t ON t.id = r.task_id
  WHERE t.project_id = @project AND ${CURRENT_ATTEMPT('r.id')} AND (@demo OR (r.demo = 0 AND r.synthetic = 0))`;

export function countExportHarnessGuesses(db: Database, projectId: string, demo: DemoFlag): number {
  return (prepared(db, `SELECT count(*) AS n ${EXPORTED}`).get({ project: projectId, demo }) as { n: number }).n;
}

export function pageExportHarnessGuesses(db: Database, projectId: string, demo: DemoFlag, afterId: string, limit: number): ExportHarnessGuessRow[] {
  return prepared(db, `SELECT g.*, r.task_id, r.harness ${EXPORTED} AND g.id > @after ORDER BY g.id LIMIT @limit`).all({ project: projectId, demo, after: afterId, limit }) as ExportHarnessGuessRow[];
}
