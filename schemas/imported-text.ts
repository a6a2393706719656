import { z } from 'zod';

/*
 * The one rule every import holds text to (run.json, task.json, a Harbor trial's result.json,
 * a dataset folder's rows): what the app stores from a file someone else wrote is capped in
 * length and holds no character that hides or disguises text on screen. An id or a name is one
 * line: no control character at all (U+0000–U+001F, U+007F–U+009F) and no bidirectional
 * embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which make one name show as
 * another (`exe.txt` shown for `txt.exe`); an id is also kept from the marks (U+061C, U+200E,
 * U+200F). Free text may span lines: tab, line feed and carriage return are allowed, every other
 * control character is not. The caps are those of the app's own inputs, so whatever an import
 * stores, the workspace's own export (and its import elsewhere) accepts again.
 */

/** An id: 1 to 200 characters. */
export const ID_MAX = 200;
/** A name of a harness, model, judge or version. */
export const NAME_MAX = 200;
/** A title (a task's, a chapter's). */
export const TITLE_MAX = 300;
/** An instruction, a note, a quote. */
export const LONG_TEXT_MAX = 100_000;

export type TextRule = { kind: 'id' } | { kind: 'name'; max: number } | { kind: 'text'; max: number };

/** U+0000–U+001F and U+007F–U+009F: finding them is the point, so the rule against control characters in patterns does not apply. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** Control characters but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
/** Embeddings, overrides and isolates: text that reorders what is shown around it. */
const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/u;
/** The same and the marks, for ids. */
const BIDI_IN_ID = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What is wrong with `value` under `rule`, as a phrase to follow a field's name ("is 20000000
 * characters long; …"), or undefined when it passes.
 */
export function textProblem(value: string, rule: TextRule): string | undefined {
  const max = rule.kind === 'id' ? ID_MAX : rule.max;
  if (rule.kind === 'id' && value.length === 0) return `is empty; an id is 1 to ${ID_MAX} characters`;
  if (value.length > max) return `is ${value.length} characters long; ${rule.kind === 'id' ? `an id is 1 to ${ID_MAX} characters` : `the app takes at most ${max}`}`;
  const what = rule.kind === 'id' ? 'ids' : rule.kind === 'name' ? 'names' : 'text';
  const control = (rule.kind === 'text' ? CONTROL_IN_TEXT : CONTROL).exec(value);
  if (control) return `holds a control character (${codePoint(control[0])}); ${what === 'text' ? 'text holds none but tab and line breaks' : `${what} never do`}`;
  const bidirectional = (rule.kind === 'id' ? BIDI_IN_ID : rule.kind === 'name' ? BIDI_OVERRIDE : undefined)?.exec(value);
  if (bidirectional) return `holds a bidirectional control character (${codePoint(bidirectional[0])}), which makes it show as other text; ${what} never do`;
  return undefined;
}

/** A zod string held to `rule` (the shared refinement); its message is textProblem's. */
export function importedText(rule: TextRule): z.ZodString {
  return z.string().check((context) => {
    const problem = textProblem(context.value, rule);
    if (problem) context.issues.push({ code: 'custom', message: problem, input: context.value, continue: false });
  });
}

export const importedId = () => importedText({ kind: 'id' });
export const importedName = (max = NAME_MAX) => importedText({ kind: 'name', max });
