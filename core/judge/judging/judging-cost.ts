import type { JudgeConfig } from '../../../schemas/judge.ts';

/** Dollars for a reply's tokens at the judge's price, or null when the judge has none. */
export function costOf(judge: Pick<JudgeConfig, 'pricePerMillion'>, usage: { input: number; output: number }): number | null {
  if (!judge.pricePerMillion) return null;
  return (usage.input * judge.pricePerMillion.input + usage.output * judge.pricePerMillion.output) / 1_000_000;
}

/** The cost so far as progress and the summary say it: the known part, and which judges have no price. */
export function describeCost(summary: { costUsd: number; unpricedJudges: readonly string[] }, judges: number, soFar: boolean): string {
  const unpriced = summary.unpricedJudges;
  if (unpriced.length > 0 && unpriced.length === judges) return `cost unknown (no judge has a price: ${unpriced.join(', ')})`;
  const known = `$${summary.costUsd.toFixed(4)}${soFar ? ' so far' : ''}`;
  return unpriced.length === 0 ? known : `${known} (no price for ${unpriced.join(', ')})`;
}
