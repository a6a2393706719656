import type { ExportSubset } from '../../schemas/export.ts';
import { MAX_FAST_VOTE_FLOOR_MS } from '../../schemas/arena.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { FROM_IMPORT } from './merge-chapters.ts';

/*
 * The limits the app's own writes hold an imported row to, checked on every row of every subset
 * before anything is merged, whether or not its id is already in the workspace: an import must
 * never store what the app would refuse. Lengths are those of the RPC inputs (schemas/rpc.ts:
 * a chapter's title 300 characters, its instruction 100,000, a vote's reason 10,000, ratings 1–5,
 * time on item up to a week; schemas/judge.ts: a judge's name 100, its model 200, a rubric's
 * name 120). Ids are the workspace's own and never hold control or bidirectional characters,
 * which would make one id look like another (or like a file name) on screen.
 */

type Rule = { id: true } | { max: number } | { range: readonly [number, number]; what: string };

const ID: Rule = { id: true };
const TITLE: Rule = { max: 300 };
const LONG_TEXT: Rule = { max: 100_000 };
const NAME: Rule = { max: 200 };
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** A vote's side: its run, configuration, harness and model. */
const configurationRules = (side: 'config_a' | 'config_b'): Record<string, Rule> => ({
  [`${side}.run_id`]: ID,
  [`${side}.config_id`]: { max: 4000 },
  [`${side}.harness`]: NAME,
  [`${side}.model`]: NAME,
});

/** Each subset's checked fields, by path (`citations[].quote` is every citation's quote). */
const RULES: Record<ExportSubset, Record<string, Rule>> = {
  sources: { source_id: ID, version_id: ID, data_room_id: ID, data_room_title: { max: 200 }, title: { max: 1000 }, original_name: { max: 255 }, type: NAME },
  chapters: {
    chapter_id: ID,
    data_room_id: ID,
    data_room_title: { max: 200 },
    data_room_notes: { max: 200_000 },
    // A chapter an earlier import kept beside the workspace's carries FROM_IMPORT after its title.
    title: { max: 300 + FROM_IMPORT.length },
    instruction: LONG_TEXT,
    design_notes: LONG_TEXT,
    'citations[].citation_id': ID,
    'citations[].source_id': ID,
    'citations[].version_id': ID,
    'citations[].quote': LONG_TEXT,
    'citations[].prefix': LONG_TEXT,
    'citations[].suffix': LONG_TEXT,
    'citations[].start_line': { range: [1, 2 ** 31 - 1], what: 'lines are numbered from 1' },
    'citations[].end_line': { range: [1, 2 ** 31 - 1], what: 'lines are numbered from 1' },
  },
  preferences: {
    vote_id: ID,
    task_id: ID,
    task_title: TITLE,
    ...configurationRules('config_a'),
    ...configurationRules('config_b'),
    left_run: ID,
    right_run: ID,
    winner_run: ID,
    rating_left: { range: [1, 5], what: 'ratings are 1 to 5' },
    rating_right: { range: [1, 5], what: 'ratings are 1 to 5' },
    reason: { max: 10_000 },
    annotator_id: ID,
    annotator: { max: 100 },
    time_on_item_ms: { range: [0, WEEK_MS], what: 'time on item is 0 to a week in milliseconds' },
    fast_vote_floor_ms: { range: [0, MAX_FAST_VOTE_FLOOR_MS], what: `the fast-vote floor is 0 to ${MAX_FAST_VOTE_FLOOR_MS} milliseconds` },
  },
  judgments: {
    judgment_id: ID,
    run_id: ID,
    task_id: ID,
    judge: { max: 100 },
    judge_model: NAME,
    rubric_set: { max: 160 },
    rubric_set_version: { max: 100 },
    rubric: { max: 120 },
    level: { max: 100 },
    evidence: { max: 200_000 },
    rationale: { max: 200_000 },
    failure: LONG_TEXT,
  },
  runs: {
    run_id: ID,
    task_id: ID,
    task_title: TITLE,
    config_id: { max: 4000 },
    harness: NAME,
    harness_version: { max: 100 },
    model: NAME,
    study_id: ID,
    study_name: NAME,
    error_kind: { max: 100 },
    'versions[].name': { max: 100 },
    'versions[].version': NAME,
    'artifacts[].path': { max: 4096 },
    'turns[].turn': { range: [1, 10_000], what: 'turns are numbered from 1' },
    ...Object.fromEntries(
      ['duration_ms', 'tokens_input', 'tokens_output', 'steps', 'errors', 'recovered_errors', 'files_changed', 'lines_changed', 'untouched_share'].map((field) => [
        `turns[].${field}`,
        { range: [0, Number.MAX_SAFE_INTEGER], what: 'a count, duration or share is never negative' },
      ]),
    ),
  },
  rubrics: { rubric_set_id: ID, chapter_id: ID },
};

/** U+0000–U+001F and U+007F–U+009F: finding them is the point, so the rule against control characters in patterns does not apply. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** Marks and embeddings, overrides and isolates: text that reorders what is shown around it. */
const BIDIRECTIONAL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Refuses a row that breaks a limit of the app's own writes, naming the row, the field and the limit. */
export function checkRowLimits(subset: ExportSubset, row: Record<string, unknown>, where: string): void {
  for (const [path, rule] of Object.entries(RULES[subset])) {
    for (const [field, value] of valuesAt(row, path)) checkValue(rule, value, `${where}: field ${field}`);
  }
}

function checkValue(rule: Rule, value: unknown, at: string): void {
  if (value === null || value === undefined) return;
  if ('range' in rule) {
    if (typeof value === 'number' && (value < rule.range[0] || value > rule.range[1])) throw new ImportRefusedError(`${at} is ${value}; ${rule.what}.`);
    return;
  }
  if (typeof value !== 'string') return;
  if ('max' in rule) {
    if (value.length > rule.max) throw new ImportRefusedError(`${at} is ${value.length} characters long; the app takes at most ${rule.max}.`);
    return;
  }
  if (value.length === 0 || value.length > 200) throw new ImportRefusedError(`${at} is ${value.length} characters long; an id is 1 to 200 characters.`);
  const control = CONTROL.exec(value);
  if (control) throw new ImportRefusedError(`${at} holds a control character (${codePoint(control[0])}); ids never do. Fix or remove that row and import again.`);
  const bidirectional = BIDIRECTIONAL.exec(value);
  if (bidirectional) {
    throw new ImportRefusedError(`${at} holds a bidirectional control character (${codePoint(bidirectional[0])}), which makes an id show as another; ids never do. Fix or remove that row and import again.`);
  }
}

/** The values at `path` in `row`, each with its field as a message names it (`citations[2].quote`). */
function valuesAt(row: unknown, path: string): [string, unknown][] {
  const [head, ...rest] = path.split('.');
  const list = head!.endsWith('[]');
  const name = list ? head!.slice(0, -2) : head!;
  const value = row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[name] : undefined;
  const inner = (item: unknown, field: string): [string, unknown][] =>
    rest.length === 0 ? [[field, item]] : valuesAt(item, rest.join('.')).map(([below, found]) => [`${field}.${below}`, found]);
  if (!list) return inner(value, name);
  return Array.isArray(value) ? value.flatMap((item, index) => inner(item, `${name}[${index}]`)) : [];
}
