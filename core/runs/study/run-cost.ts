import type { TokenPrice } from '../../../schemas/studies.ts';
import type { Trajectory } from '../../../schemas/trajectory.ts';

/**
 * What a run cost in US dollars: the harness's own figure when it reports one (Claude Code does,
 * from its provider's prices), else its tokens at its configuration's price per million tokens;
 * null when neither is known.
 */
export function runCostUsd(trajectory: Pick<Trajectory, 'costUsd' | 'tokens'>, price: TokenPrice | undefined): number | null {
  if (trajectory.costUsd !== null && trajectory.costUsd !== undefined) return trajectory.costUsd;
  if (!price) return null;
  return (trajectory.tokens.input * price.inputPerMillion + trajectory.tokens.output * price.outputPerMillion) / 1_000_000;
}
