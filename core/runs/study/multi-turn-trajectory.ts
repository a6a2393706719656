import type { Trajectory, TrajectoryOmitted, TrajectoryTurn } from '../../../schemas/trajectory.ts';
import type { HarnessAdapter } from '../harnesses/harness-adapter.ts';
import { NO_TOKENS } from '../trajectory/token-sums.ts';
import { sumTurnUsage, turnOwnUsage } from '../trajectory/turn-own-usage.ts';

export interface ExecutedTurn {
  record: Omit<TrajectoryTurn, 'steps' | 'tokens'>;
  /** The turn's own transcript, parsed; none when it left no transcript. */
  trajectory: Trajectory | undefined;
}

/**
 * One trajectory for a multi-turn run: each turn's steps in order, numbered through and marked
 * with their turn, each turn's own tokens and cost summed (a harness whose continued turns report
 * the session's running total has each counted once: `resumedTurnUsage`), the session and
 * versions of the first turn, the verdict of the last; `turns` holds each turn's record with its
 * own steps and tokens.
 */
export function mergeTurnTrajectories(turns: readonly ExecutedTurn[], resumedTurnUsage: HarnessAdapter['resumedTurnUsage']): Trajectory | undefined {
  const parsed = turns.filter((turn) => turn.trajectory !== undefined);
  const first = parsed[0]?.trajectory;
  if (!first) return undefined;
  const steps: Trajectory['steps'] = [];
  const records: TrajectoryTurn[] = [];
  let durationMs: number | null = 0;
  const warnings: string[] = [];
  let omitted: TrajectoryOmitted = { steps: 0, toolCalls: 0, failedToolCalls: 0 };
  const usages = turnOwnUsage(
    turns.map((turn) => ({ reported: turn.trajectory, inSession: turn.record.index === 1 || turn.record.resumed })),
    resumedTurnUsage,
  );
  for (const [position, turn] of turns.entries()) {
    const own = turn.trajectory;
    records.push({ ...turn.record, steps: (own?.steps.length ?? 0) + (own?.omitted?.steps ?? 0), tokens: usages[position]?.tokens ?? { ...NO_TOKENS } });
    if (!own) continue;
    for (const step of own.steps) steps.push({ ...step, index: steps.length, turn: turn.record.index });
    if (own.omitted) omitted = { steps: omitted.steps + own.omitted.steps, toolCalls: omitted.toolCalls + own.omitted.toolCalls, failedToolCalls: omitted.failedToolCalls + own.omitted.failedToolCalls };
    durationMs = durationMs === null || own.durationMs === null ? null : durationMs + own.durationMs;
    warnings.push(...own.warnings.map((warning) => `turn ${turn.record.index}: ${warning}`));
  }
  const last = parsed.at(-1)!.trajectory!;
  const usage = sumTurnUsage(usages);
  const merged: Trajectory = { ...first, steps, tokens: usage.tokens, costUsd: usage.costUsd, durationMs, outcome: last.outcome, warnings, turns: records };
  if (usage.usageByModel) merged.usageByModel = usage.usageByModel;
  else delete merged.usageByModel;
  // A turn's steps past the ones it kept stay counted in the run's.
  if (omitted.steps > 0 || omitted.toolCalls > 0) merged.omitted = omitted;
  else delete merged.omitted;
  return merged;
}
