import type { JudgmentView } from '../../../schemas/judge.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { listJudgmentsWithReplies, type JudgmentWithReply } from '../../store/judge-reply-repository.ts';
import type { Database } from 'better-sqlite3';
import { judgmentKindCheck, type JudgmentKindCheck } from '../rubrics/judgment-kind-check.ts';

export function judgmentViewOf(row: JudgmentWithReply, check: JudgmentKindCheck): JudgmentView {
  return {
    id: row.id,
    runId: row.run_id,
    judge: row.judge,
    judgeModel: row.judge_model,
    tier: row.tier,
    rubricSet: row.rubric_set,
    rubricSetVersion: row.rubric_version,
    scale: row.scale,
    rubric: row.rubric,
    status: row.status,
    score: row.score,
    level: row.level,
    evidence: row.evidence || row.rationale,
    failure: row.failure,
    synthetic: row.synthetic === 1,
    leftOut: check.leftOut(row),
    createdAt: row.created_at,
    turn: row.turn ?? null,
  };
}

/** Every stored judgment of the project (scored and failed), or one run's, in run, tier, set, judge order; those left out of the figures say why. */
export function listJudgmentViews(db: Database, runId?: string): JudgmentView[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const check = judgmentKindCheck(db);
  return listJudgmentsWithReplies(db, project.id, runId).map((row) => judgmentViewOf(row, check));
}
