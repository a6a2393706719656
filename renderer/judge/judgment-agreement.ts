import type { JudgmentView } from '../../schemas/judge.ts';

/** How far judges agree on one rubric of one set version and scale, over the runs two or more judges scored. */
export interface RubricAgreement {
  rubricSet: string;
  version: string;
  scale: number;
  rubric: string;
  judges: number;
  /** Runs with at least two judges' scores. */
  runs: number;
  /** Share of judge pairs on those runs that gave the same score. */
  exact: number | null;
  /** Mean absolute difference between two judges' scores, as a share of the scale's range (0 = always equal). */
  meanGap: number | null;
  failed: number;
}

/** Per rubric: judges, runs, exact agreement and mean gap, from the scored judgments (failed ones counted apart). */
export function agreementPerRubric(judgments: readonly JudgmentView[]): RubricAgreement[] {
  const groups = new Map<string, { view: JudgmentView; byRun: Map<string, Map<string, number>>; judges: Set<string>; failed: number }>();
  for (const view of judgments) {
    const key = JSON.stringify([view.rubricSet, view.rubricSetVersion, view.scale, view.rubric]);
    const group = groups.get(key) ?? { view, byRun: new Map(), judges: new Set(), failed: 0 };
    if (view.status === 'failed' || view.score === null) group.failed++;
    else {
      group.judges.add(view.judge);
      group.byRun.set(view.runId, (group.byRun.get(view.runId) ?? new Map<string, number>()).set(view.judge, view.score));
    }
    groups.set(key, group);
  }
  return [...groups.values()]
    .map(({ view, byRun, judges, failed }) => {
      let pairs = 0;
      let same = 0;
      let gap = 0;
      let runs = 0;
      const range = view.scale === 3 ? 2 : 4;
      for (const scores of byRun.values()) {
        const values = [...scores.values()];
        if (values.length < 2) continue;
        runs++;
        for (let i = 0; i < values.length; i++) {
          for (let k = i + 1; k < values.length; k++) {
            pairs++;
            if (values[i] === values[k]) same++;
            gap += Math.abs(values[i]! - values[k]!) / range;
          }
        }
      }
      return { rubricSet: view.rubricSet, version: view.rubricSetVersion, scale: view.scale, rubric: view.rubric, judges: judges.size, runs, exact: pairs > 0 ? same / pairs : null, meanGap: pairs > 0 ? gap / pairs : null, failed };
    })
    .sort((a, b) => a.rubricSet.localeCompare(b.rubricSet) || a.version.localeCompare(b.version) || a.scale - b.scale || a.rubric.localeCompare(b.rubric));
}
