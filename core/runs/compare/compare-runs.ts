import { LhbError } from '../../../schemas/lhb-error.ts';
import type { ComparedRun, ComparedScore, RunComparison, ScoreRow } from '../../../schemas/run-comparison.ts';
import type { JudgmentView } from '../../../schemas/judge.ts';
import { listJudgmentViews } from '../../judge/judging/judgment-views.ts';
import { listRunFiles } from '../../store/run-repository.ts';
import { findTask } from '../../store/task-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { runDetail } from '../study/study-views.ts';
import { readStoredRun, type StoredRun } from '../trajectory/stored-trajectory.ts';
import { alignSequences } from './align-sequences.ts';
import { diffOutFiles } from './out-files-diff.ts';
import { comparedStep } from './step-signature.ts';

/**
 * Compares two runs (full ids, as stored): steps aligned by what each did (step-signature.ts),
 * the first row where they part, out/ files diffed, figures and per-rubric scores side by side.
 * Runs of two tasks are compared too, with a warning saying so. `field` names the input ("a" or
 * "b") a refusal concerns.
 */
export function compareRuns(workspace: Workspace, idA: string, idB: string): RunComparison {
  if (idA === idB) throw new LhbError('bad_request', `Both runs are ${idA}: pick two different runs to compare.`, { field: 'b' });
  const [storedA, storedB] = [load(workspace, idA, 'a'), load(workspace, idB, 'b')];
  const a = comparedRun(workspace, idA, storedA);
  const b = comparedRun(workspace, idB, storedB);
  const warnings: string[] = [];
  const sameTask = a.task === b.task;
  if (!sameTask) warnings.push(`These runs are of different tasks (${a.task} and ${b.task}): they are compared all the same, but their differences may come from the tasks.`);
  for (const run of [a, b]) if (!run.hasTrajectory) warnings.push(`Run ${run.id} has no trajectory (imported without one): it has no steps to align.`);

  const stepsA = (storedA.trajectory?.steps ?? []).map((step) => comparedStep(step, storedA.trajectory!.harness));
  const stepsB = (storedB.trajectory?.steps ?? []).map((step) => comparedStep(step, storedB.trajectory!.harness));
  const rows = alignSequences(stepsA.map((s) => s.signature), stepsB.map((s) => s.signature), { pairUnequal: true });
  if (!rows) throw new LhbError('bad_request', `Runs ${a.id} and ${b.id} have too many steps to align (${stepsA.length} and ${stepsB.length}).`, { field: 'a' });
  const first = rows.findIndex((row) => row.kind !== 'same');
  const divergence = first < 0 ? null : { row: first, a: rows[first]!.a, b: rows[first]!.b };

  const files = diffOutFiles(workspace.blobs, storedA.run ? listRunFiles(workspace.db, storedA.run.id) : [], storedB.run ? listRunFiles(workspace.db, storedB.run.id) : []);
  const scores = scoreRows(listJudgmentViews(workspace.db, storedA.run?.id ?? idA), listJudgmentViews(workspace.db, storedB.run?.id ?? idB));
  return { a, b, sameTask, warnings, stepsA, stepsB, rows, divergence, files, scores };
}

function load(workspace: Workspace, id: string, field: 'a' | 'b'): StoredRun {
  const stored = readStoredRun(workspace, id);
  if (!stored) throw new LhbError('not_found', `No run ${id} in this workspace (run ${field.toUpperCase()}).`, { field });
  return stored;
}

function comparedRun(workspace: Workspace, id: string, stored: StoredRun): ComparedRun {
  const detail = runDetail(workspace, id)!;
  return {
    id: detail.id,
    task: detail.task,
    taskTitle: findTask(workspace.db, detail.task)?.title ?? null,
    harness: detail.harness,
    model: detail.model,
    versions: detail.versions,
    status: detail.status,
    studyId: detail.studyId,
    durationMs: detail.durationMs,
    tokens: stored.trajectory ? stored.trajectory.tokens : null,
    steps: detail.trajectory?.steps ?? null,
    toolCalls: detail.trajectory?.toolCalls ?? null,
    failedToolCalls: detail.trajectory?.failedToolCalls ?? null,
    errors: detail.errors,
    hasTrajectory: stored.trajectory !== null,
  };
}

/** One row per judge, rubric set, rubric and turn that scored either run, each side its newest judgment. */
function scoreRows(judgmentsA: readonly JudgmentView[], judgmentsB: readonly JudgmentView[]): ScoreRow[] {
  const rows = new Map<string, ScoreRow>();
  const newest = new Map<string, string>();
  const add = (judgments: readonly JudgmentView[], side: 'a' | 'b') => {
    for (const judgment of judgments) {
      const key = JSON.stringify([judgment.judge, judgment.rubricSet, judgment.rubric, judgment.turn]);
      const row = rows.get(key) ?? { judge: judgment.judge, rubricSet: judgment.rubricSet, rubric: judgment.rubric, turn: judgment.turn, a: null, b: null };
      const seen = newest.get(`${side}${key}`);
      if (seen === undefined || judgment.createdAt >= seen) {
        const score: ComparedScore = { score: judgment.score, level: judgment.level, status: judgment.status, evidence: judgment.evidence };
        row[side] = score;
        newest.set(`${side}${key}`, judgment.createdAt);
      }
      rows.set(key, row);
    }
  };
  add(judgmentsA, 'a');
  add(judgmentsB, 'b');
  return [...rows.values()].sort((x, y) => x.rubricSet.localeCompare(y.rubricSet) || x.rubric.localeCompare(y.rubric) || x.judge.localeCompare(y.judge) || (x.turn ?? 0) - (y.turn ?? 0));
}
