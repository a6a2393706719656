import type { Database } from 'better-sqlite3';
import type { RunSummary, TaskSummary } from '../../schemas/arena.ts';
import type { RunsListRow } from '../../schemas/runs-filter.ts';
import type { ErrorType } from '../../schemas/trajectory.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { filterRuns, type StoreRunsFilter } from '../store/run-filter-query.ts';
import { listRunFiles, listRunFindings, listRuns } from '../store/run-repository.ts';
import { countTaskFrames, listTasks } from '../store/task-repository.ts';

/** The researcher's view of imported runs: identities included (never sent to a voter's page). */
export function listRunSummaries(db: Database, taskId?: string): RunSummary[] {
  return listRunRows(db, taskId === undefined ? {} : { taskId }).runs;
}

/** The runs the filter keeps (filtered and sorted in the store), and how many the project has in all. */
export function listRunRows(db: Database, filter: StoreRunsFilter): { runs: RunsListRow[]; total: number } {
  const project = findCurrentProject(db);
  if (!project) return { runs: [], total: 0 };
  const { rows, total } = filterRuns(db, project.id, filter);
  const runs = rows.map((run): RunsListRow => {
    const files = listRunFiles(db, run.id);
    const findings = listRunFindings(db, run.id).map((finding) => ({ nodeId: finding.node_id, kind: finding.kind, detail: finding.detail }));
    return {
      id: run.id,
      taskId: run.task_id,
      taskTitle: run.task_title,
      harness: run.harness,
      harnessVersion: run.harness_version,
      model: run.model,
      versions: JSON.parse(run.versions_json) as Record<string, string>,
      status: run.status,
      startedAt: run.started_at,
      finishedAt: run.finished_at,
      files: files.length,
      frames: files.filter((file) => file.path.startsWith('frames/')).length,
      hasBuild: files.some((file) => file.path === 'dist/index.html'),
      hasVideo: files.some((file) => file.path.startsWith('video.')),
      findings,
      synthetic: run.synthetic === 1,
      noOutput: run.no_output === 1,
      studyId: run.study_id,
      studyName: run.study_name,
      skillVersion: run.skill_version,
      meanScore: run.mean_score,
      judgments: run.judgments,
      votesWon: run.votes_won,
      errorTypes: run.error_types === null ? [] : (run.error_types.split(',') as ErrorType[]),
      ...(run.attempt_count > 1 ? { attempt: run.attempt, attemptCount: run.attempt_count, superseded: run.superseded === 1 } : {}),
    };
  });
  return { runs, total };
}

export function listTaskSummaries(db: Database): TaskSummary[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const runs = listRuns(db, project.id);
  return listTasks(db, project.id).map((task) => ({
    id: task.id,
    kind: task.kind,
    title: task.title,
    instruction: task.instruction,
    frames: countTaskFrames(db, task.id),
    runs: runs.filter((run) => run.task_id === task.id).length,
    synthetic: task.synthetic === 1,
  }));
}
