import { randomInt } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { RandomSource } from '../random/random-source.ts';
import type { BlobStore } from '../store/blob-store.ts';

/** What an arena operation runs with: the workspace's database, and what tests may replace. */
export interface ArenaDeps {
  db: Database;
  /** Where runs' trajectories are read to show a turn of multi-turn runs; without it only whole runs are paired. */
  blobs?: BlobStore;
  /** Where the asset server answers (`http://localhost:PORT`); without one, items carry no URLs. */
  assetOrigin?: string;
  /** Side draws; default crypto-strong and uniform. Tests pass a seeded source. */
  random?: RandomSource;
  now?: () => Date;
}

/** Fair coin flips from the operating system's generator: the side draws when none is injected. */
export const cryptoRandom: RandomSource = { next: () => randomInt(0, 2 ** 47) / 2 ** 47 };

/** The time an arena operation stamps on what it writes. */
export const arenaNowIso = (deps: Pick<ArenaDeps, 'now'>) => (deps.now?.() ?? new Date()).toISOString();
