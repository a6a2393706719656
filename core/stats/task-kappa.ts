// κ resampled over tasks: each task's confusion matrix of two raters' labels, counted once, and
// κ of any resample as κ of the matrices added up as often as their tasks were drawn.

import { kappaFromConfusion, type KappaLabel, type KappaWeights } from './cohens-kappa.ts';

/** Two raters' labels of items, each item in one task (numbered 0 … tasks − 1). */
export interface RatedItem<L extends KappaLabel> {
  task: number;
  a: L;
  b: L;
}

/** One rater pair's labels as per-task confusion matrices (k × k, row-major), for kappaOfDraw. */
export interface TaskConfusions {
  k: number;
  weights: KappaWeights;
  /** tasks × k × k counts. */
  counts: Float64Array;
  items: number;
}

export function taskConfusions<L extends KappaLabel>(items: readonly RatedItem<L>[], tasks: number, labels: readonly L[], weights: KappaWeights): TaskConfusions {
  const k = labels.length;
  const position = new Map<KappaLabel, number>(labels.map((label, i) => [label, i]));
  const counts = new Float64Array(tasks * k * k);
  items.forEach((item, i) => {
    const row = position.get(item.a);
    const column = position.get(item.b);
    if (row === undefined || column === undefined) throw new RangeError(`labels must include every rating: item ${i} is rated ${JSON.stringify(item.a)} and ${JSON.stringify(item.b)}`);
    if (!Number.isSafeInteger(item.task) || item.task < 0 || item.task >= tasks) throw new RangeError(`items[${i}].task must be a task number from 0 to ${tasks - 1}, got ${item.task}`);
    counts[item.task * k * k + row * k + column]! += 1;
  });
  return { k, weights, counts, items: items.length };
}

/** κ of the items of the tasks as drawn (`times[t]`: how often task t was drawn); null where κ is undefined or no item was drawn. */
export function kappaOfDraw(confusions: TaskConfusions, times: ArrayLike<number>): number | null {
  const { k, counts } = confusions;
  const cells = k * k;
  const summed = new Float64Array(cells);
  let total = 0;
  for (let t = 0; t < times.length; t++) {
    const weight = times[t]!;
    if (weight === 0) continue;
    const at = t * cells;
    for (let c = 0; c < cells; c++) {
      const count = counts[at + c]!;
      summed[c]! += weight * count;
      total += weight * count;
    }
  }
  return total === 0 ? null : kappaFromConfusion(summed, k, confusions.weights);
}

/** The mean of the defined κ of several rater pairs on one draw (the mean pairwise κ); null when none is defined. */
export function meanKappaOfDraw(pairs: readonly TaskConfusions[], times: ArrayLike<number>): number | null {
  let sum = 0;
  let defined = 0;
  for (const pair of pairs) {
    const kappa = kappaOfDraw(pair, times);
    if (kappa !== null) {
      sum += kappa;
      defined++;
    }
  }
  return defined === 0 ? null : sum / defined;
}
