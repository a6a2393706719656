import { z } from 'zod';
import { RunSummarySchema } from './arena.ts';
import { ErrorTypeSchema } from './trajectory.ts';

/**
 * Which runs the Runs table and `lhb runs list` show: every field given must hold (AND). One
 * schema for the RPC, the CLI's flags and the Runs screen's address, which all write it in the
 * same words (`score=3..5`, `sort=score:desc`) through `runsFilterOfTerms` / `termsOfRunsFilter`.
 */

/** What a run's status can be asked for: its stored status, or `no-output` (ended without an error, left nothing in out/; not `succeeded`). */
export const RUN_STATUS_FILTERS = ['succeeded', 'no-output', 'failed', 'timeout', 'cancelled'] as const;
export const RunStatusFilterSchema = z.enum(RUN_STATUS_FILTERS);

/** The columns the table sorts by. */
export const RUN_SORT_FIELDS = ['task', 'configuration', 'skill', 'study', 'status', 'started', 'score', 'won'] as const;
export const RunSortFieldSchema = z.enum(RUN_SORT_FIELDS);
export type RunSortField = z.infer<typeof RunSortFieldSchema>;

/** A judge score on the 1–5 scale (a 3-point rubric's 0, 1, 2 count as 1, 3, 5). */
const Score = z.number().min(1).max(5);

export const RunsFilterSchema = z
  .object({
    taskId: z.string().min(1).max(100).optional(),
    /** A harness (`codex`), or a harness and model (`codex/gpt-5-codex`): the run's configuration but its versions. */
    configuration: z.string().min(1).max(400).optional(),
    /** The run's skill version (`none`, `base`, `v2`). */
    skillVersion: z.string().min(1).max(200).optional(),
    /** A study's id or its start: its runs (with `allAttempts`, their earlier attempts too). */
    studyId: z.string().min(1).max(100).optional(),
    status: RunStatusFilterSchema.optional(),
    /** A type of error in the run's trajectory (recovered or not). */
    errorType: ErrorTypeSchema.optional(),
    /** A kind of finding the verifier or frame capture recorded on the run (`build-error`, `blank-render`, …). */
    finding: z.string().min(1).max(200).optional(),
    /** The mean of the run's judge scores (every judge, rubric and turn; failed judgments left out; 3-point scores on the 1–5 scale), at least / at most. A run with no score is left out when either is given. */
    scoreMin: Score.optional(),
    scoreMax: Score.optional(),
    /** Arena votes the run won (not retracted), at least. */
    wonAtLeast: z.number().int().min(0).max(1_000_000).optional(),
    sort: RunSortFieldSchema.optional(),
    descending: z.boolean().optional(),
    /** Earlier attempts too: the runs a retry kept, with their votes and judgments, when it ran a judged or voted run again. Without it, each study run's current attempt only (what the figures count). */
    allAttempts: z.boolean().optional(),
  })
  .strict()
  .refine((f) => f.scoreMin === undefined || f.scoreMax === undefined || f.scoreMin <= f.scoreMax, { message: 'the score range runs from its lower to its higher end (e.g. 3..5)', path: ['scoreMin'] });
export type RunsFilter = z.infer<typeof RunsFilterSchema>;

/** A row of the Runs table: the run with what the filters and sorts read. */
export const RunsListRowSchema = RunSummarySchema.extend({
  studyId: z.string().nullable(),
  studyName: z.string().nullable(),
  skillVersion: z.string().nullable(),
  /** The mean the score filter reads, or null when no judgment scored the run. */
  meanScore: z.number().nullable(),
  judgments: z.number().int(),
  votesWon: z.number().int(),
  /** The types of error its trajectory holds, each once. */
  errorTypes: z.array(ErrorTypeSchema),
  /** Which attempt of its study run it is and how many there have been (absent: 1 of 1); `superseded` for an earlier attempt a retry kept, which the figures no longer count. */
  attempt: z.number().int().optional(),
  attemptCount: z.number().int().optional(),
  superseded: z.boolean().optional(),
});
export type RunsListRow = z.infer<typeof RunsListRowSchema>;

/** The filter's fields by the names the CLI's flags and the screen's address use. */
export const RUNS_FILTER_TERMS = ['task', 'configuration', 'skill-version', 'study', 'status', 'error-type', 'finding', 'score', 'won', 'sort'] as const;
export type RunsFilterTerm = (typeof RUNS_FILTER_TERMS)[number];

/** A problem with one term's text, named by its term. */
export interface RunsFilterTermProblem {
  term: RunsFilterTerm;
  message: string;
}

/** `3..5`, `3..` or `..4`: the mean judge score's range. */
export function scoreRangeOf(text: string): { scoreMin?: number; scoreMax?: number } | string {
  const match = /^\s*([0-9.]*)\s*\.\.\s*([0-9.]*)\s*$/.exec(text);
  if (!match || (match[1] === '' && match[2] === '')) return `"${text}" is not a score range: write MIN..MAX, MIN.. or ..MAX with scores from 1 to 5 (e.g. 3..5).`;
  const bound = (value: string) => (value === '' ? undefined : Number(value));
  const [min, max] = [bound(match[1]!), bound(match[2]!)];
  for (const value of [min, max]) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 1 && value <= 5)) return `"${text}" is not a score range: each end is a score from 1 to 5 (e.g. 3..5).`;
  }
  if (min !== undefined && max !== undefined && min > max) return `"${text}" runs backwards: write the lower score first (e.g. ${max}..${min}).`;
  return { ...(min === undefined ? {} : { scoreMin: min }), ...(max === undefined ? {} : { scoreMax: max }) };
}

/** `score`, `score:desc` or `score:asc`. */
export function runSortOf(text: string): { sort: RunSortField; descending?: boolean } | string {
  const [field, direction, ...rest] = text.trim().split(':');
  const sort = RunSortFieldSchema.safeParse(field);
  if (!sort.success || rest.length > 0 || (direction !== undefined && direction !== 'desc' && direction !== 'asc')) {
    return `"${text}" is not a sort: write FIELD or FIELD:desc, FIELD one of ${RUN_SORT_FIELDS.join(', ')}.`;
  }
  return direction === 'desc' ? { sort: sort.data, descending: true } : { sort: sort.data };
}

/**
 * Reads the filter from its terms as written (flags, an address's query): each term's own words
 * when one is wrong, so the CLI names the flag and the screen the control. Empty values are left out.
 */
export function runsFilterOfTerms(terms: Partial<Record<RunsFilterTerm, string>>): { filter: RunsFilter; problems: RunsFilterTermProblem[] } {
  const filter: RunsFilter = {};
  const problems: RunsFilterTermProblem[] = [];
  const text = (term: RunsFilterTerm) => {
    const value = terms[term]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const plain = { task: 'taskId', configuration: 'configuration', 'skill-version': 'skillVersion', study: 'studyId', finding: 'finding' } as const;
  for (const [term, field] of Object.entries(plain) as [keyof typeof plain, (typeof plain)[keyof typeof plain]][]) {
    const value = text(term);
    if (value !== undefined) filter[field] = value;
  }
  const status = text('status');
  if (status !== undefined) {
    const parsed = RunStatusFilterSchema.safeParse(status);
    if (parsed.success) filter.status = parsed.data;
    else problems.push({ term: 'status', message: `"${status}" is not a run status: one of ${RUN_STATUS_FILTERS.join(', ')}.` });
  }
  const errorType = text('error-type');
  if (errorType !== undefined) {
    const parsed = ErrorTypeSchema.safeParse(errorType);
    if (parsed.success) filter.errorType = parsed.data;
    else problems.push({ term: 'error-type', message: `"${errorType}" is not an error type: one of ${ErrorTypeSchema.options.join(', ')}.` });
  }
  const score = text('score');
  if (score !== undefined) {
    const range = scoreRangeOf(score);
    if (typeof range === 'string') problems.push({ term: 'score', message: range });
    else Object.assign(filter, range);
  }
  const won = text('won');
  if (won !== undefined) {
    if (/^\d{1,7}$/.test(won)) filter.wonAtLeast = Number(won);
    else problems.push({ term: 'won', message: `"${won}" is not a count of votes won: a whole number, 0 or more.` });
  }
  const sort = text('sort');
  if (sort !== undefined) {
    const parsed = runSortOf(sort);
    if (typeof parsed === 'string') problems.push({ term: 'sort', message: parsed });
    else Object.assign(filter, parsed);
  }
  return { filter, problems };
}

/** The filter as terms, in RUNS_FILTER_TERMS' order, leaving out what it does not set: what the screen writes into its address. */
export function termsOfRunsFilter(filter: RunsFilter): [RunsFilterTerm, string][] {
  const score = filter.scoreMin === undefined && filter.scoreMax === undefined ? undefined : `${filter.scoreMin ?? ''}..${filter.scoreMax ?? ''}`;
  const values: Record<RunsFilterTerm, string | undefined> = {
    task: filter.taskId,
    configuration: filter.configuration,
    'skill-version': filter.skillVersion,
    study: filter.studyId,
    status: filter.status,
    'error-type': filter.errorType,
    finding: filter.finding,
    score,
    won: filter.wonAtLeast === undefined ? undefined : String(filter.wonAtLeast),
    sort: filter.sort === undefined ? undefined : `${filter.sort}${filter.descending ? ':desc' : ''}`,
  };
  return RUNS_FILTER_TERMS.flatMap((term) => (values[term] === undefined ? [] : [[term, values[term]] as [RunsFilterTerm, string]]));
}
