import type { Trajectory, TrajectoryError } from '../../../schemas/trajectory.ts';
import type { RunTurn } from '../../runs/trajectory/run-turn.ts';

/** The part of a multi-turn trajectory one turn made: its steps (numbered as in the whole run), tokens, verdict, and the errors of those steps. */
export function turnSegment(trajectory: Trajectory, errors: readonly TrajectoryError[], turn: RunTurn): { trajectory: Trajectory; errors: TrajectoryError[] } {
  const steps = trajectory.steps.filter((step) => step.turn === turn.index);
  const positions = new Set(steps.map((step) => step.index));
  const outcome = turn.index === turn.of ? trajectory.outcome : turn.record.status === 'succeeded' ? 'completed' : 'failed';
  return { trajectory: { ...trajectory, steps, tokens: turn.record.tokens, outcome }, errors: errors.filter((error) => positions.has(error.step)) };
}
