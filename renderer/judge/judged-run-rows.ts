import type { RunSummary } from '../../schemas/arena.ts';
import type { JudgmentView, RubricScale } from '../../schemas/judge.ts';

/** One judged run as the Judgments list shows it: its task, its configuration (when shown) and its scores. */
export interface JudgedRunRow {
  runId: string;
  /** "Quillmoss marketing pages from the Figma file, run 2": runs of one task are told apart by number, not by id. */
  name: string;
  /** "claude-code · claude-sonnet-4-5 · skill v2", or "configuration hidden" while the list is blind. */
  configuration: string;
  /** "mean 4.0 of 1–5 · 8 scored, 0 failed · 2 judges". */
  scores: string;
}

const RANGE: Record<RubricScale, string> = { 5: '1–5', 3: '0–2' };

function scoresText(judgments: readonly JudgmentView[]): string {
  const counted = judgments.filter((j) => j.leftOut === null);
  const scored = counted.filter((j) => j.status === 'ok' && j.score !== null);
  const means = ([5, 3] as const).flatMap((scale) => {
    const own = scored.filter((j) => j.scale === scale);
    return own.length === 0 ? [] : [`mean ${(own.reduce((sum, j) => sum + j.score!, 0) / own.length).toFixed(1)} of ${RANGE[scale]}`];
  });
  const leftOut = judgments.length - counted.length;
  const judges = new Set(judgments.map((j) => j.judge)).size;
  return [
    ...(means.length > 0 ? [means.join(', ')] : ['no score']),
    `${scored.length} scored, ${counted.length - scored.length} failed${leftOut > 0 ? `, ${leftOut} left out` : ''}`,
    `${judges} judge${judges === 1 ? '' : 's'}`,
  ].join(' · ');
}

function configurationText(run: RunSummary | undefined): string {
  if (!run) return 'configuration unknown (the run is no longer listed)';
  const skill = run.versions.skill ? ` · skill ${run.versions.skill}` : '';
  return `${run.harness} · ${run.model}${skill}`;
}

/** The judged runs, by task and then in a stable order, numbered within their task. */
export function judgedRunRows(judgments: readonly JudgmentView[], runsById: Readonly<Record<string, RunSummary>>, showConfigurations: boolean): JudgedRunRow[] {
  const byRun = new Map<string, JudgmentView[]>();
  for (const j of judgments) byRun.set(j.runId, [...(byRun.get(j.runId) ?? []), j]);
  const taskOf = (runId: string) => runsById[runId]?.taskTitle ?? 'A run no longer in the workspace';
  const ordered = [...byRun.keys()].sort((a, b) => taskOf(a).localeCompare(taskOf(b)) || a.localeCompare(b));
  const perTask = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const runId of ordered) totals.set(taskOf(runId), (totals.get(taskOf(runId)) ?? 0) + 1);
  return ordered.map((runId) => {
    const task = taskOf(runId);
    const n = (perTask.get(task) ?? 0) + 1;
    perTask.set(task, n);
    return {
      runId,
      name: totals.get(task)! > 1 ? `${task}, run ${n}` : task,
      configuration: showConfigurations ? configurationText(runsById[runId]) : 'configuration hidden',
      scores: scoresText(byRun.get(runId)!),
    };
  });
}
