import type { Database } from 'better-sqlite3';
import { TrajectorySchema, type Trajectory, type TrajectoryError, type TrajectoryTurn } from '../../../schemas/trajectory.ts';
import type { BlobStore } from '../../store/blob-store.ts';
import { listRunFiles, type RunFileRow, type RunRow } from '../../store/run-repository.ts';
import { findRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { findStudyRunByRunId } from '../../store/study-repository.ts';

/** Where a run's trajectory and files are read from. */
export interface RunTurnStore {
  db: Database;
  blobs: BlobStore;
}

/**
 * One turn of a multi-turn run, as judges and the arena show it: its number, the request it
 * answered, and its files (`out/` as the turn left it, from its snapshot; for the last turn also
 * what the run stored when it ended, captured frames included).
 */
export interface RunTurn {
  index: number;
  /** How many turns the run has. */
  of: number;
  /** The revision request the turn answered (the task's instruction for turn 1). */
  prompt: string;
  files: RunFileRow[];
  record: TrajectoryTurn;
}

export type RunTurnResult = { ok: true; turn: RunTurn | null } | { ok: false; reason: string };

/** The run's stored trajectory and errors: on its study run when executed here, in run_trajectories when imported (ATIF). */
export function storedTrajectoryOf(store: RunTurnStore, runId: string): { trajectory: Trajectory; errors: TrajectoryError[]; executedHere: boolean } | undefined {
  const studyRun = findStudyRunByRunId(store.db, runId);
  const imported = findRunTrajectory(store.db, runId);
  const source = studyRun?.trajectory_sha256 ? { sha256: studyRun.trajectory_sha256, errors: studyRun.errors_json } : imported ? { sha256: imported.trajectory_sha256, errors: imported.errors_json } : undefined;
  if (!source || !store.blobs.has(source.sha256)) return undefined;
  const trajectory = TrajectorySchema.parse(JSON.parse(store.blobs.read(source.sha256).toString('utf8')));
  return { trajectory, errors: source.errors ? (JSON.parse(source.errors) as TrajectoryError[]) : [], executedHere: studyRun !== undefined };
}

/**
 * The run's turns (none for a run without turns). A stored trajectory never changes under its
 * SHA-256, so its turns are kept by it: the arena asks for them on every pair and every asset
 * request, and parsing a long trajectory each time would be the whole cost of a request.
 */
function storedTurnsOf(store: RunTurnStore, runId: string): readonly TrajectoryTurn[] {
  const sha256 = findStudyRunByRunId(store.db, runId)?.trajectory_sha256 ?? findRunTrajectory(store.db, runId)?.trajectory_sha256;
  if (!sha256 || !store.blobs.has(sha256)) return [];
  const kept = turnsBySha256.get(sha256);
  if (kept) return kept;
  const turns = storedTrajectoryOf(store, runId)?.trajectory.turns ?? [];
  if (turnsBySha256.size >= KEPT_TRAJECTORIES) turnsBySha256.delete(turnsBySha256.keys().next().value as string);
  turnsBySha256.set(sha256, turns);
  return turns;
}

const KEPT_TRAJECTORIES = 1024;
const turnsBySha256 = new Map<string, readonly TrajectoryTurn[]>();

/** How many turns the run has: 1 for a run without turns (or whose trajectory is not stored). */
export function turnCountOf(store: RunTurnStore, runId: string): number {
  return Math.max(1, storedTurnsOf(store, runId).length);
}

/**
 * Turn `asked` of `run`, or by default its last. A run without turns is shown whole (null), and
 * asking it for turn 1 is the same; a turn it does not have is refused with why.
 */
export function runTurnOf(store: RunTurnStore, run: Pick<RunRow, 'id'>, asked: number | undefined): RunTurnResult {
  const turns = storedTurnsOf(store, run.id);
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

/** The files a run shows at turn `asked` (its stored files when it has no turns, or none is asked). */
export function runFilesAtTurn(store: RunTurnStore, runId: string, asked: number | null): RunFileRow[] {
  if (asked === null) return listRunFiles(store.db, runId);
  const result = runTurnOf(store, { id: runId }, asked);
  if (!result.ok) return [];
  return result.turn ? result.turn.files : listRunFiles(store.db, runId);
}
