import type { Database } from 'better-sqlite3';
import { scaleLevels, type JudgeTier, type RubricAuthor, type RubricScale } from '../../../schemas/judge.ts';
import type { TaskKind } from '../../../schemas/arena.ts';
import type { RubricSetComparison } from '../../../schemas/judging.ts';
import { listJudgedRunTaskKinds, listJudgments, type JudgmentRow } from '../../store/judgment-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { listRuns } from '../../store/run-repository.ts';
import { cohensKappa } from '../../stats/cohens-kappa.ts';
import { landisKochBand } from '../../stats/mean-pairwise-kappa.ts';
import { judgmentKindCheck } from '../rubrics/judgment-kind-check.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

interface SetGroup {
  rubricSet: string;
  version: string;
  scale: RubricScale;
  rows: JudgmentRow[];
}

/** Mean pairwise quadratic κ over items (keys) scored by both judges of each pair. */
function pairwise(items: Map<string, Map<string, number>>, judges: string[], labels: number[]) {
  const pairs: { judgeA: string; judgeB: string; kappa: number | null; n: number }[] = [];
  for (let i = 0; i < judges.length; i++) {
    for (let k = i + 1; k < judges.length; k++) {
      const a: number[] = [];
      const b: number[] = [];
      for (const scores of items.values()) {
        const x = scores.get(judges[i]!);
        const y = scores.get(judges[k]!);
        if (x !== undefined && y !== undefined) {
          a.push(x);
          b.push(y);
        }
      }
      pairs.push({ judgeA: judges[i]!, judgeB: judges[k]!, kappa: a.length === 0 ? null : cohensKappa(a, b, { weights: 'quadratic', labels }).kappa, n: a.length });
    }
  }
  const defined = pairs.flatMap((pair) => (pair.kappa === null ? [] : [pair.kappa]));
  const meanKappa = defined.length > 0 ? defined.reduce((sum, kappa) => sum + kappa, 0) / defined.length : null;
  return { pairs, meanKappa };
}

type AuthoredBy = (set: { rubricSet: string; version: string; scale: RubricScale }) => RubricAuthor | null;

/**
 * The expert-vs-generic comparison: for every rubric set version (and scale) judged at a tier,
 * the judges' mean pairwise quadratic-weighted κ over its (run, rubric) items, computed only on
 * the runs that every compared set was judged on by at least two judges, so the sets are
 * compared on the same runs. Runs of each task kind are compared apart (their sets differ), and
 * judgments made with a set for another kind are left out and counted. Synthetic judgments are
 * left out unless asked for.
 */
export function compareRubricSets(db: Database, tier: JudgeTier, options: { includeSynthetic?: boolean; authoredBy?: AuthoredBy } = {}): RubricSetComparison {
  const project = findCurrentProject(db);
  if (!project) return { tier, kinds: [], leftOut: 0 };
  // The demo's runs (its arena bundles) are left out with the synthetic ones: their judgments are the demo's.
  const syntheticRuns = new Set(listRuns(db, project.id).filter((run) => run.synthetic === 1 || run.demo === 1).map((run) => run.id));
  const check = judgmentKindCheck(db);
  const atTier = listJudgments(db, project.id, { excludeSynthetic: !options.includeSynthetic }).filter(
    (row) => row.tier === tier && row.rubric_set !== '' && row.score !== null && (options.includeSynthetic || !syntheticRuns.has(row.run_id)),
  );
  const rows = atTier.filter((row) => check.leftOut(row) === null);
  const kindOf = new Map(listJudgedRunTaskKinds(db).map((row) => [row.run_id, row.kind]));
  const kinds = ([...new Set(rows.map((row) => kindOf.get(row.run_id)!))] as TaskKind[]).sort(byText);
  return {
    tier,
    kinds: kinds.map((taskKind) => ({ taskKind, ...compareOnRuns(rows.filter((row) => kindOf.get(row.run_id) === taskKind), options.authoredBy) })),
    leftOut: atTier.length - rows.length,
  };
}

/** κ per set version over the runs every set was judged on. */
function compareOnRuns(rows: readonly JudgmentRow[], authoredBy: AuthoredBy | undefined): Omit<RubricSetComparison['kinds'][number], 'taskKind'> {
  const groups = new Map<string, SetGroup>();
  for (const row of rows) {
    const key = JSON.stringify([row.rubric_set, row.rubric_version, row.scale]);
    const group = groups.get(key) ?? { rubricSet: row.rubric_set, version: row.rubric_version, scale: row.scale, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  // Runs each set has at least two judges' scores for; the comparison uses the runs all sets share.
  const runsOf = (group: SetGroup) => {
    const judgesByRun = new Map<string, Set<string>>();
    for (const row of group.rows) judgesByRun.set(row.run_id, (judgesByRun.get(row.run_id) ?? new Set()).add(row.judge));
    return new Set([...judgesByRun].filter(([, judges]) => judges.size >= 2).map(([run]) => run));
  };
  const list = [...groups.values()].sort((x, y) => byText(x.rubricSet, y.rubricSet) || byText(x.version, y.version) || x.scale - y.scale);
  const runSets = list.map(runsOf);
  const common = runSets.length === 0 ? new Set<string>() : runSets.reduce((shared, runs) => new Set([...shared].filter((run) => runs.has(run))));
  return {
    commonRuns: common.size,
    sets: list.map((group) => {
      const labels = scaleLevels(group.scale).map(Number);
      const counted = group.rows.filter((row) => common.has(row.run_id));
      const judges = [...new Set(counted.map((row) => row.judge))].sort(byText);
      const items = new Map<string, Map<string, number>>();
      const byRubric = new Map<string, Map<string, Map<string, number>>>();
      for (const row of counted) {
        const key = `${row.run_id}\u0000${row.rubric}`;
        items.set(key, (items.get(key) ?? new Map<string, number>()).set(row.judge, row.score!));
        const rubricItems = byRubric.get(row.rubric) ?? new Map<string, Map<string, number>>();
        rubricItems.set(row.run_id, (rubricItems.get(row.run_id) ?? new Map<string, number>()).set(row.judge, row.score!));
        byRubric.set(row.rubric, rubricItems);
      }
      const { pairs, meanKappa } = pairwise(items, judges, labels);
      return {
        rubricSet: group.rubricSet,
        version: group.version,
        scale: group.scale,
        authoredBy: authoredBy?.(group) ?? null,
        judges,
        runs: new Set(counted.map((row) => row.run_id)).size,
        items: items.size,
        meanKappa,
        band: meanKappa === null ? null : landisKochBand(meanKappa),
        pairs,
        perRubric: [...byRubric].sort(([x], [y]) => byText(x, y)).map(([rubric, rubricItems]) => ({ rubric, meanKappa: pairwise(rubricItems, judges, labels).meanKappa, n: rubricItems.size })),
      };
    }),
  };
}
