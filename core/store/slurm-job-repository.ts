import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** The Slurm job running a study run and its last known state (migration 012), shown on the Runs screen. */
export function recordStudyRunSlurmJob(db: Database, runId: string, jobId: string, state: string, now: string): void {
  prepared(db, 'UPDATE study_runs SET slurm_job_id = ?, slurm_state = ?, updated_at = ? WHERE id = ?').run(jobId, state, now, runId);
}

const SETTINGS_KEY = 'runs.slurm';

/** The Slurm settings last used to start a study in this workspace (`lhb runs start --executor slurm`), as JSON. */
export function readSlurmSettings(db: Database): string | undefined {
  return (prepared(db, 'SELECT value FROM meta WHERE key = ?').get(SETTINGS_KEY) as { value: string } | undefined)?.value;
}

export function saveSlurmSettings(db: Database, json: string): void {
  prepared(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(SETTINGS_KEY, json);
}
