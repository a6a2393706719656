import type { Trajectory, TrajectorySummary } from '../../../schemas/trajectory.ts';

/** The counts `lhb runs show` and `lhb runs parse` print for a trajectory. */
export function summariseTrajectory(trajectory: Trajectory): TrajectorySummary {
  let toolCalls = 0;
  let failedToolCalls = 0;
  for (const step of trajectory.steps) {
    toolCalls += step.toolCalls.length;
    for (const call of step.toolCalls) if (!call.ok) failedToolCalls++;
  }
  return { steps: trajectory.steps.length, toolCalls, failedToolCalls, tokens: { input: trajectory.tokens.input, output: trajectory.tokens.output } };
}
