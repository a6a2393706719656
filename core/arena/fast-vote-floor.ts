import type { Database } from 'better-sqlite3';
import { DEFAULT_FAST_VOTE_FLOOR_MS, MAX_FAST_VOTE_FLOOR_MS } from '../../schemas/arena.ts';
import { readMetaValue, writeMetaValue } from '../store/meta-repository.ts';
import { LhbError } from '../../schemas/lhb-error.ts';

// The workspace's fast-vote floor (schemas/arena.ts says what it is), kept in `meta`: a setting of
// the workspace, not a record the analysis reads (each vote keeps the floor it was judged by).

const META_KEY = 'arena.fast_vote_floor_ms';

/** The floor votes cast now are judged by. */
export function fastVoteFloorMs(db: Database): number {
  const stored = readMetaValue(db, META_KEY);
  const value = stored === undefined ? Number.NaN : Number(stored);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_FAST_VOTE_FLOOR_MS;
}

/** Sets the floor for votes cast from now on; votes already cast keep the floor they were judged by. */
export function setFastVoteFloorMs(db: Database, floorMs: number): number {
  if (!Number.isInteger(floorMs) || floorMs < 0 || floorMs > MAX_FAST_VOTE_FLOOR_MS) {
    throw new LhbError('bad_request', `The fast-vote floor must be a whole number of milliseconds from 0 to ${MAX_FAST_VOTE_FLOOR_MS} (got ${floorMs}); the floor was not changed.`);
  }
  writeMetaValue(db, META_KEY, String(floorMs));
  return floorMs;
}
