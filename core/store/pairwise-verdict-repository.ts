import type { Database } from 'better-sqlite3';
import type { JudgeTier } from '../../schemas/judge.ts';
import type { DemoFlag } from './export-queries.ts';
import { prepared } from './statement-cache.ts';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';
import { writeTransaction } from './write-transaction.ts';

/** A side of a pair in run id order: `a` is the run whose id sorts first. */
export type PairPick = 'a' | 'b' | 'tie';

/** A `pairwise_verdicts` row (migration 032): one judge's verdict on two runs of a task, asked twice with the sides swapped. */
export interface PairwiseVerdictRow {
  id: string;
  task_id: string;
  run_a: string;
  run_b: string;
  judge: string;
  judge_model: string;
  tier: JudgeTier;
  /** SHA-256 over both prompts: a verdict is reused only for exactly what the judge would be shown again. */
  input_hash: string;
  status: 'ok' | 'failed';
  /** The pick with run_a shown first, and with run_b shown first, both in run_a/run_b terms. */
  first_pick: PairPick | null;
  second_pick: PairPick | null;
  /** The pick both askings agree on; a tie when they do not. */
  verdict: PairPick | null;
  /** 1 when the two askings picked different runs: the position decided. */
  flipped: 0 | 1;
  /** The judge's reasons, one per asking, as JSON. */
  reasons_json: string;
  failure: string | null;
  /** Both replies as they came (JSON array; null for one that never came). */
  raw_replies: string | null;
  attempts: number;
  tokens_input: number;
  tokens_output: number;
  cost_usd: number | null;
  job_id: string | null;
  created_at: string;
}

export type PairwiseVerdictKey = Pick<PairwiseVerdictRow, 'run_a' | 'run_b' | 'judge' | 'tier'>;

/** The stored verdict of this judge on this pair at this tier, if any (ok or failed). */
export function findPairwiseVerdict(db: Database, key: PairwiseVerdictKey): PairwiseVerdictRow | undefined {
  return prepared(db, 'SELECT * FROM pairwise_verdicts WHERE run_a = @run_a AND run_b = @run_b AND judge = @judge AND tier = @tier').get(key) as PairwiseVerdictRow | undefined;
}

/**
 * Stores a verdict, replacing the one this judge had on the pair at the tier (a failed one asked
 * again, or one made on other input). The replaced one's requests were paid for, so its usage is
 * kept (replaced_pairwise_verdicts, migration 036) for the study's cost, in the same transaction.
 */
export function savePairwiseVerdict(db: Database, row: PairwiseVerdictRow): void {
  if (!(row.run_a < row.run_b)) throw new RangeError(`A pair is stored in run id order; got ${row.run_a} before ${row.run_b}.`);
  writeTransaction(db, () => {
    keepReplacedUsage(db, row);
    upsertVerdict(db, row);
  })();
}

/** The usage of the verdict `row` replaces, when it made requests here (one an import brought made none). */
function keepReplacedUsage(db: Database, row: PairwiseVerdictRow): void {
  prepared(
    db,
    `INSERT INTO replaced_pairwise_verdicts (id, run_a, run_b, judge, judge_model, tier, status, attempts, tokens_input, tokens_output, cost_usd, created_at, replaced_at)
     SELECT id, run_a, run_b, judge, judge_model, tier, status, attempts, tokens_input, tokens_output, cost_usd, created_at, @replaced_at FROM pairwise_verdicts
      WHERE run_a = @run_a AND run_b = @run_b AND judge = @judge AND tier = @tier AND attempts > 0 AND id <> @id
     ON CONFLICT (id) DO NOTHING`,
  ).run({ run_a: row.run_a, run_b: row.run_b, judge: row.judge, tier: row.tier, id: row.id, replaced_at: row.created_at });
}

function upsertVerdict(db: Database, row: PairwiseVerdictRow): void {
  prepared(
    db,
    `INSERT INTO pairwise_verdicts (id, task_id, run_a, run_b, judge, judge_model, tier, input_hash, status, first_pick, second_pick, verdict, flipped,
       reasons_json, failure, raw_replies, attempts, tokens_input, tokens_output, cost_usd, job_id, created_at)
     VALUES (@id, @task_id, @run_a, @run_b, @judge, @judge_model, @tier, @input_hash, @status, @first_pick, @second_pick, @verdict, @flipped,
       @reasons_json, @failure, @raw_replies, @attempts, @tokens_input, @tokens_output, @cost_usd, @job_id, @created_at)
     ON CONFLICT (run_a, run_b, judge, tier) DO UPDATE SET id = excluded.id, task_id = excluded.task_id, judge_model = excluded.judge_model,
       input_hash = excluded.input_hash, status = excluded.status, first_pick = excluded.first_pick, second_pick = excluded.second_pick,
       verdict = excluded.verdict, flipped = excluded.flipped, reasons_json = excluded.reasons_json, failure = excluded.failure,
       raw_replies = excluded.raw_replies, attempts = excluded.attempts, tokens_input = excluded.tokens_input, tokens_output = excluded.tokens_output,
       cost_usd = excluded.cost_usd, job_id = excluded.job_id, created_at = excluded.created_at`,
  ).run(row);
}

/** Every ok verdict on two current attempts (a retried run's earlier attempt is not counted), oldest first. */
export function listOkPairwiseVerdicts(db: Database): PairwiseVerdictRow[] {
  return prepared(
    db,
    `SELECT * FROM pairwise_verdicts WHERE status = 'ok' AND ${CURRENT_ATTEMPT('run_a')} AND ${CURRENT_ATTEMPT('run_b')} ORDER BY created_at, id`,
  ).all() as PairwiseVerdictRow[];
}

/** The verdict stored under this id, if any (an import merges by id). */
export function findPairwiseVerdictById(db: Database, id: string): PairwiseVerdictRow | undefined {
  return prepared(db, 'SELECT * FROM pairwise_verdicts WHERE id = ?').get(id) as PairwiseVerdictRow | undefined;
}

/**
 * The verdicts an export writes: on two current attempts of the project's runs, ok and failed, by
 * id; with `demo` 0, none touching a demo run or a synthetic one (those runs are not exported then).
 */
const EXPORTED = `FROM pairwise_verdicts p JOIN runs ra ON ra.id = p.run_a JOIN runs rb ON rb.id = p.run_b JOIN tasks t ON t.id = ra.task_id
  WHERE t.project_id = @project AND ${CURRENT_ATTEMPT('p.run_a')} AND ${CURRENT_ATTEMPT('p.run_b')}
    AND (@demo OR (ra.demo = 0 AND rb.demo = 0 AND ra.synthetic = 0 AND rb.synthetic = 0))`;

export function countExportPairwiseVerdicts(db: Database, projectId: string, demo: DemoFlag): number {
  return (prepared(db, `SELECT count(*) AS n ${EXPORTED}`).get({ project: projectId, demo }) as { n: number }).n;
}

export function pageExportPairwiseVerdicts(db: Database, projectId: string, demo: DemoFlag, afterId: string, limit: number): PairwiseVerdictRow[] {
  return prepared(db, `SELECT p.* ${EXPORTED} AND p.id > @after ORDER BY p.id LIMIT @limit`).all({ project: projectId, demo, after: afterId, limit }) as PairwiseVerdictRow[];
}
