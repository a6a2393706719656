import type { JudgmentView } from '../../../schemas/judge.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { listJudgmentsWithReplies, type JudgmentWithReply } from '../../store/judge-reply-repository.ts';
import type { Database } from 'better-sqlite3';

export function judgmentViewOf(row: JudgmentWithReply): JudgmentView {
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
    createdAt: row.created_at,
  };
}

/** Every stored judgment of the project (scored and failed), or one run's, in run, tier, set, judge order. */
export function listJudgmentViews(db: Database, runId?: string): JudgmentView[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  return listJudgmentsWithReplies(db, project.id, runId).map(judgmentViewOf);
}
