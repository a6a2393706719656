import { describe, expect, it } from 'vitest';
import { assignSides, sidesFor, winnerRunId, type ShownOrder, type VoteChoice } from './assign-sides.ts';
import { schedulePairs, type ArenaRun, type ScheduledPair } from './schedule-pairs.ts';
import { createSeededRandom, type RandomSource } from './seeded-random.ts';

/** ln Γ(x) by the Lanczos approximation (g = 7, 9 terms; ~15 significant digits), reflected below 0.5. */
function lgamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < c.length; i++) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/**
 * Two-sided exact binomial p-value by the "minlike" rule (as R's binom.test): the total
 * probability of every outcome no more likely than the observed one, with relative tolerance
 * 1e-7 so outcomes equal up to rounding count. Computed in log space so n = 10,000 is fine.
 */
function binomialTwoSidedP(successes: number, trials: number, p = 0.5): number {
  const logChoose = lgamma(trials + 1);
  const logPmf = (k: number) => logChoose - lgamma(k + 1) - lgamma(trials - k + 1) + k * Math.log(p) + (trials - k) * Math.log1p(-p);
  const threshold = logPmf(successes) + Math.log1p(1e-7);
  let total = 0;
  for (let k = 0; k <= trials; k++) {
    const logP = logPmf(k);
    if (logP <= threshold) total += Math.exp(logP);
  }
  return Math.min(1, total);
}

const PAIR = { runA: 'run-a', runB: 'run-b' };

describe('binomialTwoSidedP (test helper)', () => {
  it('agrees with exact values', () => {
    expect(binomialTwoSidedP(7, 10)).toBeCloseTo(0.34375, 10); // 352/1024
    expect(binomialTwoSidedP(9, 10)).toBeCloseTo(0.021484375, 10); // 22/1024
    expect(binomialTwoSidedP(5, 10)).toBe(1);
    expect(binomialTwoSidedP(60, 100)).toBeCloseTo(0.05688793364098079, 9);
    expect(binomialTwoSidedP(5100, 10_000)).toBeCloseTo(0.04658552770494739, 9);
    expect(binomialTwoSidedP(3, 10, 0.2)).toBeCloseTo(0.429574656, 9);
    expect(binomialTwoSidedP(0, 10, 0.2)).toBeCloseTo(0.228248064, 9);
  });
});

describe('assignSides', () => {
  it('puts runA left for a low draw and runB left for a high one, recording which', () => {
    expect(assignSides(PAIR, { next: () => 0.1 })).toEqual({ left: 'run-a', right: 'run-b', shownOrder: 'a-left' });
    expect(assignSides(PAIR, { next: () => 0.9 })).toEqual({ left: 'run-b', right: 'run-a', shownOrder: 'b-left' });
  });

  it('draws afresh for every vote, so one pair shown twice can swap sides', () => {
    const random = createSeededRandom('repeat');
    const orders = new Set(Array.from({ length: 20 }, () => assignSides(PAIR, random).shownOrder));
    expect(orders).toEqual(new Set(['a-left', 'b-left']));
  });
});

describe('winnerRunId', () => {
  it('maps a positional choice back to the run that was on that side, and tie / both bad to no winner', () => {
    const cases: [ShownOrder, VoteChoice, string | null][] = [
      ['a-left', 'left', 'run-a'],
      ['a-left', 'right', 'run-b'],
      ['b-left', 'left', 'run-b'],
      ['b-left', 'right', 'run-a'],
      ['a-left', 'tie', null],
      ['b-left', 'both-bad', null],
    ];
    for (const [shownOrder, choice, winner] of cases) expect(winnerRunId(PAIR, shownOrder, choice)).toBe(winner);
  });
});

describe('randomisation acceptance', () => {
  // 250 tasks × 5 configurations × 2 replicates = 250 × C(5,2) × 4 = 10,000 pairs.
  const runs: ArenaRun[] = [];
  for (let t = 0; t < 250; t++) {
    for (let c = 0; c < 5; c++) for (let r = 0; r < 2; r++) runs.push({ runId: `run-${t}-${c}-${r}`, taskId: `task-${t}`, configId: `config-${c}` });
  }
  const configRank = new Map(runs.map((run) => [run.runId, Number(run.configId.slice('config-'.length))]));
  const queue = schedulePairs(runs, [], { seed: 'acceptance' });

  interface StoredVote {
    pairKey: string;
    shownLeft: string;
    shownRight: string;
    shownOrder: ShownOrder;
    choice: VoteChoice;
  }

  /** A position-blind expert: prefers the higher-ranked configuration; sometimes ties or rejects both. */
  function vote(pair: ScheduledPair, sides: { left: string; right: string; shownOrder: ShownOrder }, index: number): StoredVote {
    const choice: VoteChoice =
      index % 13 === 0 ? 'tie' : index % 17 === 0 ? 'both-bad' : configRank.get(sides.left)! > configRank.get(sides.right)! ? 'left' : 'right';
    return { pairKey: pair.pairKey, shownLeft: sides.left, shownRight: sides.right, shownOrder: sides.shownOrder, choice };
  }

  function session(sideRandom: RandomSource): StoredVote[] {
    return queue.map((pair, index) => vote(pair, assignSides(pair, sideRandom), index));
  }

  const leftRate = (votes: readonly StoredVote[]) => votes.filter((v) => v.shownOrder === 'a-left').length;

  it('10,000 scheduled votes give a left-position rate with two-sided binomial p > 0.01, and every stored vote maps back to the right runs', () => {
    expect(queue).toHaveLength(10_000);
    const votes = session(createSeededRandom('acceptance:sides'));
    expect(votes).toHaveLength(10_000);

    const aLeft = leftRate(votes);
    expect(binomialTwoSidedP(aLeft, votes.length)).toBeGreaterThan(0.01);
    // The voter ignores position, so their left choices are unbiased too.
    const decisive = votes.filter((v) => v.choice === 'left' || v.choice === 'right');
    expect(binomialTwoSidedP(decisive.filter((v) => v.choice === 'left').length, decisive.length)).toBeGreaterThan(0.01);

    const pairs = new Map(queue.map((pair) => [pair.pairKey, pair]));
    for (const [index, stored] of votes.entries()) {
      const pair = pairs.get(stored.pairKey)!;
      expect(sidesFor(pair, stored.shownOrder)).toEqual({ left: stored.shownLeft, right: stored.shownRight, shownOrder: stored.shownOrder });
      const better = configRank.get(pair.runA)! > configRank.get(pair.runB)! ? pair.runA : pair.runB;
      const expected = index % 13 === 0 || index % 17 === 0 ? null : better;
      expect(winnerRunId(pair, stored.shownOrder, stored.choice)).toBe(expected);
    }
  });

  it('detects a side chooser that puts runA left 55% of the time (so the check above can fail)', () => {
    const base = createSeededRandom('acceptance:biased');
    const biased: RandomSource = { next: () => (base.next() < 0.55 ? 0.25 : 0.75) };
    const votes = session(biased);
    expect(leftRate(votes) / votes.length).toBeGreaterThan(0.53);
    expect(binomialTwoSidedP(leftRate(votes), votes.length)).toBeLessThan(0.01);
  });
});
