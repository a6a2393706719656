import { z } from 'zod';
import { importedId, importedName, importedText, LONG_TEXT_MAX, TITLE_MAX } from './imported-text.ts';
import { TaskMcpServersSchema } from './task-mcp-servers.ts';
import { TaskTurnsSchema } from './task-turns.ts';

/**
 * The preference arena's vocabulary. What a voter's page receives (an `ArenaItem`, their own
 * votes) names sides only by position and assets only by an opaque per-presentation token:
 * no run id, harness, model or path. Study-owner and runs views are separate shapes.
 */

export const TaskKindSchema = z.enum(['figma', 'programmatic']);
export type TaskKind = z.infer<typeof TaskKindSchema>;

/**
 * Programmatic content tasks: the chapter whose output this is, by its data room's title and its
 * own. Task files written before the data room had one name say `course`; it is still read.
 */
const TaskChapterSchema = z
  .object({ data_room: z.string().min(1).optional(), course: z.string().min(1).optional(), title: z.string().min(1) })
  .refine((chapter) => chapter.data_room !== undefined || chapter.course !== undefined, {
    message: "needs data_room, the title of the chapter's data room",
    path: ['data_room'],
  })
  .transform(({ data_room, course, title }) => ({ data_room: (data_room ?? course)!, title }));

/** A task folder's `task.json`. A Figma task also has `ground_truth/manifest.json` beside it. */
export const TaskFileSchema = z
  .object({
    id: importedId(),
    kind: TaskKindSchema,
    title: importedName(TITLE_MAX).min(1),
    instruction: importedText({ kind: 'text', max: LONG_TEXT_MAX }).default(''),
    chapter: TaskChapterSchema.optional(),
    /** The task's own MCP tool servers, offered to the agent beside the verifier (schemas/task-mcp-servers.ts). */
    mcp_servers: TaskMcpServersSchema.optional(),
    /** Revision requests after the instruction, in the same session (schemas/task-turns.ts). */
    turns: TaskTurnsSchema.optional(),
  })
  .strict();
export type TaskFile = z.infer<typeof TaskFileSchema>;

export const VoteChoiceSchema = z.enum(['left', 'right', 'tie', 'both-bad']);
export type VoteChoice = z.infer<typeof VoteChoiceSchema>;

export const ShownOrderSchema = z.enum(['a-left', 'b-left']);

export const RatingSchema = z.number().int().min(1).max(5);

/** The anchors shown beside the 1–5 scale. */
export const RATING_ANCHORS: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: 'Fail: unusable',
  2: 'Fail: major problems',
  3: 'Fail: needs substantial work',
  4: 'Pass: a sprint of work from done',
  5: 'Pass: production-ready',
};

export const AnnotatorSchema = z.object({
  id: z.string(),
  name: z.string(),
  synthetic: z.boolean(),
  votes: z.number().int().nonnegative(),
});
export type Annotator = z.infer<typeof AnnotatorSchema>;

const AssetUrl = z.string().nullable();

export const ArenaSideSchema = z.object({
  /** One thumbnail per task frame (same order as `frames`), null where the run has none. */
  frameUrls: z.array(AssetUrl),
  /** The live build's base URL (append a route without its leading "/"), null without a build. */
  siteUrl: AssetUrl,
  videoUrl: AssetUrl,
});
export type ArenaSide = z.infer<typeof ArenaSideSchema>;

export const ArenaItemSchema = z.object({
  /** Opaque: names this presentation of the pair and nothing else. */
  token: z.string(),
  kind: TaskKindSchema,
  title: z.string(),
  instruction: z.string(),
  frames: z.array(
    z.object({
      name: z.string(),
      route: z.string(),
      viewport: z.object({ width: z.number().int(), height: z.number().int() }),
      gtUrl: AssetUrl,
    }),
  ),
  left: ArenaSideSchema,
  right: ArenaSideSchema,
  /**
   * The turn of two multi-turn runs the pair shows, the same for both sides; `of` only when both
   * runs have that many turns (a count of one side's own would tell the sides apart). Null: each
   * run as it ended.
   */
  turn: z.object({ index: z.number().int().min(1), of: z.number().int().min(1).nullable() }).nullable().default(null),
});
export type ArenaItem = z.infer<typeof ArenaItemSchema>;

export const ArenaProgressSchema = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ArenaProgress = z.infer<typeof ArenaProgressSchema>;

/**
 * A voter's own vote as they may see it again: positions, ratings, no identities, and nothing
 * about the order the page did not show (which run was drawn on the left stays in the raw log).
 */
export const OwnVoteSchema = z.object({
  id: z.string(),
  taskTitle: z.string(),
  choice: VoteChoiceSchema,
  ratingLeft: RatingSchema,
  ratingRight: RatingSchema,
  reason: z.string(),
  timeOnItemMs: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** Cast while the annotator already had a live vote on this pair (arena.nextPair's allowRepeats): analysis counts it only when asked to count repeats. */
  repeat: z.boolean(),
});
export type OwnVote = z.infer<typeof OwnVoteSchema>;

/** The study owner's live panel. */
/**
 * The fast-vote floor: a vote cast sooner than this after its pair was shown is flagged (kept,
 * counted by default, left out of analysis on request). Three seconds is less than it takes to
 * look at both sides of a pair once; a workspace may set its own (`arena.setFastVoteFloor`).
 */
export const DEFAULT_FAST_VOTE_FLOOR_MS = 3000;
/** The highest floor a workspace may set: ten minutes is already longer than any pair needs. */
export const MAX_FAST_VOTE_FLOOR_MS = 600_000;

export const ArenaStudySchema = z.object({
  annotators: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      synthetic: z.boolean(),
      done: z.number().int(),
      total: z.number().int(),
      /** Median milliseconds from a pair being shown to this annotator's live vote on it; null before their first vote. */
      medianTimeMs: z.number().nullable(),
      /** Their live votes flagged as faster than the floor each was judged by, and that count's share of their live votes (null before any). */
      fastVotes: z.number().int(),
      fastShare: z.number().nullable(),
    }),
  ),
  /** The floor votes cast now are judged by: quicker ones are flagged (arena.setFastVoteFloor). */
  fastVoteFloorMs: z.number().int(),
  overall: z.object({ votes: z.number().int(), total: z.number().int() }),
  position: z.object({
    left: z.number().int(),
    right: z.number().int(),
    tie: z.number().int(),
    bothBad: z.number().int(),
    /** Left choices among left-or-right choices; null before any. */
    leftRate: z.number().nullable(),
    /** Two-sided exact binomial p-value of leftRate against 0.5; null before any. */
    pValue: z.number().nullable(),
  }),
});
export type ArenaStudy = z.infer<typeof ArenaStudySchema>;

export const RunSummarySchema = z.object({
  id: z.string(),
  taskId: z.string(),
  taskTitle: z.string(),
  /** The harness's canonical id (`codex`, never an alias such as `codex-cli`), or another agent's name. */
  harness: z.string(),
  /** The harness CLI's version, when known: recorded on the run, not part of its configuration. */
  harnessVersion: z.string().nullable(),
  model: z.string(),
  /** What the study chose (skill, …): with harness and model, the run's configuration. */
  versions: z.record(z.string(), z.string()),
  status: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  files: z.number().int(),
  frames: z.number().int(),
  hasBuild: z.boolean(),
  hasVideo: z.boolean(),
  /** What frame capture found per frame (nodeId), and run-wide ones (nodeId ''), such as ARTIFACTS_NOT_IMPORTED_FINDING. */
  findings: z.array(z.object({ nodeId: z.string(), kind: z.string(), detail: z.string() })),
  /** Generated (the demo study's), never executed; its configuration is never a real run's. */
  synthetic: z.boolean(),
  /** Executed by a study, ended without an error, and left nothing in out/: "no output", not succeeded in the figures. */
  noOutput: z.boolean().optional(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** The run-wide finding of a run the engine executed whose out/ it did not import (links out of the folder, too large, …): the detail says why. */
export const ARTIFACTS_NOT_IMPORTED_FINDING = 'artifacts-not-imported';

/** The run-wide finding of a run the engine executed whose harness CLI would not say its version (it failed, or did not answer in time): the detail says what asking it said. */
export const HARNESS_VERSION_UNKNOWN_FINDING = 'harness-version-unknown';

/** The run-wide finding of a run the engine executed that ended without an error but left nothing in out/. */
export const NO_OUTPUT_FINDING = 'no-output';

export const TaskSummarySchema = z.object({
  id: z.string(),
  kind: TaskKindSchema,
  title: z.string(),
  instruction: z.string(),
  frames: z.number().int(),
  runs: z.number().int(),
  /** Generated for the demo study; its runs are synthetic. */
  synthetic: z.boolean(),
});
export type TaskSummary = z.infer<typeof TaskSummarySchema>;

/** What `runs.importPaths` (and `lhb runs import`) reports per folder. */
export const BundleImportOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ path: z.string(), kind: z.enum(['task', 'run']), status: z.literal('imported'), id: z.string(), detail: z.string() }),
  z.object({ path: z.string(), kind: z.enum(['task', 'run']), status: z.literal('unchanged'), id: z.string(), detail: z.string() }),
  z.object({ path: z.string(), kind: z.enum(['task', 'run', 'unknown']), status: z.literal('failed'), reason: z.string() }),
]);
export type BundleImportOutcome = z.infer<typeof BundleImportOutcomeSchema>;

/** What a `runs.importPaths` job did, as `runs.importResult` sends it. */
export const BundleImportResultSchema = z.object({ outcomes: z.array(BundleImportOutcomeSchema), message: z.string() });
export type BundleImportResult = z.infer<typeof BundleImportResultSchema>;
