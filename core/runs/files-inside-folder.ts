import { readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { isPathInside } from '../path-inside.ts';
import { kindOfPath } from '../path-kind.ts';

// Reading files out of a bundle, task or trial folder that an agent (or anyone) wrote: every path
// stays inside the folder, and every failure names the file, the field and the fix. Below both
// bundles/ (tasks, output bundles) and trajectory/ (a trial's ATIF file), which read such folders.

/**
 * A bundle or task folder that cannot be read. `file` is the absolute path of the file or folder
 * at fault and `field` the JSON path inside it (`versions.skill`, `frames[2].node_id`) when the
 * fault is one field; the message says both, and what to do.
 */
export class BundleError extends Error {
  override name = 'BundleError';
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A folder's realpath; throws when it is missing or not a folder. */
export function resolveFolder(dir: string, what: string): string {
  const wanted = resolve(dir);
  let real: string;
  try {
    real = realpathSync(wanted);
  } catch {
    throw new BundleError(wanted, undefined, `${wanted}: no such folder. Check the path of the ${what}.`);
  }
  if (!statSync(real).isDirectory()) {
    throw new BundleError(wanted, undefined, `${wanted}: is a file, not a folder. Pass the ${what}'s folder.`);
  }
  return real;
}

/**
 * The realpath of `relativePath` under `root` (itself a realpath), or undefined when nothing is
 * there. Throws when the path, through `..` or a symbolic link, lands outside `root`.
 */
export function resolveInside(root: string, relativePath: string): string | undefined {
  const candidate = join(root, relativePath);
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    return undefined;
  }
  if (!isInside(root, real)) {
    throw new BundleError(
      candidate,
      undefined,
      `${candidate}: resolves to ${real}, outside ${root}. Nothing outside the folder is read; copy the file into it instead of linking to it.`,
    );
  }
  return real;
}

/**
 * `dir/name`, refused when it (through a symbolic link) leads outside `dir`: what an import
 * reads from a folder someone else wrote must be in that folder, or a `task.json ->
 * ~/.aws/credentials` would be read and its text echoed in an error or stored.
 */
export function fileInsideFolder(dir: string, name: string): string {
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    return join(dir, name); // A missing folder: the read that follows says so.
  }
  resolveInside(root, name);
  return join(dir, name);
}

/** Reads a JSON file through a schema; `fix` is the sentence that tells the user what to do. */
export function readJsonFile<S extends z.ZodType>(file: string, schema: S, fix: string): z.output<S> {
  assertRegularFile(file);
  // A byte-order mark is what some Windows editors add; JSON.parse refuses it.
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleError(file, undefined, `${file}: not valid JSON (${describeJsonError(text, error)}). ${fix}`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const field = issues[0] === undefined ? undefined : fieldPath(issues[0].path);
  const problems = issues.slice(0, 5).map((issue) => `${fieldPath(issue.path) || '(top level)'}: ${issue.message}`);
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  throw new BundleError(file, field || undefined, `${file}: ${problems.join('; ')}${more}. ${fix}`);
}

/**
 * Throws unless `file` is a regular file, saying what it is instead. Reading a named pipe waits
 * for a writer that may never come (the whole process hangs), and a device such as /dev/zero
 * never ends, so only regular files are opened.
 */
export function assertRegularFile(file: string): void {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch {
    return; // Missing: the read that follows says so in its own words.
  }
  if (stats.isFile()) return;
  throw new BundleError(file, undefined, `${file}: is ${kindOfPath(stats)}, not a regular file, so it was not read. Replace it with the file itself and import again.`);
}

export const isInside = isPathInside;

/** `versions.skill`, `frames[2].node_id`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/** V8's message, with the line and column when it gives a position. */
export function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  const at = position === undefined ? (/end of JSON input/.test(message) ? text.length : undefined) : Number(position);
  if (at === undefined) return message;
  const before = text.slice(0, at).split('\n');
  return `${message.replace(/ in JSON at position \d+.*$/, '')} at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}
