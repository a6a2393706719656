import { randomUUID } from 'node:crypto';
import type { Trajectory } from '../../../schemas/trajectory.ts';

/**
 * `Buffer.from(JSON.stringify(trajectory))`, byte for byte, holding only those bytes: the whole
 * JSON as one string (twice its UTF-8 size when any tool result has a non-ASCII character) and
 * its bytes beside it took the engine to three times the trajectory. Each step is written on its
 * own, into a buffer sized by a first pass; the steps' place in the rest is marked by a value no
 * step can hold (a fresh UUID).
 */
export function trajectoryJsonBytes(trajectory: Trajectory): Buffer {
  const mark = `"${randomUUID()}"`;
  const outer = JSON.stringify({ ...trajectory, steps: JSON.parse(mark) as string });
  const at = outer.indexOf(mark);
  const head = `${outer.slice(0, at)}[`;
  const tail = `]${outer.slice(at + mark.length)}`;
  const { steps } = trajectory;
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, steps.length - 1);
  for (const step of steps) size += Buffer.byteLength(JSON.stringify(step));
  const bytes = Buffer.allocUnsafe(size);
  let offset = bytes.write(head, 0);
  steps.forEach((step, index) => {
    if (index > 0) offset += bytes.write(',', offset);
    offset += bytes.write(JSON.stringify(step), offset);
  });
  offset += bytes.write(tail, offset);
  if (offset !== size) throw new Error(`The trajectory's JSON came to ${offset} bytes where ${size} were counted`);
  return bytes;
}
