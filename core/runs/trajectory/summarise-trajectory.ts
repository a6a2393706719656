import type { Trajectory, TrajectorySummary } from '../../../schemas/trajectory.ts';

/**
 * The counts `lhb runs show` and `lhb runs parse` print for a trajectory, and a study run stores:
 * the whole run's, the steps and calls a long trajectory left out (`omitted`) included.
 */
export function summariseTrajectory(trajectory: Trajectory): TrajectorySummary {
  let toolCalls = trajectory.omitted?.toolCalls ?? 0;
  let failedToolCalls = trajectory.omitted?.failedToolCalls ?? 0;
  for (const step of trajectory.steps) {
    toolCalls += step.toolCalls.length;
    for (const call of step.toolCalls) if (!call.ok) failedToolCalls++;
  }
  const { tokens } = trajectory;
  return {
    steps: trajectory.steps.length + (trajectory.omitted?.steps ?? 0),
    toolCalls,
    failedToolCalls,
    tokens: { input: tokens.input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheWrite },
    ...(trajectory.usageByModel ? { usageByModel: trajectory.usageByModel } : {}),
  };
}
