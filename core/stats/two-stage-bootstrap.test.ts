import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';
import { bootstrapInterval } from './bootstrap.ts';
import { twoStageBootstrapInterval, type BootstrapCluster } from './two-stage-bootstrap.ts';

/** Approximately standard normal draws (sum of 12 uniforms − 6) from one seeded generator. */
function normal(random: { next(): number }): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += random.next();
  return sum - 6;
}

/** tasks × runs scores: a task effect (sd `taskSd`) shared by its runs, plus run noise (sd `runSd`), around `mean`. */
function hierarchical(seed: string, tasks: number, runs: number, mean: number, taskSd: number, runSd: number): BootstrapCluster[] {
  const random = createXoshiro128Random(seed);
  return Array.from({ length: tasks }, (_, t) => {
    const effect = taskSd * normal(random);
    return { id: `task-${String(t).padStart(2, '0')}`, units: Array.from({ length: runs }, (_, r) => ({ id: `run-${t}-${r}`, value: mean + effect + runSd * normal(random) })) };
  });
}

const cluster = (id: string, ...values: number[]): BootstrapCluster => ({ id, units: values.map((value, i) => ({ id: `${id}-r${i}`, value })) });

describe('twoStageBootstrapInterval', () => {
  it('estimates the mean over tasks of each task’s mean over runs, so a task with more runs weighs no more', () => {
    const result = twoStageBootstrapInterval([cluster('a', 1, 1, 1, 1), cluster('b', 3), cluster('c', 2, 4)], { seed: 'x', resamples: 200 });
    expect(result.estimate).toBe((1 + 3 + 3) / 3);
    expect(result).toMatchObject({ clusters: 3, units: 7 });
    expect(result.lo!).toBeLessThanOrEqual(result.estimate);
    expect(result.hi!).toBeGreaterThanOrEqual(result.estimate);
  });

  it('gives no interval with fewer than three tasks, rather than a zero-width one', () => {
    expect(twoStageBootstrapInterval([cluster('only', 3.5, 3.5)])).toEqual({ estimate: 3.5, lo: null, hi: null, clusters: 1, units: 2 });
    expect(twoStageBootstrapInterval([cluster('a', 3), cluster('b', 4, 5)])).toMatchObject({ estimate: 3.75, lo: null, hi: null, clusters: 2 });
    // From three on, an interval: a point only when every run scored the same.
    expect(twoStageBootstrapInterval([cluster('a', 4), cluster('b', 4, 4), cluster('c', 4)])).toMatchObject({ estimate: 4, lo: 4, hi: 4 });
  });

  it('gives the identical interval for the same seed, whatever order tasks and runs come in, and another for another seed', () => {
    const data = hierarchical('order', 8, 3, 3, 0.5, 0.4);
    const first = twoStageBootstrapInterval(data, { seed: 'lhb-analysis', resamples: 500 });
    const shuffled = [...data].reverse().map((c) => ({ id: c.id, units: [...c.units].reverse() }));
    expect(twoStageBootstrapInterval(shuffled, { seed: 'lhb-analysis', resamples: 500 })).toEqual(first);
    expect(twoStageBootstrapInterval(data, { seed: 'lhb-analysis', resamples: 500 })).toEqual(first);
    expect(twoStageBootstrapInterval(data, { seed: 'other', resamples: 500 }).lo).not.toBe(first.lo);
  });

  it('is wider than resampling task means alone when runs of a task disagree', () => {
    // Tasks agree on average but each task's runs spread widely: the task-only bootstrap sees little spread.
    const data = hierarchical('spread', 10, 2, 3, 0.05, 1);
    const twoStage = twoStageBootstrapInterval(data, { seed: 1 });
    const taskMeans = data.map((c) => c.units.reduce((s, u) => s + u.value, 0) / c.units.length);
    const tasksOnly = bootstrapInterval(taskMeans, { seed: 1 });
    expect(twoStage.estimate).toBeCloseTo(tasksOnly.estimate, 12);
    expect(twoStage.hi! - twoStage.lo!).toBeGreaterThan(tasksOnly.hi - tasksOnly.lo);
  });

  it('covers the true mean about 95% of the time on simulated tasks and runs', () => {
    // 200 studies of 12 tasks × 3 runs around a true mean of 3; a percentile interval from 12
    // tasks runs a little short of 95%, so the sanity band is wide but excludes a broken interval.
    let covered = 0;
    const studies = 200;
    for (let s = 0; s < studies; s++) {
      const { lo, hi } = twoStageBootstrapInterval(hierarchical(`study-${s}`, 12, 3, 3, 0.6, 0.5), { seed: s, resamples: 400 });
      if (lo! <= 3 && 3 <= hi!) covered++;
    }
    expect(covered / studies).toBeGreaterThan(0.85);
    expect(covered / studies).toBeLessThan(0.995);
  });

  it('names the field of bad input', () => {
    expect(() => twoStageBootstrapInterval([])).toThrow(/clusters must hold at least one cluster/);
    expect(() => twoStageBootstrapInterval([{ id: 't', units: [] }])).toThrow(/clusters\[0\] \(t\) must hold at least one unit/);
    expect(() => twoStageBootstrapInterval([cluster('t', 1), cluster('t', 2)])).toThrow(/clusters\[1\]\.id t is given twice/);
    expect(() => twoStageBootstrapInterval([cluster('t', Number.NaN)])).toThrow(/clusters\[0\]\.units\[0\]\.value must be a finite number/);
    expect(() => twoStageBootstrapInterval([cluster('t', 1)], { resamples: 0 })).toThrow(/resamples/);
    expect(() => twoStageBootstrapInterval([cluster('t', 1)], { confidence: 1 })).toThrow(/confidence/);
  });
});
