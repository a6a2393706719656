import type { TokenCounts, Trajectory } from './trajectory.ts';

/**
 * A run's tokens as its transcript can account for them: what each step reports, and the part of
 * the run's total that no step reports. Harnesses differ here: Claude Code's stream gives each
 * message the API's usage at message_start (input known, output not yet counted) and leaves out
 * some calls, Codex and Gemini CLI give totals only. The step figures plus `outsideSteps` are the
 * run's total, so a reader adding up the steps lands on the figure shown for the run.
 */
export interface StepTokenLedger {
  /** The run's total, as the harness reported it (`trajectory.tokens`). */
  total: TokenCounts;
  /** Each step's own figures, by step index, for the steps that report any. */
  byStep: Map<number, TokenCounts>;
  /** The total less what the steps report; null when the steps account for all of it. */
  outsideSteps: TokenCounts | null;
}

const FIGURES = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

export function stepTokenLedger(trajectory: Pick<Trajectory, 'steps' | 'tokens'>): StepTokenLedger {
  const byStep = new Map<number, TokenCounts>();
  const ofSteps: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  for (const step of trajectory.steps) {
    if (!step.tokens) continue;
    byStep.set(step.index, step.tokens);
    for (const figure of FIGURES) ofSteps[figure] += step.tokens[figure];
  }
  // A step figure above the run's total (a harness whose total leaves something out) raises the
  // total shown rather than showing a negative remainder: the figures must still add up.
  const total = Object.fromEntries(FIGURES.map((figure) => [figure, Math.max(trajectory.tokens[figure], ofSteps[figure])])) as TokenCounts;
  const rest = Object.fromEntries(FIGURES.map((figure) => [figure, total[figure] - ofSteps[figure]])) as TokenCounts;
  return { total, byStep, outsideSteps: FIGURES.some((figure) => rest[figure] > 0) ? rest : null };
}
