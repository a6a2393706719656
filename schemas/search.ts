import { z } from 'zod';

/**
 * What the full-text search finds (core/search/, `lhb search`, the Runs screen's search box): each
 * hit is one entry of one run's record, of one of these kinds.
 */
export const SearchKindSchema = z.enum(['prompt', 'message', 'tool_call', 'tool_result', 'error', 'finding', 'evidence', 'reason']);
export type SearchKind = z.infer<typeof SearchKindSchema>;

/** The kinds of a run's own record (its trajectory, errors and findings), as against judges' evidence and voters' reasons. */
export const RUN_RECORD_KINDS: readonly SearchKind[] = ['prompt', 'message', 'tool_call', 'tool_result', 'error', 'finding'];

/** A piece of a hit's snippet: the words the query matched are `match: true`. Plain text: escape it where it is rendered. */
export const SnippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

export const SearchHitSchema = z.object({
  /** The run to open (runs.show takes it): the stored run's id, or its study run's while it has none. */
  runId: z.string(),
  studyId: z.string().nullable(),
  /** The step as people read it, from 1; null for what belongs to the whole run (its prompt, a run's failure, a judgment, a vote). */
  step: z.number().int().min(1).nullable(),
  kind: SearchKindSchema,
  snippet: z.array(SnippetPartSchema),
  /** The run's task title and configuration, when the run is stored. */
  task: z.string().nullable(),
  configuration: z.string().nullable(),
  /** For evidence: the judgment (judge, rubric, score); for a reason: the vote (the other run, the choice). */
  judgment: z.object({ id: z.string(), judge: z.string(), rubric: z.string(), score: z.number().nullable() }).optional(),
  vote: z.object({ id: z.string(), otherRunId: z.string(), choice: z.string() }).optional(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchQueryInputSchema = z
  .object({
    /**
     * Words to find (every one of them, ignoring case and accents), "an exact phrase" in double
     * quotes, `word*` for words starting so, OR between two of them for either.
     */
    query: z.string().min(1).max(1000),
    /** Only entries of these kinds; absent or empty: every kind. */
    kinds: z.array(SearchKindSchema).max(8).optional(),
    /** Only runs of this study (its id, or an id's start as `lhb runs status` prints it). */
    studyId: z.string().min(1).max(100).optional(),
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

export const SearchResultSchema = z.object({
  /** The query as it was searched (terms, "phrases", prefixes, OR), or null when it held no word to search for. */
  searched: z.string().nullable(),
  hits: z.array(SearchHitSchema),
  /** Entries that match, and the runs they belong to, over every page. */
  total: z.number().int().min(0),
  runs: z.number().int().min(0),
  /** Runs written since the index last caught up that it could not index now (a read-only workspace): left out of the hits. */
  unindexedRuns: z.number().int().min(0),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
