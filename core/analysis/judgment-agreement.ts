import type { JudgmentView } from '../../schemas/judge.ts';
import type { RubricAgreement } from '../../schemas/judging.ts';

/**
 * The judgments the Judges screen's agreement counts: real ones (not the demo's synthetic
 * records), made with a stored rubric set, and not left out for their set's task kind.
 */
export const countedForAgreement = (judgments: readonly JudgmentView[]): JudgmentView[] =>
  judgments.filter((j) => !j.synthetic && j.rubricSet !== '' && j.leftOut === null);

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
