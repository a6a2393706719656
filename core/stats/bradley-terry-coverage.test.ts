import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';
import { ELO_BASE, ELO_MEAN, ELO_SCALE, fitBradleyTerry } from './bradley-terry.ts';
import type { PairwiseComparison } from './pairwise-comparison.ts';

const STUDIES = 400;
const SYSTEMS = 8;
const VOTES = 2_000;
const ROUNDS = 1_000;

/**
 * Simulated studies with known strengths: 8 systems 0.2 nats (≈ 35 Elo) apart in turn, 2,000
 * votes each drawn from the Bradley–Terry model itself (no ties, so the model the fit assumes is
 * the one that made the data). The bootstrap's 95 % intervals must cover each system's true
 * rating as often as they claim.
 */
describe('Bradley–Terry bootstrap intervals on simulated studies', () => {
  it(`cover the true ratings 93–97 % of the time (${STUDIES} studies × ${SYSTEMS} systems, ${ROUNDS} rounds each)`, () => {
    const random = createXoshiro128Random('bradley-terry-coverage-v1');
    const strength = Array.from({ length: SYSTEMS }, (_, i) => 0.2 * (i - (SYSTEMS - 1) / 2));
    const truth = strength.map((s) => ELO_MEAN + (ELO_SCALE / Math.log(ELO_BASE)) * s);
    const name = (i: number) => `system-${i}`;
    let covered = 0;
    let below = 0;
    let checked = 0;
    for (let study = 0; study < STUDIES; study++) {
      const votes: PairwiseComparison[] = Array.from({ length: VOTES }, () => {
        const i = random.int(SYSTEMS);
        const j = (i + 1 + random.int(SYSTEMS - 1)) % SYSTEMS;
        return { a: name(i), b: name(j), winner: random.next() < 1 / (1 + Math.exp(strength[j]! - strength[i]!)) ? 'a' : 'b' };
      });
      const { ci } = fitBradleyTerry(votes, { bootstrap: ROUNDS, seed: study });
      for (let i = 0; i < SYSTEMS; i++) {
        const [lo, hi] = ci![name(i)]!;
        checked++;
        if (truth[i]! < lo) below++;
        else if (truth[i]! <= hi) covered++;
      }
    }
    const coverage = covered / checked;
    expect(coverage).toBeGreaterThanOrEqual(0.93);
    expect(coverage).toBeLessThanOrEqual(0.97);
    // Misses fall on both sides about equally (neither tail much above its 2.5 %).
    const above = checked - covered - below;
    expect(below / checked).toBeLessThan(0.04);
    expect(above / checked).toBeLessThan(0.04);
  }, 600_000);
});
