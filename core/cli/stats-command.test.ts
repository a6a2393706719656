import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FIVE_SYSTEMS } from '../stats/comparisons.fixture.ts';
import { computeStatistic, STATISTIC_NAMES } from './stats-command.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

// Runs the CLI (LHB_NODE_ARGS) with JSON on stdin.
const SPAWNING_TEST_TIMEOUT_MS = 60_000;

const lhbStats = (name: string, stdin: string) => spawnSync(process.execPath, [...LHB_NODE_ARGS, 'stats', name], { encoding: 'utf8', input: stdin });

/** The printed JSON of a successful in-process run. */
function output(name: string, input: unknown): Record<string, unknown> {
  const result = computeStatistic(name, JSON.stringify(input));
  if (!result.ok) throw new Error(`expected ${name} to succeed: ${result.message}`);
  return JSON.parse(JSON.stringify(result.output)) as Record<string, unknown>;
}

function failure(name: string, text: string): string {
  const result = computeStatistic(name, text);
  if (result.ok) throw new Error(`expected ${name} to fail, got ${JSON.stringify(result.output)}`);
  return result.message;
}

describe('lhb stats (spawned)', () => {
  it('kappa reads JSON on stdin and prints JSON on stdout', () => {
    const result = lhbStats('kappa', JSON.stringify({ a: ['yes', 'yes', 'no', 'no'], b: ['yes', 'no', 'no', 'no'] }));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ kappa: 0.5 });
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('bt prints Elo ratings and seeded bootstrap intervals, the same on every run', () => {
    const input = JSON.stringify({ comparisons: FIVE_SYSTEMS, bootstrap: 200, seed: 7 });
    const first = lhbStats('bt', input);
    expect(first.status).toBe(0);
    const printed = JSON.parse(first.stdout) as { ratings: Record<string, number>; ci: Record<string, [number, number]>; flags?: unknown };
    // SciPy L-BFGS-B reference (see core/stats/bradley-terry.test.ts).
    expect(printed.ratings.alpha).toBeCloseTo(1114.5510110687349, 3);
    expect(printed.ratings.epsilon).toBeCloseTo(865.5530519229424, 3);
    expect(Object.keys(printed.ci)).toEqual(['alpha', 'beta', 'delta', 'epsilon', 'gamma']);
    expect(printed.flags).toBeUndefined();
    expect(lhbStats('bt', input).stdout).toBe(first.stdout);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it.each([
    ['kappa', '{"a": [1, 2], "b": "x"}', 'lhb stats kappa: b: expected an array'],
    ['kappa', 'not json', 'lhb stats kappa: stdin is not JSON'],
    ['kruskal', '{"groups": [[1, 2, 3]]}', 'lhb stats kruskal: groups: need at least two groups'],
    ['median', '{}', 'lhb stats: unknown statistic "median"; valid names: kappa, binomtest, kruskal, cohens-h, bt, cycles, bootstrap'],
  ])('%s with bad input (%s) exits 2 with one line naming the problem', (name, stdin, message) => {
    const result = lhbStats(name, stdin);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.startsWith(message)).toBe(true);
    // Exactly one line, ended, so the shell prompt starts on its own line.
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.split('\n')).toHaveLength(2);
  }, SPAWNING_TEST_TIMEOUT_MS);
});

describe('computeStatistic: each statistic', () => {
  it('kappa: weights, labels and the undefined case', () => {
    // NumPy transcription of sklearn's cohen_kappa_score, labels 1–4, quadratic weights.
    expect(output('kappa', { a: [1, 2, 3, 3], b: [1, 2, 2, 3], weights: 'quadratic', labels: [1, 2, 3, 4] }).kappa).toBeCloseTo(0.8, 12);
    expect(output('kappa', { a: [2, 2], b: [2, 2] })).toEqual({ kappa: null, reason: expect.stringMatching(/expected agreement is 1/) });
  });

  it('binomtest: the SciPy docstring example (3 of 15, p = 0.1, greater)', () => {
    expect(output('binomtest', { k: 3, n: 15, p: 0.1, alternative: 'greater' }).pvalue).toBeCloseTo(0.18406106910639114, 14);
    expect(output('binomtest', { k: 5, n: 10, p: 0.5 })).toEqual({ pvalue: 1 });
  });

  it('kruskal: the Hollander & Wolfe example', () => {
    const printed = output('kruskal', { groups: [[2.9, 3.0, 2.5, 2.6, 3.2], [3.8, 2.7, 4.0, 2.4], [2.8, 3.4, 3.7, 2.2, 2.0]] });
    expect(printed.h).toBeCloseTo(0.7714285714285722, 12);
    expect(printed.pvalue).toBeCloseTo(0.6799647735788936, 12);
    expect(output('kruskal', { groups: [[1, 1], [1]] })).toMatchObject({ h: null, pvalue: null });
  });

  it('cohens-h, cycles and bootstrap', () => {
    expect(output('cohens-h', { p1: 0.5, p2: 0.5 })).toEqual({ h: 0 });
    const rps = [
      { a: 'rock', b: 'scissors', winner: 'a' },
      { a: 'scissors', b: 'paper', winner: 'a' },
      { a: 'paper', b: 'rock', winner: 'a' },
    ];
    expect(output('cycles', { comparisons: rps })).toEqual({ triads: 1, cyclic: 1, rate: 1 });
    const input = { values: [1, 4, 2, 8, 5, 7], clusters: ['x', 'x', 'y', 'y', 'z', 'z'], resamples: 300, seed: 'rerun' };
    const interval = output('bootstrap', input);
    expect(interval.estimate).toBe(4.5);
    expect(output('bootstrap', input)).toEqual(interval);
    expect(output('bootstrap', { values: [1, 2, 9], weights: [1, 1, 0] }).estimate).toBe(1.5);
  });

  it('bt flags the systems that need the ridge', () => {
    const printed = output('bt', { comparisons: [{ a: 'x', b: 'y', winner: 'a' }, { a: 'y', b: 'z', winner: 'tie' }] });
    expect(printed.ci).toBeUndefined();
    // z never won but tied once, which counts as contact both ways: only x is flagged.
    expect(printed.flags).toEqual([expect.objectContaining({ code: 'no-losses', systems: ['x'] })]);
  });
});

describe('computeStatistic: bad input names the field', () => {
  it.each([
    ['kappa', { a: [1, 2, 3], b: [1, 2] }, 'lhb stats kappa: a and b differ in length (3 vs 2)'],
    ['kappa', { a: [1, 2], b: [1, 2], weights: 'cubic' }, 'lhb stats kappa: weights: expected "none", "linear" or "quadratic"'],
    ['kappa', { a: [1, 2], b: [1, 3], labels: [1, 2] }, 'lhb stats kappa: labels must include every rating: b[1] = 3 is missing'],
    ['binomtest', { k: 3, n: 15, p: 1.5 }, 'lhb stats binomtest: p: must be in [0, 1]'],
    ['binomtest', { k: 16, n: 15 }, 'lhb stats binomtest: k: must be at most n (15), got 16'],
    ['binomtest', { k: 1.5, n: 15 }, 'lhb stats binomtest: k: expected a whole number'],
    ['kruskal', { groups: [[1], []] }, 'lhb stats kruskal: groups[1]: a group needs at least one value'],
    ['cohens-h', { p1: -0.1, p2: 0.5 }, 'lhb stats cohens-h: p1: must be in [0, 1]'],
    ['cohens-h', { p1: 0.2 }, 'lhb stats cohens-h: p2: expected a number'],
    ['bt', { comparisons: [{ a: 'x', b: 'y', winner: 'left' }] }, 'lhb stats bt: comparisons[0].winner: expected "a", "b" or "tie"'],
    ['bt', { comparisons: [{ a: 'x', b: 'x', winner: 'a' }] }, 'lhb stats bt: comparisons[0].b: a system cannot be compared with itself (x)'],
    ['bt', { comparisons: [] }, 'lhb stats bt: comparisons: needs at least one comparison'],
    ['cycles', { comparisons: 'x' }, 'lhb stats cycles: comparisons: expected an array of {a, b, winner}'],
    ['bootstrap', { values: [1, 2], clusters: ['a'] }, 'lhb stats bootstrap: values and clusters differ in length (2 vs 1)'],
    ['bootstrap', { values: [1, 2], confidence: 1.2 }, 'lhb stats bootstrap: confidence: must be between 0 and 1'],
    ['bootstrap', [1, 2], 'lhb stats bootstrap: expected a JSON object such as {"values":[1,2,3],"seed":1}'],
  ])('%s %j → %s', (name, input, message) => {
    expect(failure(name, JSON.stringify(input))).toBe(message);
  });

  it('lists the valid names for an unknown one', () => {
    expect(failure('nope', '{}')).toBe(`lhb stats: unknown statistic "nope"; valid names: ${STATISTIC_NAMES.join(', ')}`);
  });
});
