import type { Database } from 'better-sqlite3';
import { NO_OUTPUT_FINDING, type RunSummary, type TaskSummary } from '../../schemas/arena.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRunFiles, listRunFindings, listRuns } from '../store/run-repository.ts';
import { listNoOutputRunIds } from '../store/study-repository.ts';
import { countTaskFrames, findTask, listTasks } from '../store/task-repository.ts';

/** The researcher's view of imported runs: identities included (never sent to a voter's page). */
export function listRunSummaries(db: Database, taskId?: string): RunSummary[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const titles = new Map<string, string>();
  const noOutput = new Set(listNoOutputRunIds(db));
  return listRuns(db, project.id, taskId).map((run) => {
    if (!titles.has(run.task_id)) titles.set(run.task_id, findTask(db, run.task_id)?.title ?? run.task_id);
    const files = listRunFiles(db, run.id);
    const findings = listRunFindings(db, run.id).map((finding) => ({ nodeId: finding.node_id, kind: finding.kind, detail: finding.detail }));
    return {
      id: run.id,
      taskId: run.task_id,
      taskTitle: titles.get(run.task_id) as string,
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
      noOutput: noOutput.has(run.id) || findings.some((finding) => finding.kind === NO_OUTPUT_FINDING),
    };
  });
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
