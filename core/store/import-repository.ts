import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';
import type { StudyRunRow } from './study-repository.ts';

/**
 * The dataset import's look-ups (core/import) that no other repository has: records found by the
 * keys an export merges on (a source version by its file's or its Markdown's hash, a vote or a
 * rubric set version by id) and the study run an imported run brings its figures in.
 */

export interface SourceVersionMatch {
  version_id: string;
  source_id: string;
}

/** A version of one of the project's sources whose original file or Markdown has this hash. */
export function findSourceVersionByHash(db: Database, projectId: string, sha256: string, markdownSha256: string): SourceVersionMatch | undefined {
  return prepared(
    db,
    `SELECT v.id AS version_id, v.source_id FROM source_versions v JOIN sources s ON s.id = v.source_id
     WHERE s.project_id = ? AND (v.blob_sha256 = ? OR v.markdown_sha256 = ?) ORDER BY v.blob_sha256 = ? DESC, v.source_id, v.version LIMIT 1`,
  ).get(projectId, sha256, markdownSha256, sha256) as SourceVersionMatch | undefined;
}

export function isSourceVersionNumberTaken(db: Database, sourceId: string, version: number): boolean {
  return prepared(db, 'SELECT 1 FROM source_versions WHERE source_id = ? AND version = ?').get(sourceId, version) !== undefined;
}

export function voteExists(db: Database, id: string): boolean {
  return prepared(db, 'SELECT 1 FROM votes WHERE id = ?').get(id) !== undefined;
}

export function nextStudyRunPosition(db: Database, studyId: string): number {
  return (prepared(db, 'SELECT coalesce(max(position) + 1, 0) AS next FROM study_runs WHERE study_id = ?').get(studyId) as { next: number }).next;
}

/** A finished study run, whole (an imported run's study figures). */
export function insertFinishedStudyRun(db: Database, row: StudyRunRow): void {
  prepared(
    db,
    `INSERT INTO study_runs (id, study_id, position, task_id, harness, model, versions_json, config_id, config_index, repeat_index, status, attempts,
       error_kind, error_message, harness_version, process_pid, process_start, started_at, finished_at, duration_ms, steps, tool_calls, failed_tool_calls,
       tokens_input, tokens_output, cost_usd, last_event, transcript_sha256, trajectory_sha256, errors_json, run_id, cancel_requested_at, updated_at, sandbox_json)
     VALUES (@id, @study_id, @position, @task_id, @harness, @model, @versions_json, @config_id, @config_index, @repeat_index, @status, @attempts,
       @error_kind, @error_message, @harness_version, @process_pid, @process_start, @started_at, @finished_at, @duration_ms, @steps, @tool_calls, @failed_tool_calls,
       @tokens_input, @tokens_output, @cost_usd, @last_event, @transcript_sha256, @trajectory_sha256, @errors_json, @run_id, @cancel_requested_at, @updated_at, @sandbox_json)`,
  ).run({ sandbox_json: null, ...row });
}
