import type { Database } from 'better-sqlite3';
import type { StudyRunRow } from './study-repository.ts';
import { prepared } from './statement-cache.ts';

/** A finished study run's stored usage, with what it was computed from: its transcript, its trajectory and its study's spec. */
export type StoredRunUsage = Pick<StudyRunRow, 'id' | 'harness' | 'config_index' | 'transcript_sha256' | 'trajectory_sha256' | 'tokens_input' | 'tokens_output' | 'cost_usd'> & {
  transcript_sha256: string;
  trajectory_sha256: string;
  spec_json: string;
};

/**
 * The next `limit` finished runs (by id, after `afterId`) of these harnesses that stored both a
 * transcript and a trajectory: the runs an executor wrote (an imported study run keeps neither).
 */
export function listRunUsageAfter(db: Database, harnesses: readonly string[], afterId: string, limit: number): StoredRunUsage[] {
  if (harnesses.length === 0) return [];
  return prepared(
    db,
    `SELECT sr.id, sr.harness, sr.config_index, sr.transcript_sha256, sr.trajectory_sha256, sr.tokens_input, sr.tokens_output, sr.cost_usd, s.spec_json
       FROM study_runs sr JOIN studies s ON s.id = sr.study_id
      WHERE sr.id > ? AND sr.harness IN (SELECT value FROM json_each(?)) AND sr.status NOT IN ('pending', 'running')
        AND sr.transcript_sha256 IS NOT NULL AND sr.trajectory_sha256 IS NOT NULL
      ORDER BY sr.id LIMIT ?`,
  ).all(afterId, JSON.stringify(harnesses), limit) as StoredRunUsage[];
}

/**
 * Replaces a run's usage figures and the trajectory they are read from, if it still has the
 * trajectory `readFrom` (a retry since then stored figures of its own, which are kept).
 */
export function updateRunUsage(db: Database, id: string, readFrom: string, usage: Pick<StudyRunRow, 'tokens_input' | 'tokens_output' | 'cost_usd'> & { trajectory_sha256: string }): void {
  prepared(
    db,
    'UPDATE study_runs SET tokens_input = @tokens_input, tokens_output = @tokens_output, cost_usd = @cost_usd, trajectory_sha256 = @trajectory_sha256 WHERE id = @id AND trajectory_sha256 = @read_from',
  ).run({ ...usage, id, read_from: readFrom });
}
