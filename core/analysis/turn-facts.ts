import { dirname, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { TrajectoryErrorSchema, TrajectorySchema } from '../../schemas/trajectory.ts';
import { BlobStore } from '../store/blob-store.ts';
import type { ImportedRunTurnRow } from '../store/imported-run-facts-repository.ts';
import { revisionFootprint, type RevisionFootprint } from './revision-footprint.ts';

/**
 * What the per-turn analysis reads of one turn of a multi-turn run. Worked out once, from the
 * trajectory and the `out/` snapshots where they are stored, so the dataset export can carry
 * exactly these figures and an import of it reads the same (imported_run_turns, migration 025).
 */
export interface TurnFact {
  turn: number;
  status: 'succeeded' | 'failed';
  durationMs: number | null;
  tokensInput: number;
  tokensOutput: number;
  steps: number;
  /** Error→recovery events made by this turn's steps, and how many of them were recovered. */
  errors: number;
  recovered: number;
  /** For a revision turn, its footprint on `out/` against the turn before; null for turn 1 or when a snapshot's bytes are not stored. */
  footprint: RevisionFootprint | null;
}

const ErrorListSchema = TrajectoryErrorSchema.pick({ step: true, recovered: true }).array();

/** A workspace's stored blobs, read-only (the blob folder beside its database, open-workspace.ts): the report may be computed in a worker. */
export function workspaceBlobReader(db: Database): (sha256: string) => Buffer | undefined {
  const blobs = new BlobStore(join(dirname(db.name), 'blobs'), { readOnly: true });
  return (sha256) => (blobs.has(sha256) ? blobs.read(sha256) : undefined);
}

/**
 * A run's turns from its stored trajectory (`bytes`) and error events (`errorsJson`, the study
 * run's), reading the turns' snapshots with `readBlob`; null when the trajectory is missing, does
 * not parse or records fewer than two turns (a single-turn run).
 */
export function turnFactsOf(bytes: Buffer | undefined, errorsJson: string | null, readBlob: (sha256: string) => Buffer | undefined): TurnFact[] | null {
  // Most trajectories have one turn: skip parsing those, whose JSON never names `turns`.
  if (!bytes?.includes('"turns":')) return null;
  const parsed = TrajectorySchema.safeParse(JSON.parse(bytes.toString('utf8')));
  if (!parsed.success || (parsed.data.turns?.length ?? 0) < 2) return null;
  const { steps, turns } = parsed.data;
  const errors = errorsJson === null ? [] : (ErrorListSchema.safeParse(JSON.parse(errorsJson)).data ?? []);
  const errorTurns = errors.flatMap((error) => {
    const turn = steps[error.step]?.turn;
    return turn === undefined ? [] : [{ turn, recovered: error.recovered }];
  });
  return turns!.map((record) => {
    const before = turns!.find((t) => t.index === record.index - 1);
    const ofTurn = errorTurns.filter((error) => error.turn === record.index);
    return {
      turn: record.index,
      status: record.status,
      durationMs: record.durationMs,
      tokensInput: record.tokens.input,
      tokensOutput: record.tokens.output,
      steps: record.steps,
      errors: ofTurn.length,
      recovered: ofTurn.filter((error) => error.recovered).length,
      footprint: record.index > 1 && before ? (revisionFootprint(before.artifacts, record.artifacts, readBlob) ?? null) : null,
    };
  });
}

/** An imported run's turns as its dataset export gave them. */
export function turnFactsFromImport(rows: readonly ImportedRunTurnRow[]): TurnFact[] {
  return rows.map((row) => ({
    turn: row.turn,
    status: row.status,
    durationMs: row.duration_ms,
    tokensInput: row.tokens_input,
    tokensOutput: row.tokens_output,
    steps: row.steps,
    errors: row.errors,
    recovered: row.recovered_errors,
    footprint: row.files_changed === null ? null : { filesChanged: row.files_changed, linesChanged: row.lines_changed ?? 0, untouchedShare: row.untouched_share },
  }));
}
