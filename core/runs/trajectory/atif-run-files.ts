import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Trajectory, TrajectoryError } from '../../../schemas/trajectory.ts';
import { BundleError, describeJsonError, resolveInside } from '../files-inside-folder.ts';
import { importAtif } from './atif.ts';
import { refuseMultiStepTrial } from './atif-harbor-trial.ts';
import { extractErrors } from './extract-errors.ts';

/**
 * Where a folder being imported may carry a Harbor ATIF trajectory: `trajectory.json` beside
 * run.json (an output bundle that brings its trajectory), or `agent/trajectory.json` (where
 * Harbor's agents write it inside a trial folder). A folder with both is refused.
 */
export const ATIF_FILE_PATHS = ['trajectory.json', 'agent/trajectory.json'] as const;

/** Largest trajectory.json read (bytes): the same cap as one artifact file. */
export const MAX_ATIF_FILE_BYTES = 200 * 1024 * 1024;

/** A folder's ATIF trajectory, read and checked: nothing is stored yet. */
export interface FolderTrajectory {
  /** Where the file is inside the folder, '/'-separated (one of ATIF_FILE_PATHS). */
  path: string;
  /** The absolute path the user knows (for messages). */
  shown: string;
  bytes: Buffer;
  sha256: string;
  trajectory: Trajectory;
  errors: TrajectoryError[];
}

/** The folder's ATIF file (inside it, links not followed out), or undefined when it has none. */
export function findAtifFile(root: string): { path: string; real: string; shown: string } | undefined {
  const found = ATIF_FILE_PATHS.flatMap((path) => {
    const real = resolveInside(root, path);
    return real !== undefined && statSync(real).isFile() ? [{ path, real, shown: join(root, path) }] : [];
  });
  const [first, second] = found;
  if (second !== undefined) {
    throw new BundleError(second.shown, undefined, `${root}: has both ${first!.path} and ${second.path}. Nothing was imported; keep the one trajectory that belongs to this run.`);
  }
  return first;
}

/**
 * Reads the folder's ATIF trajectory into our trajectory with its error→recovery events, or
 * returns undefined when it has none. A file that is not JSON, or not ATIF, throws an error that
 * names the file and the field (core/runs/trajectory/atif.ts), so the folder fails alone; so does
 * a multi-step Harbor trial, which has several.
 */
export function readFolderTrajectory(root: string): FolderTrajectory | undefined {
  refuseMultiStepTrial(root);
  const file = findAtifFile(root);
  if (!file) return undefined;
  const size = statSync(file.real).size;
  if (size > MAX_ATIF_FILE_BYTES) {
    throw new BundleError(file.shown, undefined, `${file.shown}: ${(size / 1024 / 1024).toFixed(1)} MiB is over the ${MAX_ATIF_FILE_BYTES / 1024 / 1024} MiB limit for a trajectory. Nothing of this folder was imported.`);
  }
  const bytes = readFileSync(file.real);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new BundleError(file.shown, undefined, `${file.shown}: not valid JSON (${describeJsonError(text, error)}); an ATIF trajectory.json is one JSON object. Nothing of this folder was imported.`);
  }
  const trajectory = importAtif(document, file.shown);
  return { path: file.path, shown: file.shown, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), trajectory, errors: extractErrors(trajectory) };
}
