import type { Database } from 'better-sqlite3';
import { NO_OUTPUT_FINDING } from '../../schemas/arena.ts';
import type { RunsFilter, RunSortField } from '../../schemas/runs-filter.ts';
import type { RunRow } from './run-repository.ts';
import { prepared } from './statement-cache.ts';
import { CURRENT_ATTEMPT } from './superseded-run-repository.ts';

/** A run the filter kept, with what the filters and sorts read. */
export interface FilteredRunRow extends RunRow {
  task_title: string;
  study_id: string | null;
  study_name: string | null;
  skill_version: string | null;
  mean_score: number | null;
  judgments: number;
  votes_won: number;
  /** The distinct error types of its trajectory, comma-separated, or null. */
  error_types: string | null;
  no_output: number;
  /** Which attempt of its study run it is, from 1, and how many its study run has had (1 and 1 for a run no retry kept an earlier attempt of, or imported). */
  attempt: number;
  attempt_count: number;
  /** 1 for an earlier attempt a retry kept (superseded: the figures count its study run's current attempt). */
  superseded: number;
}

/** The filter as the store reads it: a study's full id, and the configuration split into harness (canonical) and model. */
export type StoreRunsFilter = Omit<RunsFilter, 'configuration'> & { harness?: string; model?: string };

// Where each run's facts come from: its study run (executed here; for an earlier attempt a retry
// kept, what its study run recorded of it then), or an imported trajectory or dataset summary; its scores from ok judgments (3-point ones put on 1–5), its wins from votes.
const FROM = `
  FROM runs r
  JOIN tasks t ON t.id = r.task_id
  LEFT JOIN study_runs sr ON sr.run_id = r.id
  LEFT JOIN superseded_runs sup ON sup.run_id = r.id
  LEFT JOIN study_runs ssr ON ssr.id = sup.study_run_id
  LEFT JOIN studies s ON s.id = coalesce(sr.study_id, ssr.study_id)
  LEFT JOIN run_trajectories rt ON rt.run_id = r.id
  LEFT JOIN imported_run_summaries irs ON irs.run_id = r.id
  LEFT JOIN (SELECT run_id, avg(CASE WHEN scale = 3 THEN 1 + 2 * score ELSE score END) AS mean_score, count(*) AS judgments
             FROM judgments WHERE status = 'ok' GROUP BY run_id) sc ON sc.run_id = r.id
  LEFT JOIN (SELECT winner_run, count(*) AS won FROM votes WHERE retracted_at IS NULL AND winner_run IS NOT NULL GROUP BY winner_run) w ON w.winner_run = r.id`;

const ERRORS_JSON = `coalesce(sr.errors_json, sup.errors_json, rt.errors_json, irs.errors_json, '[]')`;
const NO_OUTPUT = `(coalesce(sr.status = 'succeeded' AND sr.error_kind = 'no-output', 0)
  OR EXISTS (SELECT 1 FROM run_frame_findings f WHERE f.run_id = r.id AND f.kind = '${NO_OUTPUT_FINDING}'))`;

const SORT_KEYS: Record<RunSortField, readonly string[]> = {
  task: ['t.title COLLATE NOCASE'],
  configuration: ['r.harness', 'r.model', 'r.versions_json'],
  skill: [`json_extract(r.versions_json, '$.skill')`],
  study: ['s.name COLLATE NOCASE'],
  status: ['r.status'],
  started: ['r.started_at'],
  score: ['sc.mean_score'],
  won: ['coalesce(w.won, 0)'],
};

/** The WHERE clause and its parameters: one condition per field given, all of them to hold. */
function conditions(projectId: string, filter: StoreRunsFilter): { where: string; params: (string | number)[] } {
  const clauses = ['t.project_id = ?'];
  if (filter.allAttempts !== true) clauses.push('sup.run_id IS NULL');
  const params: (string | number)[] = [projectId];
  const add = (clause: string, ...values: (string | number)[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (filter.taskId !== undefined) add('r.task_id = ?', filter.taskId);
  if (filter.harness !== undefined) add('r.harness = ?', filter.harness);
  if (filter.model !== undefined) add('r.model = ?', filter.model);
  if (filter.skillVersion !== undefined) add(`json_extract(r.versions_json, '$.skill') = ?`, filter.skillVersion);
  if (filter.studyId !== undefined) add('coalesce(sr.study_id, ssr.study_id) = ?', filter.studyId);
  if (filter.status === 'no-output') add(`r.status = 'succeeded' AND ${NO_OUTPUT}`);
  else if (filter.status === 'succeeded') add(`r.status = 'succeeded' AND NOT ${NO_OUTPUT}`);
  else if (filter.status !== undefined) add('r.status = ?', filter.status);
  if (filter.errorType !== undefined) add(`EXISTS (SELECT 1 FROM json_each(${ERRORS_JSON}) e WHERE json_extract(e.value, '$.type') = ?)`, filter.errorType);
  if (filter.finding !== undefined) {
    add(
      `(EXISTS (SELECT 1 FROM run_verifier_findings vf WHERE vf.run_id = r.id AND vf.kind = ?) OR EXISTS (SELECT 1 FROM run_frame_findings ff WHERE ff.run_id = r.id AND ff.kind = ?))`,
      filter.finding,
      filter.finding,
    );
  }
  if (filter.scoreMin !== undefined) add('sc.mean_score >= ?', filter.scoreMin);
  if (filter.scoreMax !== undefined) add('sc.mean_score <= ?', filter.scoreMax);
  if (filter.wonAtLeast !== undefined) add('coalesce(w.won, 0) >= ?', filter.wonAtLeast);
  return { where: clauses.join(' AND '), params };
}

/**
 * The project's runs the filter keeps, sorted (unsorted: in import order), and how many runs the
 * project has in all: current attempts only, unless the filter asks for every attempt. One query: the store filters and sorts, nothing is loaded to be thrown away.
 */
export function filterRuns(db: Database, projectId: string, filter: StoreRunsFilter): { rows: FilteredRunRow[]; total: number } {
  const { where, params } = conditions(projectId, filter);
  const direction = filter.descending ? 'DESC' : 'ASC';
  const order = filter.sort === undefined ? '' : `${SORT_KEYS[filter.sort].map((key) => `${key} ${direction} NULLS LAST`).join(', ')}, `;
  const rows = prepared(
    db,
    `SELECT r.*, t.title AS task_title, coalesce(sr.study_id, ssr.study_id) AS study_id, s.name AS study_name,
            coalesce(sup.attempt, (SELECT count(*) FROM superseded_runs x WHERE x.study_run_id = sr.id) + 1) AS attempt,
            (SELECT count(*) FROM superseded_runs x WHERE x.study_run_id = coalesce(sr.id, sup.study_run_id)) + 1 AS attempt_count,
            sup.run_id IS NOT NULL AS superseded,
            json_extract(r.versions_json, '$.skill') AS skill_version,
            sc.mean_score, coalesce(sc.judgments, 0) AS judgments, coalesce(w.won, 0) AS votes_won,
            (SELECT group_concat(type) FROM (SELECT DISTINCT json_extract(e.value, '$.type') AS type FROM json_each(${ERRORS_JSON}) e ORDER BY type)) AS error_types,
            ${NO_OUTPUT} AS no_output
     ${FROM}
     WHERE ${where}
     ORDER BY ${order}r.imported_at, r.id`,
  ).all(...params) as FilteredRunRow[];
  const attempts = filter.allAttempts === true ? '' : ` AND ${CURRENT_ATTEMPT('r.id')}`;
  const total = (prepared(db, `SELECT count(*) AS n FROM runs r JOIN tasks t ON t.id = r.task_id WHERE t.project_id = ?${attempts}`).get(projectId) as { n: number }).n;
  return { rows, total };
}
