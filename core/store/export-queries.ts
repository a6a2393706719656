import type { Database } from 'better-sqlite3';
import { DEMO_JUDGMENT, DEMO_VOTE } from './demo-records.ts';
import { prepared } from './statement-cache.ts';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';

/**
 * The dataset export's reads (core/export): every table family it publishes, a page at a time in
 * a fixed order (keyset paging on the primary key, so a page costs the same at any depth and the
 * connection is free between pages for the app's other calls), and the counts it reports
 * progress against. `synthetic` picks the demo study's generated rows (1) or the real ones (0);
 * `demo` 0 leaves out every record of the demo's (demo-records.ts: its data room, sources,
 * chapters, arena runs and the votes and judgments touching them), 1 keeps them.
 */

export type SyntheticFlag = 0 | 1;
export type DemoFlag = 0 | 1;

export interface ExportSourceVersionRow {
  source_id: string;
  version_id: string;
  version: number;
  data_room_id: string | null;
  data_room_title: string | null;
  title: string;
  type: string;
  original_name: string;
  sha256: string;
  markdown_sha256: string;
  line_count: number;
  created_at: string;
}

export function countExportSourceVersions(db: Database, projectId: string, demo: DemoFlag): number {
  return (prepared(db, 'SELECT count(*) AS n FROM source_versions v JOIN sources s ON s.id = v.source_id WHERE s.project_id = ? AND (? OR s.demo = 0)').get(projectId, demo) as { n: number }).n;
}

/** Source versions after (sourceId, version), by source id then version. */
export function pageExportSourceVersions(db: Database, projectId: string, demo: DemoFlag, after: { sourceId: string; version: number } | null, limit: number): ExportSourceVersionRow[] {
  return prepared(
    db,
    `SELECT v.source_id, v.id AS version_id, v.version, s.data_room_id, c.title AS data_room_title, s.title, s.type, s.original_name,
            v.blob_sha256 AS sha256, v.markdown_sha256, v.line_count, v.created_at
     FROM source_versions v JOIN sources s ON s.id = v.source_id LEFT JOIN data_rooms c ON c.id = s.data_room_id
     WHERE s.project_id = ? AND (? OR s.demo = 0) AND (v.source_id, v.version) > (?, ?)
     ORDER BY v.source_id, v.version LIMIT ?`,
  ).all(projectId, demo, after?.sourceId ?? '', after?.version ?? -1, limit) as ExportSourceVersionRow[];
}

export interface ExportChapterRow {
  id: string;
  data_room_id: string;
  /** Whose plan: an annotator's id; null for the workspace owner's and the gold plan. */
  annotator_id: string | null;
  /** The annotator's name, for an annotator's plan. */
  annotator_name: string | null;
  gold: number;
  data_room_title: string;
  data_room_notes: string;
  position: number;
  title: string;
  instruction: string;
  design_notes: string;
  created_at: string;
  updated_at: string;
}

/** The dataset carries every plan of each room: the workspace owner's, each annotator's own and the gold plan. */
export function countExportChapters(db: Database, projectId: string, demo: DemoFlag): number {
  return (prepared(db, 'SELECT count(*) AS n FROM chapters ch JOIN data_rooms c ON c.id = ch.data_room_id WHERE c.project_id = ? AND (? OR ch.demo = 0)').get(projectId, demo) as { n: number }).n;
}

export function pageExportChapters(db: Database, projectId: string, demo: DemoFlag, afterId: string, limit: number): ExportChapterRow[] {
  return prepared(
    db,
    `SELECT ch.id, ch.data_room_id, ch.annotator_id, a.name AS annotator_name, ch.gold, c.title AS data_room_title,
            CASE WHEN ch.gold = 1 THEN coalesce(g.global_notes, '') WHEN ch.annotator_id IS NOT NULL THEN coalesce(ap.global_notes, '') ELSE c.global_notes END AS data_room_notes,
            ch.position, ch.title, ch.instruction, ch.design_notes, ch.created_at, ch.updated_at
     FROM chapters ch JOIN data_rooms c ON c.id = ch.data_room_id
       LEFT JOIN annotators a ON a.id = ch.annotator_id
       LEFT JOIN annotator_plans ap ON ap.data_room_id = ch.data_room_id AND ap.annotator_id = ch.annotator_id
       LEFT JOIN gold_plans g ON g.data_room_id = ch.data_room_id AND ch.gold = 1
     WHERE c.project_id = ? AND (? OR ch.demo = 0) AND ch.id > ? ORDER BY ch.id LIMIT ?`,
  ).all(projectId, demo, afterId, limit) as ExportChapterRow[];
}

/** A run's configuration as the preference rows carry it for both sides. */
interface RunSide {
  config_id: string;
  harness: string;
  model: string;
  versions_json: string;
}

export interface ExportVoteRow {
  id: string;
  task_id: string;
  task_title: string;
  task_kind: string;
  run_a: string;
  run_b: string;
  shown_order: string;
  left_run: string;
  right_run: string;
  choice: string;
  winner_run: string | null;
  rating_left: number;
  rating_right: number;
  reason: string;
  annotator_id: string;
  annotator_name: string;
  time_on_item_ms: number;
  fast_vote_floor_ms: number | null;
  is_fast: 0 | 1;
  created_at: string;
  turn: number | null;
  a: RunSide;
  b: RunSide;
}

export function countExportVotes(db: Database, projectId: string, synthetic: SyntheticFlag, demo: DemoFlag): number {
  return (
    prepared(db, `SELECT count(*) AS n FROM votes v JOIN tasks t ON t.id = v.task_id WHERE t.project_id = ? AND v.retracted_at IS NULL AND ${CURRENT_ATTEMPT('v.run_a')} AND ${CURRENT_ATTEMPT('v.run_b')} AND v.synthetic = ? AND (? OR NOT ${DEMO_VOTE('v')})`).get(projectId, synthetic, demo) as {
      n: number;
    }
  ).n;
}

/** Live votes (undone ones count nowhere and are not exported), by id. */
export function pageExportVotes(db: Database, projectId: string, synthetic: SyntheticFlag, demo: DemoFlag, afterId: string, limit: number): ExportVoteRow[] {
  const rows = prepared(
    db,
    `SELECT v.id, v.task_id, t.title AS task_title, t.kind AS task_kind, v.run_a, v.run_b, v.shown_order, v.left_run, v.right_run, v.choice,
            v.winner_run, v.rating_left, v.rating_right, v.reason, v.annotator_id, an.name AS annotator_name, v.time_on_item_ms, v.fast_vote_floor_ms, v.is_fast, v.created_at, v.turn,
            ra.config_id AS a_config_id, ra.harness AS a_harness, ra.model AS a_model, ra.versions_json AS a_versions_json,
            rb.config_id AS b_config_id, rb.harness AS b_harness, rb.model AS b_model, rb.versions_json AS b_versions_json
     FROM votes v JOIN tasks t ON t.id = v.task_id JOIN runs ra ON ra.id = v.run_a JOIN runs rb ON rb.id = v.run_b
          JOIN annotators an ON an.id = v.annotator_id
     WHERE t.project_id = ? AND v.retracted_at IS NULL AND ${CURRENT_ATTEMPT('v.run_a')} AND ${CURRENT_ATTEMPT('v.run_b')} AND v.synthetic = ? AND (? OR (ra.demo = 0 AND rb.demo = 0)) AND v.id > ? ORDER BY v.id LIMIT ?`,
  ).all(projectId, synthetic, demo, afterId, limit) as Record<string, unknown>[];
  return rows.map((row) => {
    const side = (prefix: 'a' | 'b'): RunSide => ({
      config_id: row[`${prefix}_config_id`] as string,
      harness: row[`${prefix}_harness`] as string,
      model: row[`${prefix}_model`] as string,
      versions_json: row[`${prefix}_versions_json`] as string,
    });
    return { ...(row as unknown as Omit<ExportVoteRow, 'a' | 'b'>), a: side('a'), b: side('b') };
  });
}

export interface ExportJudgmentRow {
  id: string;
  run_id: string;
  task_id: string;
  judge: string;
  judge_model: string | null;
  tier: string;
  rubric_set: string;
  rubric_version: string;
  rubric: string;
  scale: number;
  status: string;
  score: number | null;
  level: string | null;
  evidence: string;
  rationale: string;
  failure: string | null;
  created_at: string;
  turn: number | null;
}

export function countExportJudgments(db: Database, projectId: string, synthetic: SyntheticFlag, demo: DemoFlag): number {
  return (
    prepared(db, `SELECT count(*) AS n FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} AND j.synthetic = ? AND (? OR NOT ${DEMO_JUDGMENT('j')})`).get(
      projectId,
      synthetic,
      demo,
    ) as { n: number }
  ).n;
}

/** Judgments, scored and failed, by id. */
export function pageExportJudgments(db: Database, projectId: string, synthetic: SyntheticFlag, demo: DemoFlag, afterId: string, limit: number): ExportJudgmentRow[] {
  return prepared(
    db,
    `SELECT j.id, j.run_id, r.task_id, j.judge, jr.judge_model, j.tier, j.rubric_set, j.rubric_version, j.rubric, j.scale, j.status, j.score,
            j.level, j.evidence, j.rationale, j.failure, j.created_at, j.turn
     FROM judgments j JOIN runs r ON r.id = j.run_id JOIN tasks t ON t.id = r.task_id LEFT JOIN judge_replies jr ON jr.id = j.reply_id
     WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} AND j.synthetic = ? AND (? OR r.demo = 0) AND j.id > ? ORDER BY j.id LIMIT ?`,
  ).all(projectId, synthetic, demo, afterId, limit) as ExportJudgmentRow[];
}

export interface ExportRunRow {
  id: string;
  digest: string;
  task_id: string;
  task_title: string;
  task_kind: string;
  config_id: string;
  harness: string;
  harness_version: string | null;
  model: string;
  versions_json: string;
  status: string;
  started_at: string;
  finished_at: string;
  study_id: string | null;
  study_name: string | null;
  repeat_index: number | null;
  attempts: number | null;
  error_kind: string | null;
  sandbox_json: string | null;
  /** 1 when a study of this workspace ran it: its duration_ms is then the engine's measurement. */
  executed_here: number;
  /** study_runs.duration_ms: the harness process's wall time, for a run executed here. */
  duration_ms: number | null;
  steps: number | null;
  tool_calls: number | null;
  failed_tool_calls: number | null;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
  errors_json: string | null;
  /** The trajectory blob of the study run that executed it (its turns and their out/ snapshots); null otherwise. */
  trajectory_sha256: string | null;
}

export function countExportRuns(db: Database, projectId: string, synthetic: SyntheticFlag, demo: DemoFlag): number {
  return (prepared(db, `SELECT count(*) AS n FROM runs r JOIN tasks t ON t.id = r.task_id WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} AND r.synthetic = ? AND (? OR r.demo = 0)`).get(projectId, synthetic, demo) as { n: number }).n;
}

/**
 * Runs with what is recorded of their trajectory, by id: what the run engine recorded (study,
 * attempts, trajectory summary) for a run executed here (the study run the analysis reads: the
 * last to finish), the summary its import stored for a run imported with an ATIF trajectory
 * (run_trajectories) or from a dataset export that had one (imported_run_summaries).
 */
export function pageExportRuns(db: Database, projectId: string, synthetic: SyntheticFlag, demo: DemoFlag, afterId: string, limit: number): ExportRunRow[] {
  return prepared(
    db,
    `SELECT r.id, r.digest, r.task_id, t.title AS task_title, t.kind AS task_kind, r.config_id, r.harness, r.harness_version, r.model, r.versions_json, r.status,
            r.started_at, r.finished_at, sr.study_id, st.name AS study_name, sr.repeat_index, sr.attempts, sr.error_kind, sr.sandbox_json,
            sr.id IS NOT NULL AS executed_here, sr.duration_ms,
            COALESCE(sr.steps, rt.steps, irs.steps) AS steps, COALESCE(sr.tool_calls, rt.tool_calls, irs.tool_calls) AS tool_calls,
            COALESCE(sr.failed_tool_calls, rt.failed_tool_calls, irs.failed_tool_calls) AS failed_tool_calls,
            COALESCE(sr.tokens_input, rt.tokens_input, irs.tokens_input) AS tokens_input,
            COALESCE(sr.tokens_output, rt.tokens_output, irs.tokens_output) AS tokens_output, COALESCE(sr.cost_usd, rt.cost_usd, irs.cost_usd) AS cost_usd,
            COALESCE(sr.errors_json, rt.errors_json, irs.errors_json) AS errors_json, sr.trajectory_sha256
     FROM runs r JOIN tasks t ON t.id = r.task_id
          LEFT JOIN study_runs sr ON sr.id = (
            SELECT id FROM study_runs WHERE run_id = r.id
            ORDER BY status IN ('succeeded', 'failed', 'timeout') DESC, finished_at DESC, id LIMIT 1)
          LEFT JOIN studies st ON st.id = sr.study_id
          LEFT JOIN run_trajectories rt ON rt.run_id = r.id AND sr.id IS NULL
          LEFT JOIN imported_run_summaries irs ON irs.run_id = r.id AND sr.id IS NULL AND rt.run_id IS NULL
     WHERE t.project_id = ? AND ${CURRENT_ATTEMPT('r.id')} AND r.synthetic = ? AND (? OR r.demo = 0) AND r.id > ? ORDER BY r.id LIMIT ?`,
  ).all(projectId, synthetic, demo, afterId, limit) as ExportRunRow[];
}

export interface ExportRubricSetRow {
  id: string;
  name: string;
  version: string;
  scale: number;
  tier: string;
  authored_by: string;
  chapter_id: string | null;
  definition_json: string;
  digest: string;
  builtin: number;
  created_at: string;
}

export function countExportRubricSets(db: Database): number {
  return (prepared(db, 'SELECT count(*) AS n FROM rubric_sets').get() as { n: number }).n;
}

export function pageExportRubricSets(db: Database, afterId: string, limit: number): ExportRubricSetRow[] {
  return prepared(db, 'SELECT * FROM rubric_sets WHERE id > ? ORDER BY id LIMIT ?').all(afterId, limit) as ExportRubricSetRow[];
}

/** Folders on this machine the store remembers (where runs were imported from): never exported. */
export function listRunSourceDirs(db: Database): string[] {
  return (prepared(db, 'SELECT DISTINCT source_dir FROM runs ORDER BY source_dir').all() as { source_dir: string }[]).map((row) => row.source_dir);
}

/** Where a run's trajectory and transcript are stored: the study run the runs subset reads (the last to finish), else the trajectory it was imported with. */
export interface ExportRunTrajectoryRow {
  source: 'study' | 'atif';
  trajectory_sha256: string | null;
  /** A study run's transcript, or the ATIF file an imported run came with. */
  transcript_sha256: string | null;
  errors_json: string | null;
}

export function findExportRunTrajectory(db: Database, runId: string): ExportRunTrajectoryRow | undefined {
  const study = prepared(
    db,
    `SELECT trajectory_sha256, transcript_sha256, errors_json FROM study_runs WHERE run_id = ?
     ORDER BY status IN ('succeeded', 'failed', 'timeout') DESC, finished_at DESC, id LIMIT 1`,
  ).get(runId) as Omit<ExportRunTrajectoryRow, 'source'> | undefined;
  if (study) return { source: 'study', ...study };
  const imported = prepared(db, 'SELECT trajectory_sha256, source_sha256 AS transcript_sha256, errors_json FROM run_trajectories WHERE run_id = ?').get(runId) as Omit<ExportRunTrajectoryRow, 'source'> | undefined;
  return imported ? { source: 'atif', ...imported } : undefined;
}
