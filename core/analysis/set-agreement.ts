import type { SetKappaComparison } from '../../schemas/analysis.ts';
import { bootstrapCrossingP, drawOverTasks, taskInterval, type TaskBootstrapOptions } from '../stats/task-bootstrap.ts';
import { meanKappaOfDraw, type TaskConfusions } from '../stats/task-kappa.ts';
import { kappaOptions, numberTasks, pairConfusions, scoresByItem, type TaskNumbers } from './agreement.ts';
import type { StudyJudgment } from './study-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

type AuthoredBy = (set: { rubricSet: string; version: string; scale: number }) => string | null;

interface SetRows {
  rubricSet: string;
  version: string;
  rows: StudyJudgment[];
}

/** Runs a set has two judges' scores or more for. */
function runsWithTwoJudges(set: SetRows): Set<string> {
  const judges = new Map<string, Set<string>>();
  for (const j of set.rows) judges.set(j.run, (judges.get(j.run) ?? new Set()).add(j.judge));
  return new Set([...judges].filter(([, by]) => by.size >= 2).map(([run]) => run));
}

/** A set's judges and per-pair confusions over its items on `runs`, each item a (run, rubric). */
function setPairs(set: SetRows, runs: ReadonlySet<string>, tasks: TaskNumbers): { judges: string[]; confusions: TaskConfusions[] } {
  const rows = set.rows.filter((j) => runs.has(j.run));
  const items = scoresByItem(rows);
  const { labels } = kappaOptions(rows);
  const judges = [...new Set(rows.map((j) => j.judge))].sort(byText);
  const confusions = judges.flatMap((a, i) => judges.slice(i + 1).map((b) => pairConfusions(items, a, b, tasks, labels)));
  return { judges, confusions };
}

/**
 * Every two rubric set versions of one tier and scale judged on the same runs (a run counts when
 * each set has two judges' scores of it or more): each set's mean pairwise quadratic κ over its
 * (run, rubric) items on those runs, with a 95% bootstrap interval over tasks, and the difference
 * b − a (b the expert set when one of the two is, else the later by name and version) with a
 * paired bootstrap interval: each resample draws the tasks once and recomputes both κ on them, so
 * what the runs share cancels out. Its p is the two-sided share of resampled differences
 * crossing 0. Judgments made before sets were stored ('' set) are not compared.
 */
export function compareSetAgreement(judgments: readonly StudyJudgment[], taskOfRun: (run: string) => string, options: TaskBootstrapOptions, authoredBy: AuthoredBy): SetKappaComparison[] {
  const groups = new Map<string, { tier: StudyJudgment['tier']; scale: 3 | 5; sets: Map<string, SetRows> }>();
  for (const j of judgments) {
    if (j.rubricSet === '') continue;
    const key = JSON.stringify([j.tier, j.scale]);
    const group = groups.get(key) ?? { tier: j.tier, scale: j.scale, sets: new Map() };
    const setKey = JSON.stringify([j.rubricSet, j.version]);
    const set = group.sets.get(setKey) ?? { rubricSet: j.rubricSet, version: j.version, rows: [] };
    set.rows.push(j);
    group.sets.set(setKey, set);
    groups.set(key, group);
  }
  const tierOrder = ['process', 'output', 'content'];
  const comparisons: SetKappaComparison[] = [];
  for (const group of [...groups.values()].sort((x, y) => tierOrder.indexOf(x.tier) - tierOrder.indexOf(y.tier) || x.scale - y.scale)) {
    const sets = [...group.sets.values()].sort((x, y) => byText(x.rubricSet, y.rubricSet) || x.version.localeCompare(y.version, 'en', { numeric: true }));
    const author = (set: SetRows) => authoredBy({ rubricSet: set.rubricSet, version: set.version, scale: group.scale });
    for (let i = 0; i < sets.length; i++) {
      for (let k = i + 1; k < sets.length; k++) {
        // The experts' set is b, so the difference reads as what expert rubrics add.
        const [a, b] = author(sets[i]!) === 'expert' && author(sets[k]!) !== 'expert' ? [sets[k]!, sets[i]!] : [sets[i]!, sets[k]!];
        const shared = runsWithTwoJudges(a);
        const other = runsWithTwoJudges(b);
        const runs = new Set([...shared].filter((run) => other.has(run)));
        if (runs.size === 0) continue;
        const tasks = numberTasks(runs, taskOfRun);
        const [first, second] = [setPairs(a, runs, tasks), setPairs(b, runs, tasks)];
        const kappaOf = (set: SetRows, pairs: ReturnType<typeof setPairs>) => {
          const interval = taskInterval(drawOverTasks(tasks.tasks, (times) => meanKappaOfDraw(pairs.confusions, times), options));
          return { rubricSet: set.rubricSet, version: set.version, authoredBy: author(set), judges: pairs.judges, meanKappa: interval.estimate, lo: interval.lo, hi: interval.hi };
        };
        const draws = drawOverTasks(
          tasks.tasks,
          (times) => {
            const [x, y] = [meanKappaOfDraw(first.confusions, times), meanKappaOfDraw(second.confusions, times)];
            return x === null || y === null ? null : y - x;
          },
          options,
        );
        const difference = taskInterval(draws);
        comparisons.push({
          tier: group.tier,
          scale: group.scale,
          a: kappaOf(a, first),
          b: kappaOf(b, second),
          runs: runs.size,
          tasks: tasks.tasks,
          difference: difference.estimate,
          lo: difference.lo,
          hi: difference.hi,
          pValue: bootstrapCrossingP(draws),
        });
      }
    }
  }
  return comparisons;
}
