import { ARTIFACTS_NOT_IMPORTED_FINDING } from '../../../schemas/arena.ts';
import { NO_OUTPUT_KIND, RunSandboxSchema, StudyRunStatusSchema, type RunDetail, type StudyRunView, type StudySummary } from '../../../schemas/studies.ts';
import { errorView, type HarnessId } from '../../../schemas/trajectory.ts';
import { listRunFiles, listRunFindings } from '../../store/run-repository.ts';
import { countNoOutputStudyRuns, countRunReferences, countStudyRunsByStatus, listStudyRuns, type StudyRow, type StudyRunRow } from '../../store/study-repository.ts';
import { countSupersededAttempts } from '../../store/superseded-run-repository.ts';
import type { Database } from 'better-sqlite3';
import { listRunVerifications } from '../../store/run-verification-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { runDurationMs } from '../run-duration.ts';
import { readStoredRun } from '../trajectory/stored-trajectory.ts';
import { summariseTrajectory } from '../trajectory/summarise-trajectory.ts';

export function studySummary(db: Database, study: StudyRow): StudySummary {
  const stored = countStudyRunsByStatus(db, study.id);
  const counts = Object.fromEntries(StudyRunStatusSchema.options.map((status) => [status, stored[status] ?? 0])) as StudySummary['counts'];
  return {
    id: study.id,
    name: study.name,
    state: study.state,
    executor: study.executor,
    folder: study.folder,
    jobId: study.job_id,
    createdAt: study.created_at,
    updatedAt: study.updated_at,
    counts,
    total: Object.values(counts).reduce((sum, n) => sum + n, 0),
    noOutput: countNoOutputStudyRuns(db, study.id),
  };
}

export function studyRunView(row: StudyRunRow): StudyRunView {
  return {
    id: row.id,
    studyId: row.study_id,
    taskId: row.task_id,
    harness: row.harness as HarnessId,
    harnessVersion: row.harness_version,
    model: row.model,
    versions: JSON.parse(row.versions_json) as Record<string, string>,
    repeat: row.repeat_index,
    status: row.status,
    attempts: row.attempts,
    errorKind: row.error_kind as StudyRunView['errorKind'],
    errorMessage: row.error_message,
    noOutput: row.status === 'succeeded' && row.error_kind === NO_OUTPUT_KIND,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    durationMs: row.duration_ms,
    steps: row.steps,
    toolCalls: row.tool_calls,
    failedToolCalls: row.failed_tool_calls,
    tokens: row.tokens_input === null || row.tokens_output === null ? null : { input: row.tokens_input, output: row.tokens_output },
    costUsd: row.cost_usd,
    lastEvent: row.last_event,
    runId: row.run_id,
    slurmJobId: row.slurm_job_id ?? null,
    slurmState: row.slurm_state ?? null,
    sandbox: row.sandbox_json ? RunSandboxSchema.parse(JSON.parse(row.sandbox_json)) : null,
  };
}

/** A study's runs, each with the judgments and votes that name its run and the earlier attempts a retry kept. */
export function listStudyRunViews(db: Database, studyId: string): StudyRunView[] {
  return listStudyRuns(db, studyId).map((row) => {
    const refs = row.run_id ? countRunReferences(db, row.run_id) : { votes: 0, judgments: 0 };
    return { ...studyRunView(row), judgments: refs.judgments, votes: refs.votes, earlierAttempts: countSupersededAttempts(db, row.id) };
  });
}

/**
 * One run as `lhb runs show` prints it: the store's run (imported or executed here) with, for a
 * run the engine executed or one imported with an ATIF trajectory (run_trajectories), its
 * harness version, trajectory summary (read from the trajectory itself, so with cache tokens and
 * each model's share) and errors with recoveries, steps numbered as people read them; its
 * duration is the run's one duration (core/runs/run-duration.ts).
 * `id` may be the run's id or its study run's id.
 */
export function runDetail(workspace: Workspace, id: string): RunDetail | undefined {
  const stored = readStoredRun(workspace, id);
  if (!stored) return undefined;
  const { run, studyRun, imported, trajectory, errors } = stored;
  const counts = studyRun ?? imported;
  const summary = trajectory
    ? summariseTrajectory(trajectory)
    : counts && counts.steps !== null
      ? {
          steps: counts.steps,
          toolCalls: counts.tool_calls ?? 0,
          failedToolCalls: counts.failed_tool_calls ?? 0,
          tokens: { input: counts.tokens_input ?? 0, output: counts.tokens_output ?? 0 },
        }
      : null;
  return {
    id: run?.id ?? studyRun!.id,
    task: run?.task_id ?? studyRun!.task_id,
    harness: run?.harness ?? studyRun!.harness,
    // The stored run's is final (the version of the binary that ran); the study's row has the engine's from when it started.
    harnessVersion: run?.harness_version ?? studyRun?.harness_version ?? imported?.harness_version ?? null,
    model: run?.model ?? studyRun!.model,
    versions: JSON.parse(run?.versions_json ?? studyRun!.versions_json) as Record<string, string>,
    status: studyRun?.status ?? run!.status,
    durationMs: runDurationMs({ executedHere: studyRun !== undefined, engineMs: studyRun?.duration_ms, startedAt: run?.started_at, finishedAt: run?.finished_at }),
    trajectory: summary,
    errors: errors.map(errorView),
    artifacts: run ? listRunFiles(workspace.db, run.id).map((file) => ({ path: file.path, sizeBytes: file.size_bytes })) : [],
    errorKind: (studyRun?.error_kind ?? null) as RunDetail['errorKind'],
    errorMessage: studyRun?.error_message ?? null,
    artifactsNotImported: run ? (listRunFindings(workspace.db, run.id).find((finding) => finding.kind === ARTIFACTS_NOT_IMPORTED_FINDING)?.detail ?? null) : null,
    studyId: studyRun?.study_id ?? null,
    mcpServers: trajectory?.mcpServers ?? [],
    turns: trajectory?.turns ?? [],
    verifications: run ? listRunVerifications(workspace.db, run.id).map(({ checkedAt, trigger, ok, nextAction, findings }) => ({ checkedAt, trigger, ok, nextAction, findings })) : [],
  };
}
