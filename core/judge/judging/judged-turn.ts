import { TrajectorySchema, type Trajectory, type TrajectoryError, type TrajectoryTurn } from '../../../schemas/trajectory.ts';
import { listRunFiles, type RunFileRow, type RunRow } from '../../store/run-repository.ts';
import { findRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { findStudyRunByRunId } from '../../store/study-repository.ts';
import type { MaterialStore } from './load-judging-material.ts';

/**
 * The turn of a multi-turn run a judgment is about: its number, the request it answered, and its
 * files (`out/` as the turn left it, from its snapshot; for the last turn also what the run stored
 * when it ended, captured frames included).
 */
export interface JudgedTurn {
  index: number;
  /** How many turns the run has. */
  of: number;
  /** The revision request the turn answered (the task's instruction for turn 1). */
  prompt: string;
  files: RunFileRow[];
  record: TrajectoryTurn;
}

export type JudgedTurnResult = { ok: true; turn: JudgedTurn | null } | { ok: false; reason: string };

/** The run's stored trajectory and errors: on its study run when executed here, in run_trajectories when imported (ATIF). */
export function storedTrajectoryOf(store: MaterialStore, run: RunRow): { trajectory: Trajectory; errors: TrajectoryError[]; executedHere: boolean } | undefined {
  const studyRun = findStudyRunByRunId(store.db, run.id);
  const imported = findRunTrajectory(store.db, run.id);
  const source = studyRun?.trajectory_sha256 ? { sha256: studyRun.trajectory_sha256, errors: studyRun.errors_json } : imported ? { sha256: imported.trajectory_sha256, errors: imported.errors_json } : undefined;
  if (!source || !store.blobs.has(source.sha256)) return undefined;
  const trajectory = TrajectorySchema.parse(JSON.parse(store.blobs.read(source.sha256).toString('utf8')));
  return { trajectory, errors: source.errors ? (JSON.parse(source.errors) as TrajectoryError[]) : [], executedHere: studyRun !== undefined };
}

/**
 * Which turn of `run` is judged: `asked`, or by default the last. A run without turns is judged
 * whole (null), and asking it for turn 1 is the same; a turn it does not have is refused with why.
 */
export function judgedTurnOf(store: MaterialStore, run: RunRow, asked: number | undefined): JudgedTurnResult {
  const turns = storedTrajectoryOf(store, run)?.trajectory.turns ?? [];
  if (turns.length < 2) {
    if (asked === undefined || asked === 1) return { ok: true, turn: null };
    return { ok: false, reason: `it has one turn, not a turn ${asked}` };
  }
  const index = asked ?? turns.length;
  const record = turns.find((turn) => turn.index === index);
  if (!record) return { ok: false, reason: `it has ${turns.length} turns, not a turn ${index}` };
  const snapshot = record.artifacts.map((file) => ({ run_id: run.id, path: file.path, sha256: file.sha256, size_bytes: file.sizeBytes }));
  // The last turn's out/ is also what the run stored when it ended (frames captured then included); the stored file wins.
  const stored = index === turns.length ? listRunFiles(store.db, run.id) : [];
  const storedPaths = new Set(stored.map((file) => file.path));
  const files = [...stored, ...snapshot.filter((file) => !storedPaths.has(file.path))].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return { ok: true, turn: { index, of: turns.length, prompt: record.prompt, files, record } };
}

/** The part of a multi-turn trajectory one turn made: its steps (numbered as in the whole run), tokens, verdict, and the errors of those steps. */
export function turnSegment(trajectory: Trajectory, errors: readonly TrajectoryError[], turn: JudgedTurn): { trajectory: Trajectory; errors: TrajectoryError[] } {
  const steps = trajectory.steps.filter((step) => step.turn === turn.index);
  const positions = new Set(steps.map((step) => step.index));
  const outcome = turn.index === turn.of ? trajectory.outcome : turn.record.status === 'succeeded' ? 'completed' : 'failed';
  return { trajectory: { ...trajectory, steps, tokens: turn.record.tokens, outcome }, errors: errors.filter((error) => positions.has(error.step)) };
}
