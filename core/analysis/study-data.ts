import type { Database } from 'better-sqlite3';
import type { Tier } from '../../schemas/analysis.ts';
import { listJudgments } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRuns } from '../store/run-repository.ts';
import { listLiveVotes, type VoteRow } from '../store/vote-repository.ts';
import { labelConfigurations } from './configuration-labels.ts';

export interface StudyRun {
  id: string;
  task: string;
  config: string;
}

export interface StudyJudgment {
  run: string;
  judge: string;
  tier: Tier;
  rubric: string;
  version: string;
  score: number;
  synthetic: boolean;
}

export type StudyVote = Pick<VoteRow, 'id' | 'annotator_id' | 'task_id' | 'run_a' | 'run_b' | 'choice' | 'winner_run' | 'left_run' | 'right_run' | 'rating_left' | 'rating_right'> & {
  synthetic: boolean;
};

/** The raw records one report is computed from, already filtered (live votes; synthetic left out when asked). */
export interface StudyData {
  runs: Map<string, StudyRun>;
  /** Configuration id → label, for every configuration with a run. */
  labels: Map<string, string>;
  votes: StudyVote[];
  judgments: StudyJudgment[];
}

/**
 * Reads what analysis needs from the store: the project's runs with their configuration, live
 * (never retracted) votes, and judgments; synthetic rows are dropped when `excludeSynthetic`.
 */
export function loadStudyData(db: Database, options: { excludeSynthetic: boolean }): StudyData {
  const project = findCurrentProject(db);
  if (!project) return { runs: new Map(), labels: new Map(), votes: [], judgments: [] };
  const runRows = listRuns(db, project.id);
  const runs = new Map(runRows.map((run) => [run.id, { id: run.id, task: run.task_id, config: run.config_id }]));
  const labels = labelConfigurations(runRows);
  const votes = listLiveVotes(db)
    .filter((vote) => runs.has(vote.run_a) && runs.has(vote.run_b) && !(options.excludeSynthetic && vote.synthetic === 1))
    // Oldest first, so every derived array has a stable, meaningful order.
    .reverse()
    .map((vote) => ({
      id: vote.id,
      annotator_id: vote.annotator_id,
      task_id: vote.task_id,
      run_a: vote.run_a,
      run_b: vote.run_b,
      choice: vote.choice,
      winner_run: vote.winner_run,
      left_run: vote.left_run,
      right_run: vote.right_run,
      rating_left: vote.rating_left,
      rating_right: vote.rating_right,
      synthetic: vote.synthetic === 1,
    }));
  const judgments = listJudgments(db, project.id, { excludeSynthetic: options.excludeSynthetic }).map((row) => ({
    run: row.run_id,
    judge: row.judge,
    tier: row.tier,
    rubric: row.rubric,
    version: row.rubric_version,
    score: row.score,
    synthetic: row.synthetic === 1,
  }));
  return { runs, labels, votes, judgments };
}
