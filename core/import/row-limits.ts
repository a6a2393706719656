import type { ExportSubset } from '../../schemas/export.ts';
import { MAX_FAST_VOTE_FLOOR_MS } from '../../schemas/arena.ts';
import { LONG_TEXT_MAX, NAME_MAX, TITLE_MAX, textProblem, type TextRule } from '../../schemas/imported-text.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { FROM_IMPORT } from './merge-chapters.ts';

/*
 * The limits the app's own writes hold an imported row to, checked on every row of every subset
 * before anything is merged, whether or not its id is already in the workspace: an import must
 * never store what the app would refuse. Lengths are those of the RPC inputs (schemas/rpc.ts:
 * a chapter's title 300 characters, its instruction 100,000, a vote's reason 10,000, ratings 1–5,
 * time on item up to a week; schemas/judge.ts: a judge's name 100, its model 200, a rubric's
 * name 120). Ids, names and text a person typed are held to schemas/imported-text.ts, the rule
 * run.json and task.json are held to: ids and names one line, without control or bidirectional
 * override characters, which would make one look like another (or like a file name) on screen;
 * typed text without control characters but tab and line breaks. Text quoted from a source or a
 * transcript (a citation's quote, a judge's evidence) is capped only: it is what the source holds.
 */

type Rule = { text: TextRule } | { max: number } | { range: readonly [number, number]; what: string };

const ID: Rule = { text: { kind: 'id' } };
const name = (max: number): Rule => ({ text: { kind: 'name', max } });
const typed = (max: number): Rule => ({ text: { kind: 'text', max } });
const TITLE = name(TITLE_MAX);
const LONG_TEXT = typed(LONG_TEXT_MAX);
const NAME = name(NAME_MAX);
/** Quoted from a source's lines or a transcript, which imports do not restrict: capped only. */
const QUOTED: Rule = { max: LONG_TEXT_MAX };
const WEEK_MS = 7 * 24 * 3600 * 1000;
const RATING: Rule = { range: [1, 5], what: 'ratings are 1 to 5' };
/** A judge's tokens and cost: never negative. */
const USAGE: Record<string, Rule> = Object.fromEntries(['tokens_input', 'tokens_output', 'cost_usd'].map((field) => [field, { range: [0, Number.MAX_SAFE_INTEGER], what: 'tokens and cost are never negative' }]));

/** A vote's side: its run, configuration, harness and model. */
const configurationRules = (side: 'config_a' | 'config_b'): Record<string, Rule> => ({
  [`${side}.run_id`]: ID,
  [`${side}.config_id`]: name(4000),
  [`${side}.harness`]: NAME,
  [`${side}.model`]: NAME,
});

/** A judge's per-rubric score of a run (judgments, control judgments). */
const SCORED: Record<string, Rule> = {
  run_id: ID,
  task_id: ID,
  judge: name(100),
  judge_model: NAME,
  rubric_set: name(160),
  rubric_set_version: name(100),
  rubric: name(120),
  level: name(100),
  // A judge's reply quotes the run's transcript and files (terminal escapes included): capped only.
  evidence: { max: 200_000 },
  failure: QUOTED,
};

/** Each subset's checked fields, by path (`citations[].quote` is every citation's quote). */
const RULES: Record<ExportSubset, Record<string, Rule>> = {
  sources: { source_id: ID, version_id: ID, data_room_id: ID, data_room_title: name(200), title: name(1000), original_name: name(255), type: NAME },
  chapters: {
    chapter_id: ID,
    data_room_id: ID,
    data_room_title: name(200),
    data_room_notes: typed(200_000),
    // A chapter an earlier import kept beside the workspace's carries FROM_IMPORT after its title.
    title: name(TITLE_MAX + FROM_IMPORT.length),
    instruction: LONG_TEXT,
    design_notes: LONG_TEXT,
    'citations[].citation_id': ID,
    'citations[].source_id': ID,
    'citations[].version_id': ID,
    'citations[].quote': QUOTED,
    'citations[].prefix': QUOTED,
    'citations[].suffix': QUOTED,
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
    rating_left: RATING,
    rating_right: RATING,
    reason: typed(10_000),
    annotator_id: ID,
    annotator: name(100),
    time_on_item_ms: { range: [0, WEEK_MS], what: 'time on item is 0 to a week in milliseconds' },
    fast_vote_floor_ms: { range: [0, MAX_FAST_VOTE_FLOOR_MS], what: `the fast-vote floor is 0 to ${MAX_FAST_VOTE_FLOOR_MS} milliseconds` },
  },
  // Read and checked, then left: the pairs are derived from preferences, which the import merges.
  preference_pairs: {
    vote_id: ID,
    task_id: ID,
    chosen_run_id: ID,
    rejected_run_id: ID,
    chosen_rating: RATING,
    rejected_rating: RATING,
    annotator: name(100),
  },
  judgments: { judgment_id: ID, ...SCORED, rationale: { max: 200_000 } },
  pairwise_verdicts: {
    verdict_id: ID,
    task_id: ID,
    run_a: ID,
    run_b: ID,
    judge: name(100),
    judge_model: NAME,
    // A judge's reasons may quote what the runs showed: capped only, as evidence is.
    first_reason: { max: 200_000 },
    second_reason: { max: 200_000 },
    failure: QUOTED,
    ...USAGE,
  },
  control_judgments: { control_judgment_id: ID, ...SCORED, reply_id: ID, ...USAGE },
  harness_guesses: {
    guess_id: ID,
    run_id: ID,
    task_id: ID,
    judge: name(100),
    judge_model: NAME,
    harness: NAME,
    'choices[]': NAME,
    guess: NAME,
    // The judge's reasoning may quote the trajectory it was shown: capped only, as evidence is.
    reason: { max: 200_000 },
    failure: QUOTED,
    ...USAGE,
  },
  runs: {
    run_id: ID,
    task_id: ID,
    task_title: TITLE,
    config_id: name(4000),
    harness: NAME,
    harness_version: name(100),
    model: NAME,
    study_id: ID,
    study_name: NAME,
    error_kind: name(100),
    'versions[].name': name(100),
    'versions[].version': NAME,
    // A file's path in the bundle as the file system named it: capped, and without NUL or other control characters but tab and line breaks.
    'artifacts[].path': typed(4096),
    'turns[].turn': { range: [1, 10_000], what: 'turns are numbered from 1' },
    ...Object.fromEntries(
      ['duration_ms', 'tokens_input', 'tokens_output', 'steps', 'errors', 'recovered_errors', 'files_changed', 'lines_changed', 'untouched_share'].map((field) => [
        `turns[].${field}`,
        { range: [0, Number.MAX_SAFE_INTEGER], what: 'a count, duration or share is never negative' },
      ]),
    ),
  },
  rubrics: { rubric_set_id: ID, chapter_id: ID },
  skills: { skill: NAME, version: NAME, 'files[].path': typed(4096), 'studies[].study_id': ID },
  // Read and checked (their copied files too: check-copied-files.ts), then left: the workspace keeps tasks from their folders, studies it ran, and trajectories it parsed.
  tasks: { task_id: ID, title: TITLE, instruction: LONG_TEXT, chapter_id: ID, 'turns[].prompt': typed(100_000), 'frames[].node_id': NAME, 'frames[].name': TITLE },
  studies: { study_id: ID, name: NAME, 'tasks[]': ID, 'configurations[].harness': NAME, 'configurations[].model': NAME },
  trajectories: {
    run_id: ID,
    task_id: ID,
    config_id: name(4000),
    harness: NAME,
    'steps[].step': { range: [1, 2 ** 31 - 1], what: 'steps are numbered from 1' },
    'errors[].step': { range: [1, 2 ** 31 - 1], what: 'steps are numbered from 1' },
  },
};

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
  const problem = textProblem(value, rule.text);
  if (problem) throw new ImportRefusedError(`${at} ${problem}. Fix or remove that row and import again.`);
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
