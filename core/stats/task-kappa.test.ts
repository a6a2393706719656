import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';
import { cohensKappa } from './cohens-kappa.ts';
import { bootstrapCrossingP, drawOverTasks, taskInterval } from './task-bootstrap.ts';
import { kappaOfDraw, meanKappaOfDraw, taskConfusions, type RatedItem } from './task-kappa.ts';

const LABELS = [1, 2, 3, 4, 5];
// Two judges' scores of 12 tasks × 4 items (1–5).
const A = [[5, 4, 4, 3], [2, 2, 3, 1], [4, 5, 5, 4], [3, 3, 2, 2], [1, 2, 1, 1], [5, 5, 4, 5], [3, 4, 3, 3], [2, 1, 2, 2], [4, 4, 3, 5], [3, 2, 3, 4], [5, 4, 5, 5], [1, 1, 2, 1]];
const B = [[4, 4, 5, 3], [2, 3, 3, 1], [4, 4, 5, 5], [2, 3, 2, 3], [1, 1, 2, 1], [5, 4, 4, 5], [4, 4, 2, 3], [2, 2, 2, 1], [3, 4, 3, 4], [3, 3, 4, 4], [5, 5, 5, 4], [2, 1, 1, 1]];
const items: RatedItem<number>[] = A.flatMap((row, task) => row.map((a, i) => ({ task, a, b: B[task]![i]! })));

describe('κ resampled over tasks', () => {
  it('gives cohensKappa’s κ, to the bit, on the data as given', () => {
    const confusions = taskConfusions(items, 12, LABELS, 'quadratic');
    const kappa = cohensKappa(items.map((item) => item.a), items.map((item) => item.b), { weights: 'quadratic', labels: LABELS }).kappa;
    expect(kappaOfDraw(confusions, new Float64Array(12).fill(1))).toBe(kappa);
  });

  it('draws the percentile interval SciPy draws over the same tasks', () => {
    // scipy 1.17.1, numpy 2.4.6, run by hand: quadratic κ of the items of the drawn tasks,
    // bootstrap((np.arange(12),), stat, method='percentile', n_resamples=20000, vectorized=False,
    // random_state=np.random.default_rng(1)) → κ 0.8759398496240601, [0.7799976076555024, 0.9063840058149182].
    // Their draws are NumPy's and ours xoshiro128**: the two percentiles agree to Monte Carlo error.
    const confusions = taskConfusions(items, 12, LABELS, 'quadratic');
    const interval = taskInterval(drawOverTasks(12, (times) => kappaOfDraw(confusions, times), { resamples: 20000, seed: 'scipy-check' }));
    expect(interval.estimate).toBeCloseTo(0.8759398496240601, 12);
    expect(Math.abs(interval.lo! - 0.7799976076555024)).toBeLessThan(0.01);
    expect(Math.abs(interval.hi! - 0.9063840058149182)).toBeLessThan(0.01);
  });

  it('covers the true κ in 90–99% of 200 simulated studies whose tasks agree unevenly', () => {
    // Judge b copies judge a's score with probability p_t, else scores at random; both score uniformly
    // over 1–5, so the true κ (unweighted and quadratic alike) is the mean p_t, 0.6.
    const random = createXoshiro128Random('coverage');
    let covered = 0;
    for (let study = 0; study < 200; study++) {
      const simulated: RatedItem<number>[] = [];
      for (let task = 0; task < 20; task++) {
        const p = 0.4 + 0.4 * random.next();
        for (let item = 0; item < 6; item++) {
          const a = 1 + random.int(5);
          simulated.push({ task, a, b: random.next() < p ? a : 1 + random.int(5) });
        }
      }
      const confusions = taskConfusions(simulated, 20, LABELS, 'quadratic');
      const { lo, hi } = taskInterval(drawOverTasks(20, (times) => kappaOfDraw(confusions, times), { resamples: 1000, seed: study }));
      if (lo! <= 0.6 && 0.6 <= hi!) covered++;
    }
    expect(covered / 200).toBeGreaterThanOrEqual(0.9);
    expect(covered / 200).toBeLessThanOrEqual(0.99);
  });

  it('pairs two statistics drawn with one seed: the difference of two judges’ κ is tested on the same tasks', () => {
    // The second pair agrees less on every task: their paired difference is clearly above 0; with itself, exactly 0.
    const worse = items.map((item, i) => ({ ...item, b: i % 3 === 0 ? ((item.b % 5) + 1) : item.b }));
    const [first, second] = [taskConfusions(items, 12, LABELS, 'quadratic'), taskConfusions(worse, 12, LABELS, 'quadratic')];
    const difference = drawOverTasks(12, (times) => kappaOfDraw(first, times)! - kappaOfDraw(second, times)!, { resamples: 1000, seed: 1 });
    expect(taskInterval(difference).lo).toBeGreaterThan(0);
    expect(bootstrapCrossingP(difference)).toBeLessThan(0.01);
    const none = drawOverTasks(12, (times) => kappaOfDraw(first, times)! - kappaOfDraw(first, times)!, { resamples: 1000, seed: 1 });
    expect(bootstrapCrossingP(none)).toBe(1);
  });

  it('gives no interval under three tasks, nor when most resamples leave κ undefined', () => {
    const two = taskConfusions(items.filter((item) => item.task < 2), 2, LABELS, 'quadratic');
    expect(taskInterval(drawOverTasks(2, (times) => kappaOfDraw(two, times), { resamples: 100, seed: 1 }))).toMatchObject({ lo: null, hi: null });
    // Every task but one scored 3 by both: most resamples have nothing that varies.
    const flat = taskConfusions([...Array.from({ length: 9 }, (_, task) => ({ task, a: 3, b: 3 })), { task: 9, a: 1, b: 2 }], 10, LABELS, 'none');
    expect(taskInterval(drawOverTasks(10, (times) => kappaOfDraw(flat, times), { resamples: 200, seed: 1 }))).toMatchObject({ lo: null, hi: null });
    expect(meanKappaOfDraw([flat], new Float64Array(10).fill(0))).toBeNull();
  });
});
