import { randomUUID } from 'node:crypto';
import type { Trajectory } from '../../../schemas/trajectory.ts';

/** About how many bytes each chunk of trajectoryJsonChunks holds (one step larger than this is a chunk of its own). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * `Buffer.from(JSON.stringify(trajectory))`, byte for byte, a chunk of about a megabyte at a
 * time, so the engine streams it into the blob store without holding it whole: the whole JSON
 * as one string (twice its UTF-8 size when any tool result has a non-ASCII character) and its
 * bytes beside it took the engine to three times the trajectory, and its bytes alone to twice.
 * Each step is written on its own; the steps' place in the rest is marked by a value no step can
 * hold (a fresh UUID).
 */
export function* trajectoryJsonChunks(trajectory: Trajectory): Generator<Buffer> {
  const mark = `"${randomUUID()}"`;
  const outer = JSON.stringify({ ...trajectory, steps: JSON.parse(mark) as string });
  const at = outer.indexOf(mark);
  let pending = [`${outer.slice(0, at)}[`];
  let pendingBytes = 0;
  for (const [index, step] of trajectory.steps.entries()) {
    const json = `${index > 0 ? ',' : ''}${JSON.stringify(step)}`;
    pending.push(json);
    pendingBytes += json.length;
    if (pendingBytes >= CHUNK_BYTES) {
      yield Buffer.from(pending.join(''));
      pending = [];
      pendingBytes = 0;
    }
  }
  pending.push(`]${outer.slice(at + mark.length)}`);
  yield Buffer.from(pending.join(''));
}

/** The trajectory's JSON whole, as trajectoryJsonChunks gives it. */
export function trajectoryJsonBytes(trajectory: Trajectory): Buffer {
  return Buffer.concat([...trajectoryJsonChunks(trajectory)]);
}

/** trajectoryJsonChunks as an async stream, for the blob store. */
export async function* trajectoryJsonStream(trajectory: Trajectory): AsyncGenerator<Buffer> {
  yield* trajectoryJsonChunks(trajectory);
}
