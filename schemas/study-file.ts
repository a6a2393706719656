import { isMap, isScalar, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { StudySpecSchema, type StudySpec } from './studies.ts';

/** A study file that is not a study: the message names the file, the line and the field. */
export class StudyFileError extends Error {
  override name = 'StudyFileError';
}

type Path = readonly PropertyKey[];

/**
 * Reads a study file (YAML, or JSON, which is YAML too) into the spec `runs.start` takes. Strict
 * like the spec itself: an unknown field is refused with its line, so a misspelt `apiKeyEnv` is
 * not silently dropped and its harness left without a key. Paths stay as written; the reader
 * makes them absolute against the file's folder.
 */
export function parseStudyFile(text: string, fileName: string): StudySpec {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lines.linePos(offset).line);
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    throw new StudyFileError(`${fileName}:${lineOf(first.pos[0]) ?? 1}: not valid YAML or JSON: ${first.message.split('\n')[0]}`);
  }
  const value: unknown = doc.toJS();
  if (value === null || value === undefined) throw new StudyFileError(`${fileName}: the file is empty. A study file names at least its tasks and configurations.`);
  const parsed = StudySpecSchema.safeParse(withFileSpellings(value, (path) => lineOf(nearestNode(doc, path)?.range?.[0]), fileName));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 10).map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys
        .map((key) => {
          const known = knownFields(issue.path);
          const where = issue.path.length > 0 ? ` in ${dotted(issue.path)}` : '';
          return `${fileName}:${lineOf(keyOffset(doc.getIn(issue.path, true), key)) ?? '?'}: ${dotted([...issue.path, key])}: unknown field "${key}"${where}${known.length > 0 ? ` (the fields here are ${known.join(', ')})` : ''}`;
        })
        .join('\n');
    }
    const line = lineOf(nearestNode(doc, issue.path)?.range?.[0]);
    return `${fileName}:${line ?? '?'}: ${dotted(issue.path) || '(the file)'}: ${issue.message}`;
  });
  throw new StudyFileError(`${fileName} is not a study file:\n${problems.join('\n')}`);
}

/**
 * A study file may say `timeout` (seconds), as the README's example does, for the spec's
 * `timeoutSeconds`; one file saying both is refused rather than one silently winning.
 */
function withFileSpellings(value: unknown, lineAt: (path: Path) => number | undefined, fileName: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('timeout' in value)) return value;
  const { timeout, ...rest } = value as Record<string, unknown>;
  if ('timeoutSeconds' in rest) {
    throw new StudyFileError(`${fileName}:${lineAt(['timeout']) ?? '?'}: timeout: the file gives both timeout and timeoutSeconds; keep one (they are the same: seconds per run).`);
  }
  return { ...rest, timeoutSeconds: timeout };
}

const dotted = (path: Path) => path.map(String).join('.');

/** Where a map's key starts, so the line named is the key's own. */
function keyOffset(node: unknown, key: string): number | undefined {
  if (!isMap(node)) return undefined;
  const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === key);
  return isScalar(pair?.key) ? pair.key.range?.[0] : undefined;
}

/** The node at `path`, or its nearest ancestor that exists (a missing field is reported at its parent). */
function nearestNode(doc: ReturnType<typeof parseDocument>, path: Path): YamlNode | undefined {
  for (let length = path.length; length >= 0; length--) {
    const node = length === 0 ? doc.contents : doc.getIn(path.slice(0, length), true);
    if (node && typeof node === 'object' && 'range' in node) return node as YamlNode;
  }
  return undefined;
}

/** The field names the spec allows at `path` (an object of the schema), to say what a misspelt one should be. */
function knownFields(path: Path): string[] {
  let schema: z.ZodType | undefined = StudySpecSchema;
  for (const step of path) {
    schema = schema && unwrap(schema);
    if (!schema) return [];
    if (typeof step === 'number') schema = 'element' in schema ? (schema.element as z.ZodType) : undefined;
    else schema = 'shape' in schema ? (schema.shape as Record<string, z.ZodType>)[String(step)] : undefined;
  }
  const object = schema && unwrap(schema);
  return object && 'shape' in object ? Object.keys(object.shape as object) : [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 10 && 'unwrap' in current && typeof current.unwrap === 'function' && !('shape' in current) && !('element' in current); depth++) current = current.unwrap() as z.ZodType;
  return current;
}

/** The line a study file's field is written on (its nearest written ancestor's for one left out), to point at it in a message. */
export function studyFileLine(text: string, path: Path): number | undefined {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const offset = nearestNode(doc, path)?.range?.[0];
  return offset === undefined ? undefined : lines.linePos(offset).line;
}
