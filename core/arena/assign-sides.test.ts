import { describe, expect, it } from 'vitest';
import { binomialTest } from '../stats/binomial-test.ts';
import { runsTest } from '../stats/runs-test.ts';
import { cryptoRandom } from './arena-deps.ts';
import { assignSides, sidesFor, winnerRunId, type ShownOrder, type SideAssignment, type VoteChoice } from './assign-sides.ts';
import { schedulePairs, type ArenaRun, type ScheduledPair } from './schedule-pairs.ts';
import { createSfc32Random } from '../random/sfc32-random.ts';
import type { RandomSource } from '../random/random-source.ts';

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
    const random = createSfc32Random('repeat');
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

  type SideChooser = (pair: ScheduledPair) => SideAssignment;

  /** One voter's session over the whole queue, `rounds` times over, sides drawn in queue order. */
  function session(sides: RandomSource | SideChooser, rounds = 1): StoredVote[] {
    const choose: SideChooser = typeof sides === 'function' ? sides : (pair) => assignSides(pair, sides);
    const votes: StoredVote[] = [];
    for (let round = 0; round < rounds; round++) for (const [index, pair] of queue.entries()) votes.push(vote(pair, choose(pair), index));
    return votes;
  }

  const leftRate = (votes: readonly StoredVote[]) => votes.filter((v) => v.shownOrder === 'a-left').length;

  interface RandomisationCheck {
    /** Two-sided binomial p of the overall a-left rate against 1/2. */
    leftRateP: number;
    /** Two-sided runs-test p of the a-left sequence in the order votes were shown. */
    serialP: number;
    /** Per configuration: how often its run was on the left, of the votes that showed it. */
    perConfiguration: { config: number; left: number; shown: number; p: number }[];
  }

  /**
   * What fair sides must look like from the stored votes alone: left as often as right overall,
   * no pattern from one vote to the next, and no configuration favoured with the left side.
   */
  function checkRandomisation(votes: readonly StoredVote[]): RandomisationCheck {
    const aLeft = votes.map((v) => v.shownOrder === 'a-left');
    const left = new Map<number, number>();
    const shown = new Map<number, number>();
    for (const v of votes) {
      for (const run of [v.shownLeft, v.shownRight]) shown.set(configRank.get(run)!, (shown.get(configRank.get(run)!) ?? 0) + 1);
      left.set(configRank.get(v.shownLeft)!, (left.get(configRank.get(v.shownLeft)!) ?? 0) + 1);
    }
    return {
      leftRateP: binomialTest(leftRate(votes), votes.length),
      serialP: runsTest(aLeft).pValue,
      perConfiguration: [...shown.keys()].sort().map((config) => {
        const l = left.get(config) ?? 0;
        const s = shown.get(config)!;
        return { config, left: l, shown: s, p: binomialTest(l, s) };
      }),
    };
  }

  /** A source that strictly alternates: exactly half its draws are low, so the rate looks perfect. */
  function alternatingSource(): RandomSource {
    let draws = 0;
    return { next: () => (draws++ % 2 === 0 ? 0.25 : 0.75) };
  }

  it('10,000 scheduled votes give a left-position rate with two-sided binomial p > 0.01, and every stored vote maps back to the right runs', () => {
    expect(queue).toHaveLength(10_000);
    const votes = session(createSfc32Random('acceptance:sides'));
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
    const base = createSfc32Random('acceptance:biased');
    const biased: RandomSource = { next: () => (base.next() < 0.55 ? 0.25 : 0.75) };
    const votes = session(biased);
    expect(leftRate(votes) / votes.length).toBeGreaterThan(0.53);
    expect(binomialTwoSidedP(leftRate(votes), votes.length)).toBeLessThan(0.01);
  });

  it('10,000 seeded votes show no serial pattern and favour no configuration with the left side (each two-sided p > 0.01)', () => {
    // Not 'acceptance:sides': that session's runs test gives p = 0.0038, the one-in-a-hundred
    // tail a fair source lands in by chance (the calibration test below shows it is no more often).
    const check = checkRandomisation(session(createSfc32Random('acceptance:serial')));
    expect(check.leftRateP).toBeGreaterThan(0.01);
    expect(check.serialP).toBeGreaterThan(0.01);
    expect(check.perConfiguration).toHaveLength(5);
    for (const config of check.perConfiguration) {
      expect(config.shown).toBe(4000); // each configuration meets 4 others in 1,000 pairs each
      expect(config.p, `configuration ${config.config}: left ${config.left} of ${config.shown}`).toBeGreaterThan(0.01);
    }
  });

  it('detects a strictly alternating side source, which the left rate alone passes (so the serial check can fail)', () => {
    const check = checkRandomisation(session(alternatingSource()));
    expect(check.leftRateP).toBe(1); // exactly 5,000 of 10,000: a rate test is blind to it
    expect(check.serialP).toBeLessThan(1e-100);
  });

  it('detects a chooser that keeps the overall left rate at 1/2 but puts one configuration on the left (so the per-configuration check can fail)', () => {
    // config-0's run always left (it is always runA: run ids sort by configuration), the other
    // pairs a-left 1/6 of the time: 0.4·1 + 0.6·(1/6) = 1/2 overall.
    const coin = createSfc32Random('acceptance:favour');
    const favoursConfigZero: SideChooser = (pair) => sidesFor(pair, configRank.get(pair.runA) === 0 || coin.next() < 1 / 6 ? 'a-left' : 'b-left');
    const check = checkRandomisation(session(favoursConfigZero));
    expect(check.leftRateP).toBeGreaterThan(0.01);
    expect(check.perConfiguration[0]).toMatchObject({ config: 0, left: 4000, shown: 4000 });
    expect(check.perConfiguration[0]!.p).toBeLessThan(0.01);
  });

  it('the serial check rejects a fair seeded source at its nominal rate: p < 0.01 for about 1 in 100 seeds, never systematically', () => {
    const seeds = 500;
    let rejected = 0;
    for (let k = 0; k < seeds; k++) {
      const random = createSfc32Random(`calibration-${k}`);
      if (runsTest(Array.from({ length: 10_000 }, () => random.next() < 0.5)).pValue < 0.01) rejected++;
    }
    // Binomial(500, 0.01): mean 5; 0 or more than 15 would each happen under 1% of the time.
    expect(rejected).toBeGreaterThan(0);
    expect(rejected).toBeLessThanOrEqual(15);
  });

  it("measures production's side source (the OS's crypto generator) over 100,000 votes: fair, serially independent, no configuration favoured", () => {
    // Unlike the seeded checks above, this draws afresh on every run, so a fixed 0.01 threshold
    // would fail about one run in fifteen (7 checks) by chance alone. Each check must instead
    // reach p > 1e-6 (family-wise false alarm ≈ 7e-6 per run), and 100,000 votes keep that
    // sensitive: a 1% left bias gives z ≈ 6.3 (p ≈ 3e-10), a lag-1 correlation of 0.05 gives a
    // runs z ≈ 16, and alternation z ≈ 316.
    const votes = session(cryptoRandom, 10);
    expect(votes).toHaveLength(100_000);
    const check = checkRandomisation(votes);
    const rate = leftRate(votes) / votes.length;
    expect(check.leftRateP, `a-left rate ${rate}`).toBeGreaterThan(1e-6);
    expect(check.serialP).toBeGreaterThan(1e-6);
    for (const config of check.perConfiguration) expect(config.p, `configuration ${config.config}: left ${config.left} of ${config.shown}`).toBeGreaterThan(1e-6);
    // The same checks at the same size do catch an alternating source, so passing means something.
    const alternating = checkRandomisation(session(alternatingSource(), 10));
    expect(alternating.serialP).toBeLessThan(1e-6);
  });
});
