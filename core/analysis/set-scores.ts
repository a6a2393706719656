import { JudgeTierSchema, type JudgeTier } from '../../schemas/judge.ts';
import { rubricSetKey, type StoredRubricSets } from './rubric-weights.ts';
import type { StudyJudgment } from './study-data.ts';

/** One rubric set version at one scale in one tier: what one leaderboard, and one alignment, is of. */
export interface SetKey {
  tier: JudgeTier;
  /** '' for judgments made before sets were stored (then `version` is '' too: their rubrics carry their own versions). */
  rubricSet: string;
  version: string;
  scale: 3 | 5;
}

/** The method's scores of one set's judgments: each judge's weighted set score of each run, and each rubric's mean. */
export interface SetScores {
  key: SetKey;
  /** The set's rubrics, in its order, with weights normalised to sum to 1. */
  rubrics: { rubric: string; weight: number }[];
  /** `stored`: the stored set's weights; `equal`: the set is not stored (or made before sets were), so its judged rubrics weigh alike. */
  weights: 'stored' | 'equal';
  /** Every judge with a score in this set, sorted. */
  judges: string[];
  /** Run → judge → S = Σ wᵢ sᵢ over the set's rubrics, for each judge that scored every rubric of the set for that run. */
  byRun: Map<string, Map<string, number>>;
  /** Run → rubric → mean over judges of that rubric's score (every judge that scored it). */
  rubricMeans: Map<string, Map<string, number>>;
  /** (judge, run) scores left out because that judge has no score for some rubric of the set for that run. */
  incomplete: number;
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const TIER_ORDER = JudgeTierSchema.options;

/** A judgment's set: its stored set version and scale, or for judgments made before sets were stored, its tier and scale alone. */
const keyOf = (j: StudyJudgment): SetKey => ({ tier: j.tier, rubricSet: j.rubricSet, version: j.rubricSet === '' ? '' : j.version, scale: j.scale });

/**
 * Groups judgments by tier, set version and scale (never two sets or two scales together) and
 * scores each run as the method does: a judge's score of a run is S = Σ wᵢ sᵢ with the set's
 * weights normalised so Σ wᵢ = 1 over the rubrics the set has. A judge that did not score every
 * rubric of the set for a run (a failed or skipped rubric) gives that run no score: it is left
 * out, not renormalised over the rubrics it did score, and counted in `incomplete`. Scores are on
 * the set's own scale (0–2 or 1–5). A judge scoring one rubric of a run twice counts its mean.
 * Judgments of a stored set naming a rubric the set does not have are not counted. Each run's
 * judges are kept in name order (sums never depend on the order judgments were stored). Groups in
 * tier order (process, output, content), then by set, version and scale.
 */
export function scoreSets(judgments: readonly StudyJudgment[], stored: StoredRubricSets): SetScores[] {
  const groups = new Map<string, { key: SetKey; rows: StudyJudgment[] }>();
  for (const j of judgments) {
    const key = keyOf(j);
    const id = JSON.stringify([key.tier, key.rubricSet, key.version, key.scale]);
    const group = groups.get(id);
    if (group) group.rows.push(j);
    else groups.set(id, { key, rows: [j] });
  }
  return [...groups.values()]
    .sort((x, y) => TIER_ORDER.indexOf(x.key.tier) - TIER_ORDER.indexOf(y.key.tier) || byText(x.key.rubricSet, y.key.rubricSet) || byText(x.key.version, y.key.version) || x.key.scale - y.key.scale)
    .map(({ key, rows }) => scoreSet(key, rows, key.rubricSet === '' ? undefined : stored.get(rubricSetKey(key.rubricSet, key.version, key.scale))));
}

function scoreSet(key: SetKey, rows: readonly StudyJudgment[], definition: { rubric: string; weight: number }[] | undefined): SetScores {
  const total = definition?.reduce((sum, r) => sum + r.weight, 0) ?? 0;
  const weights = definition && definition.length > 0 && total > 0 ? 'stored' : 'equal';
  const names = weights === 'stored' ? definition!.map((r) => r.rubric) : [...new Set(rows.map((j) => j.rubric))].sort(byText);
  const rubrics = names.map((rubric, i) => ({ rubric, weight: weights === 'stored' ? definition![i]!.weight / total : 1 / names.length }));
  const known = new Set(names);

  // run → judge → rubric → [sum, count]
  const scores = new Map<string, Map<string, Map<string, [number, number]>>>();
  for (const j of rows) {
    if (!known.has(j.rubric)) continue;
    const perJudge = scores.get(j.run) ?? new Map<string, Map<string, [number, number]>>();
    const perRubric = perJudge.get(j.judge) ?? new Map<string, [number, number]>();
    const [sum, count] = perRubric.get(j.rubric) ?? [0, 0];
    perRubric.set(j.rubric, [sum + j.score, count + 1]);
    perJudge.set(j.judge, perRubric);
    scores.set(j.run, perJudge);
  }

  const byRun = new Map<string, Map<string, number>>();
  const rubricMeans = new Map<string, Map<string, number>>();
  let incomplete = 0;
  for (const [run, perJudge] of scores) {
    const judged = new Map<string, number>();
    const rubricSums = new Map<string, [number, number]>();
    // Judges in name order, so every sum below adds in the same order however the judgments were stored.
    for (const [judge, perRubric] of [...perJudge].sort(([x], [y]) => byText(x, y))) {
      let score = 0;
      let complete = true;
      for (const { rubric, weight } of rubrics) {
        const entry = perRubric.get(rubric);
        if (!entry) {
          complete = false;
          continue;
        }
        const mean = entry[0] / entry[1];
        score += weight * mean;
        const [sum, count] = rubricSums.get(rubric) ?? [0, 0];
        rubricSums.set(rubric, [sum + mean, count + 1]);
      }
      if (complete) judged.set(judge, score);
      else incomplete++;
    }
    if (judged.size > 0) byRun.set(run, judged);
    rubricMeans.set(run, new Map([...rubricSums].map(([rubric, [sum, count]]) => [rubric, sum / count])));
  }
  return { key, rubrics, weights, judges: [...new Set(rows.map((j) => j.judge))].sort(byText), byRun, rubricMeans, incomplete };
}

/** A run's score: the mean over the judges that scored it (each with its weighted set score). */
export function runScore(judged: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const score of judged.values()) sum += score;
  return sum / judged.size;
}
