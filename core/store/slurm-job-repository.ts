import type { Database } from 'better-sqlite3';
import { readMetaValue, writeMetaValue } from './meta-repository.ts';
import { prepared } from './statement-cache.ts';

/** The Slurm job running a study run and its last known state (migration 012), shown on the Runs screen. */
export function recordStudyRunSlurmJob(db: Database, runId: string, jobId: string, state: string, now: string): void {
  prepared(db, 'UPDATE study_runs SET slurm_job_id = ?, slurm_state = ?, updated_at = ? WHERE id = ?').run(jobId, state, now, runId);
}

const SETTINGS_KEY = 'runs.slurm';

/** The Slurm settings last used to start a study in this workspace (`lhb runs start --executor slurm`), as JSON. */
export function readSlurmSettings(db: Database): string | undefined {
  return readMetaValue(db, SETTINGS_KEY);
}

export function saveSlurmSettings(db: Database, json: string): void {
  writeMetaValue(db, SETTINGS_KEY, json);
}
