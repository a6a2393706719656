import { tokensLine } from '../../schemas/tokens-line.ts';
import type { TrajectoryErrorView, TrajectorySummary } from '../../schemas/trajectory.ts';

/**
 * One error as `lhb runs show` and `lhb runs parse` print it, steps numbered as the Runs screen
 * shows them: "step 1: not-found error, recovered at step 2: ls: nothing: No such file or directory".
 */
export function errorLine(error: TrajectoryErrorView): string {
  const recovery = !error.recovered
    ? 'not recovered'
    : error.recoveredAtStep === null
      ? 'recovered'
      : error.recoveredAtStep === error.step
        ? `recovered later in step ${error.step}`
        : `recovered at step ${error.recoveredAtStep}`;
  return `step ${error.step}: ${error.type} error, ${recovery}: ${error.message}`;
}

/** One line per model of a run's tokens, when its harness reports them per model. */
export function usageByModelLines(summary: TrajectorySummary): string[] {
  return Object.entries(summary.usageByModel ?? {}).map(([model, usage]) => `  ${model}: ${tokensLine(usage)}${usage.costUsd !== null ? `, $${usage.costUsd.toFixed(4)}` : ''}`);
}
