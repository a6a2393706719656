import type { Trajectory, TrajectorySummary } from '../../../schemas/trajectory.ts';

/** The counts `lhb runs show` and `lhb runs parse` print for a trajectory. */
export function summariseTrajectory(trajectory: Trajectory): TrajectorySummary {
  let toolCalls = 0;
  let failedToolCalls = 0;
  for (const step of trajectory.steps) {
    toolCalls += step.toolCalls.length;
    for (const call of step.toolCalls) if (!call.ok) failedToolCalls++;
  }
  const { tokens } = trajectory;
  return {
    steps: trajectory.steps.length,
    toolCalls,
    failedToolCalls,
    tokens: { input: tokens.input, output: tokens.output, cacheRead: tokens.cacheRead, cacheWrite: tokens.cacheWrite },
    ...(trajectory.usageByModel ? { usageByModel: trajectory.usageByModel } : {}),
  };
}
