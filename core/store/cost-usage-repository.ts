import type { Database } from 'better-sqlite3';
import { prepared } from './statement-cache.ts';

/** A finished study run's usage as stored, with where its trajectory (and so its cache tokens and models) is. */
export interface StudyRunUsageRow {
  id: string;
  study_id: string;
  config_index: number;
  harness: string;
  model: string;
  versions_json: string;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
  trajectory_sha256: string | null;
  /** 1 for an earlier attempt a retry kept (superseded_runs): paid for, but not the study run's current record. */
  superseded: 0 | 1;
}

/** A judge reply's usage: one request (retries included) of one judge for one run and rubric set, or a pairwise verdict's two. */
export interface JudgeReplyUsageRow {
  judge: string;
  judge_model: string;
  tokens_input: number | null;
  tokens_output: number | null;
  cost_usd: number | null;
}

const RUN_USAGE_COLUMNS = `sr.id, sr.study_id, sr.config_index, sr.harness, sr.model, sr.versions_json, sr.tokens_input, sr.tokens_output, sr.cost_usd, sr.trajectory_sha256, 0 AS superseded`;

/** An earlier attempt's usage, from the study run's row as it was when a retry kept it (migration 028). */
const SUPERSEDED_USAGE_COLUMNS = `sr.id, sr.study_id, sr.config_index, sr.harness, sr.model, sr.versions_json,
  json_extract(s.study_run_json, '$.tokens_input'), json_extract(s.study_run_json, '$.tokens_output'), json_extract(s.study_run_json, '$.cost_usd'),
  s.trajectory_sha256, 1 AS superseded`;

/**
 * The study's runs that have ended (pending and running ones have cost nothing final yet), or every
 * study's when `studyId` is null, with every earlier attempt a retry kept: each attempt was paid for.
 */
export function listStudyRunUsage(db: Database, studyId: string | null): StudyRunUsageRow[] {
  return prepared(
    db,
    `SELECT id, study_id, config_index, harness, model, versions_json, tokens_input, tokens_output, cost_usd, trajectory_sha256, superseded FROM (
       SELECT ${RUN_USAGE_COLUMNS}, sr.position, 0 AS attempt FROM study_runs sr
        WHERE (@study IS NULL OR sr.study_id = @study) AND sr.status NOT IN ('pending', 'running')
       UNION ALL
       SELECT ${SUPERSEDED_USAGE_COLUMNS}, sr.position, s.attempt FROM superseded_runs s JOIN study_runs sr ON sr.id = s.study_run_id
        WHERE (@study IS NULL OR sr.study_id = @study))
      ORDER BY study_id, position, superseded DESC, attempt`,
  ).all({ study: studyId }) as StudyRunUsageRow[];
}

/** The study's runs, current and earlier attempts (SQL over `@study`). */
const STUDY_RUN_IDS = `SELECT run_id FROM study_runs WHERE study_id = @study AND run_id IS NOT NULL
  UNION SELECT s.run_id FROM superseded_runs s JOIN study_runs sr ON sr.id = s.study_run_id WHERE sr.study_id = @study`;

/**
 * The judge replies on the study's runs, earlier attempts included (every reply, failed ones too:
 * their requests were made, and a failed one asked again is counted beside its replacement), or on
 * every run when `studyId` is null; and the pairwise verdicts
 * (`lhb judge --pairwise`, two askings each, their usage stored on the verdict) on a pair with a
 * run of the study, with every verdict such a one replaced (a failed verdict asked again: both
 * were paid for); and the guess-harness control's askings, failed ones too. Replies copied in by `lhb judge import`, and replies and verdicts an
 * `lhb import hf` brought, made no request here (attempts 0) and are left out.
 */
export function listJudgeReplyUsage(db: Database, studyId: string | null): JudgeReplyUsageRow[] {
  return prepared(
    db,
    `SELECT judge, judge_model, tokens_input, tokens_output, cost_usd FROM (
       SELECT jr.judge, jr.judge_model, jr.tokens_input, jr.tokens_output, jr.cost_usd, jr.created_at FROM judge_replies jr
        WHERE jr.attempts > 0 AND (@study IS NULL OR jr.run_id IN (${STUDY_RUN_IDS}))
       UNION ALL
       SELECT rr.judge, rr.judge_model, rr.tokens_input, rr.tokens_output, rr.cost_usd, rr.created_at FROM replaced_judge_replies rr
        WHERE @study IS NULL OR rr.run_id IN (${STUDY_RUN_IDS})
       UNION ALL
       SELECT p.judge, p.judge_model, p.tokens_input, p.tokens_output, p.cost_usd, p.created_at FROM pairwise_verdicts p
        WHERE p.attempts > 0 AND (@study IS NULL OR p.run_a IN (${STUDY_RUN_IDS}) OR p.run_b IN (${STUDY_RUN_IDS}))
       UNION ALL
       SELECT r.judge, r.judge_model, r.tokens_input, r.tokens_output, r.cost_usd, r.created_at FROM replaced_pairwise_verdicts r
        WHERE @study IS NULL OR r.run_a IN (${STUDY_RUN_IDS}) OR r.run_b IN (${STUDY_RUN_IDS})
       UNION ALL
       SELECT g.judge, g.judge_model, g.tokens_input, g.tokens_output, g.cost_usd, g.created_at FROM harness_guesses g
        WHERE g.attempts > 0 AND (@study IS NULL OR g.run_id IN (${STUDY_RUN_IDS})))
      ORDER BY judge, created_at`,
  ).all({ study: studyId }) as JudgeReplyUsageRow[];
}
