import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE } from '../../schemas/analysis-report.fixture.ts';
import { readAblationComparison, readCycles, readKruskal, readOverallAgreement, readPositionBias, readRecovery } from './report-readings.ts';

describe('reading the report in plain words', () => {
  it('reads position bias at α = 0.05', () => {
    const fine = readPositionBias(REPORT_FIXTURE.preference.positionBias);
    expect(fine.figures).toBe('Left chosen in 53.9% of 154 decided votes (83 left), two-sided binomial p = 0.3573.');
    expect(fine.verdict).toMatch(/^No sign of position bias/);
    const biased = readPositionBias({ left: 20, decided: 100, leftRate: 0.2, pValue: 0.00001 });
    expect(biased.figures).toContain('p < 0.0001');
    expect(biased.verdict).toContain('right side');
    expect(readPositionBias(EMPTY_REPORT_FIXTURE.preference.positionBias).figures).toMatch(/No vote picked a side/);
  });

  it('says "not enough data" for position bias when no split of so few votes could be told from chance', () => {
    // Three votes all for the left: two-sided p = 0.25, the smallest any split of three can get.
    const three = readPositionBias({ left: 3, decided: 3, leftRate: 1, pValue: 0.25 });
    expect(three.verdict).toBe('Not enough data (n = 3; at least 6 needed): even all votes on one side would not tell a bias from chance.');
    expect(three.verdict).not.toMatch(/No sign/);
    // Six all for the left (p = 0.031) can show it, so from six on the test speaks.
    expect(readPositionBias({ left: 6, decided: 6, leftRate: 1, pValue: 0.03125 }).verdict).toMatch(/^Possible position bias/);
    expect(readPositionBias({ left: 3, decided: 6, leftRate: 0.5, pValue: 1 }).verdict).toMatch(/^No sign of position bias/);
  });

  it('reads cycles, Kruskal–Wallis and overall agreement', () => {
    expect(readCycles(REPORT_FIXTURE.preference.cycles).figures).toBe('0 of 1 decided triad cyclic (cycle rate 0.0%).');
    expect(readKruskal(REPORT_FIXTURE.preference.winnerQuality.kruskal).figures).toBe('Kruskal–Wallis H = 14.38, p = 0.0008.');
    expect(readOverallAgreement(REPORT_FIXTURE.agreement.overall).figures).toBe('Mean pairwise quadratic κ 0.641 (substantial), 95% CI [0.573, 0.702] over tasks; cross-judge variance 0.0039.');
  });

  it('reads the recovery headline like the method authors state theirs', () => {
    expect(readRecovery(REPORT_FIXTURE.recovery).figures).toBe('70.3% of errors recovered: 45 of 64, 95% CI [59.4%, 80.0%], over 36 runs with a trajectory (12 imported).');
    expect(readRecovery({ ...EMPTY_REPORT_FIXTURE.recovery, runs: 1 }).figures).toBe('No errors in 1 run with a trajectory.');
  });

  it('reads a skill ablation’s paired difference per tier, with the cost change and whether the interval excludes zero', () => {
    const [claude, gemini] = REPORT_FIXTURE.ablation.groups;
    const reading = readAblationComparison(claude!.comparisons[0]!);
    expect(reading.figures).toBe(
      'Output tier (figma-output v2, 5-point): v2 − none +0.49 over 12 pairs (95% paired CI [+0.27, +0.73]); better in 10, worse in 1, tied in 1; sign test p = 0.0117. Mean cost per run -42.0% over 12 pairs reporting it.',
    );
    expect(reading.verdict).toBe('Output tier (figma-output v2, 5-point): v2 scores higher than none, its 95% paired interval above zero.');
    expect(readAblationComparison(gemini!.comparisons[0]!).verdict).toBe('No tier’s paired interval excludes zero: these pairs do not show v1 scoring differently from none.');
    expect(readAblationComparison({ ...gemini!.comparisons[0]!, scores: [] }).figures).toBe('v1 − none: 6 pairs of runs, none judged in both arms yet.');
  });
});
