import { z } from 'zod';
import { AnalysisReportSchema } from './analysis.ts';
import { AnnotatorSchema, ArenaItemSchema, BundleImportResultSchema, MAX_FAST_VOTE_FLOOR_MS, ArenaProgressSchema, ArenaStudySchema, OwnVoteSchema, RatingSchema, TaskSummarySchema, VoteChoiceSchema } from './arena.ts';
import { AnnotationContractSchema, DataRoomDetailSchema, DataRoomSummarySchema } from './annotate.ts';
import { ExportOptionsSchema, ExportResultSchema } from './export.ts';
import { ReportResultSchema } from './report.ts';
import { HubPushProblemSchema, HubPushResultSchema, HubPushSettingsSchema, HubPushStartSchema } from './hub-push.ts';
import { PersonNameSchema, PlanApprovalSchema, PlanComparisonSchema, PlanSubmissionSchema } from './plan-review.ts';
import { CurateInputSchema, CurationFeedbackSchema, GoldPlanSchema, PlanAgreementSchema } from './gold-plan.ts';
import { ImportOptionsSchema, ImportResultSchema } from './import.ts';
import { AppEventSchema, JobSchema, type AppEvent } from './jobs.ts';
import { JudgeTierSchema, JudgmentViewSchema } from './judge.ts';
import { PairwiseStartInputSchema, PairwiseSummarySchema } from './pairwise-judging.ts';
import { JudgeImportResultSchema, JudgeRunsSummarySchema, JudgeStartInputSchema, RubricAgreementSchema, RubricSetComparisonSchema } from './judging.ts';
import { RubricSetSummarySchema, RubricSetUsageSchema, RubricsGenerateInputSchema, RubricSetKeySchema, RubricsSaveInputSchema, StoredRubricSetSchema } from './rubric-library.ts';
import { RunAssetsSchema } from './run-assets.ts';
import { RunsFilterSchema, RunsListRowSchema } from './runs-filter.ts';
import { SearchQueryInputSchema, SearchResultSchema } from './search.ts';
import { PriceListSchema, PriceModelSchema, PriceSetInputSchema, StudyCostSchema } from './model-prices.ts';
import { ExtractionDoubtSchema, MAX_LINES_PER_CALL, PageSpanSchema, SourceSummarySchema, SourcesJobResultSchema, SourceTypeSchema, SourceVersionSchema } from './sources.ts';
import { CreatedInviteSchema, CreateInviteInputSchema, InviteSchema, SessionSchema } from './invites.ts';
import { HarnessStatusSchema, McpVariableRequestSchema, RunDetailSchema, StudySlurmSchema, StudyRunViewSchema, StudyRequestSchema, StudySpecSchema, StudySummarySchema } from './studies.ts';
import { TrajectoryErrorSchema, TrajectorySchema } from './trajectory.ts';
import { RunComparisonSchema } from './run-comparison.ts';
import { ProjectSchema, WorkspaceInfoSchema } from './workspace.ts';

const NoInput = z.object({}).strict();

interface RpcMethodSpec {
  input: z.ZodType;
  output: z.ZodType;
  /**
   * The method reads files or folders named by path on the machine the server runs on. Over
   * HTTP only clients on that machine (loopback) may call it; others upload instead. Declare it
   * on every method that takes a path.
   */
  readsServerDisk?: true;
  /**
   * The input field holding the judge (`judge`) or judges (`judges`) it asks: each names a variable
   * of the server's environment (its API key, or the provider's default one) and a base URL the
   * key is sent to. Over HTTP a caller on another machine may only name judges the server was
   * started with (`lhb serve --judges FILE`), or it could send any of the server's secrets to an
   * address of its choosing. Declare it on every method whose input carries a key variable or URL.
   */
  namesJudgesIn?: 'judge' | 'judges';
  /**
   * An invited voter's token may call it (see schemas/invites.ts). Everything else answers 403 to
   * a voter, so a method added later is closed to voters unless it says so here. A voter method
   * that takes `annotatorId` gets the voter's own, from the token; another one answers 403.
   */
  voter?: true;
  /**
   * An SME's invite link (one annotator's plan in one data room, see schemas/invites.ts) may call
   * it; core/api/plan-invite-scope.ts holds every such call to that room and that plan. Everything
   * else answers 403 to such a link, so a method added later is closed to it unless it says so here.
   */
  planInvite?: true;
  /**
   * The method acts with the server's own Hugging Face token (export.push). Over HTTP only clients
   * on the server machine (loopback) may call it: the token is the server user's, and a caller on
   * another machine must not publish with it. The Hub's address is the server's setting, never
   * the caller's, so no caller can send the token elsewhere.
   */
  usesServerHubToken?: true;
}
const Id = z.string().min(1).max(100);
/** Whose plan of the data room a call reads or writes: an annotator's name; absent, the workspace owner's. */
const PlanAnnotator = PersonNameSchema.optional();

/** What an analysis report is computed with: the same options give the same report. */
const AnalysisAskSchema = z
  .object({
    /** Bootstrap resamples for every interval (default 1,000). */
    resamples: z.number().int().min(100).max(20_000).default(1000),
    seed: z.string().min(1).max(100).default('lhb-analysis'),
    /**
     * The demo's records (its synthetic study, its arena bundles and the votes and judgments touching
     * them). Neither flag: left out once any run, vote or judgment of the user's own exists, included
     * while none does. The report's `study.synthetic` says which and why.
     */
    includeSynthetic: z.boolean().optional(),
    excludeSynthetic: z.boolean().optional(),
    /**
     * Count every vote, an annotator's repeats on a pair included (default false: each
     * annotator's first live vote on a pair only). The report's `study.repeatVotes` says how many repeats there are.
     */
    countRepeats: z.boolean().default(false),
    /**
     * Leave out votes cast faster than their fast-vote floor (default false: counted). The
     * report's `study.fastVotes` says how many there are either way.
     */
    excludeFastVotes: z.boolean().default(false),
    /**
     * Only these studies' runs (ids, or an id's start as `lhb runs status` prints it), and the
     * votes and judgments whose every run is theirs; absent or empty, every study and imported
     * run. The report's `study.scope` names them.
     */
    studies: z.array(Id).max(100).optional(),
  })
  .strict()
  .refine((input) => !(input.includeSynthetic && input.excludeSynthetic), { message: 'choose one of includeSynthetic and excludeSynthetic', path: ['includeSynthetic'] });

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex SHA-256');

/**
 * The one contract between the UIs and core: each method name maps to the schema its input
 * must parse with and the schema its output satisfies. Both transports (Electron IPC and HTTP)
 * parse inputs with these schemas before any handler runs.
 */
export const rpcContract = {
  'session.whoami': {
    /** Who the caller's token says it is: the owner (full access) or an invited voter (one annotator). */
    input: NoInput,
    output: SessionSchema,
    voter: true,
    planInvite: true,
  },
  'workspace.info': {
    input: NoInput,
    output: WorkspaceInfoSchema,
  },
  'workspace.create': {
    /**
     * Makes a new workspace at a folder on the server's machine (new or empty): one project of this
     * name and no demo records. The running app stays on its workspace; `openCommand` opens the new one.
     */
    input: z.object({ dir: z.string().min(1).max(4096), projectName: z.string().min(1).max(200) }).strict(),
    output: z.object({ workspaceDir: z.string(), project: ProjectSchema, openCommand: z.string() }),
    readsServerDisk: true,
  },
  'project.rename': {
    /** Renames the workspace's project (it titles the app and the dataset card). */
    input: z.object({ name: z.string().min(1).max(200) }).strict(),
    output: z.object({ project: ProjectSchema }),
  },
  'workspace.verify': {
    input: NoInput,
    output: z.object({ jobId: z.string() }),
  },
  'jobs.list': {
    input: z
      .object({
        /** Include finished jobs (default: only the most recent 50 of them). */
        limit: z.number().int().min(1).max(500).default(50),
      })
      .strict(),
    output: z.object({ jobs: z.array(JobSchema) }),
  },
  'jobs.cancel': {
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ job: JobSchema }),
  },

  // Sources: import (a job), list, open a version, read a window of its lines, find in it.
  'sources.importFiles': {
    /** Files already uploaded as blobs (browser mode, drag-and-drop, Electron's file picker). */
    input: z
      .object({
        dataRoomId: Id.optional(),
        files: z.array(z.object({ name: z.string().min(1).max(255), blobSha256: Sha256 })).min(1).max(1000),
      })
      .strict(),
    output: z.object({ jobId: z.string() }),
  },
  'sources.importPaths': {
    /** Files or folders on this machine (CLI, Electron); folders are walked for supported files. */
    input: z.object({ dataRoomId: Id.optional(), paths: z.array(z.string().min(1)).min(1).max(1000) }).strict(),
    output: z.object({ jobId: z.string() }),
    readsServerDisk: true,
  },
  'sources.result': {
    /** What a finished import or re-read job of sources did, per file, with the files it skipped; null while it runs or after it failed. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ result: SourcesJobResultSchema.nullable() }),
  },
  'sources.renormalise': {
    /**
     * Re-reads sources (all when `sourceIds` is empty or absent) from their originals where the
     * normaliser for their type is newer than the one that made their newest version; a job whose
     * result lists a `new-version` (citations re-anchored) or `unchanged` outcome per source.
     */
    input: z.object({ sourceIds: z.array(Id).max(10_000).optional() }).strict(),
    output: z.object({ jobId: z.string() }),
  },
  'sources.list': {
    input: z.object({ dataRoomId: Id.optional() }).strict(),
    output: z.object({ sources: z.array(SourceSummarySchema) }),
    planInvite: true,
  },
  'sources.get': {
    input: z.object({ sourceId: Id, versionId: Id.optional() }).strict(),
    output: z.object({ source: SourceSummarySchema, version: SourceVersionSchema, versions: z.array(z.object({ id: z.string(), version: z.number().int(), createdAt: z.string() })) }),
    planInvite: true,
  },
  'sources.doubts': {
    /** What extraction found doubtful in a version (the newest unless named), in line order: possible tables, headings, pages with little or no text. */
    input: z.object({ sourceId: Id, versionId: Id.optional() }).strict(),
    output: z.object({
      versionId: z.string(),
      doubts: z.array(ExtractionDoubtSchema),
      /** False when the version's reader keeps no notes (not a PDF, or a PDF read before notes were kept): an empty list then says nothing. */
      recorded: z.boolean(),
    }),
    planInvite: true,
  },
  'sources.lines': {
    input: z
      .object({ versionId: Id, start: z.number().int().min(1), end: z.number().int().min(1) })
      .strict()
      .refine((v) => v.end >= v.start, { message: 'end must be at least start', path: ['end'] })
      .refine((v) => v.end - v.start < MAX_LINES_PER_CALL, { message: `ask for at most ${MAX_LINES_PER_CALL} lines per call`, path: ['end'] }),
    /**
     * `lines[0]` is line `start`; fewer lines come back past the end of the source. `pages`: for a
     * PDF, the page spans (as in `sources.get`'s `version.pages`) that hold lines of this window.
     */
    output: z.object({ start: z.number().int(), lines: z.array(z.string()), lineCount: z.number().int(), pages: z.array(PageSpanSchema).optional() }),
    planInvite: true,
  },
  'sources.find': {
    input: z.object({ versionId: Id, query: z.string().min(1).max(500), limit: z.number().int().min(1).max(10_000).default(1000) }).strict(),
    /** Case-insensitive; `line` and `column` are 1-based; `total` counts every match, `matches` stops at `limit`. */
    output: z.object({ matches: z.array(z.object({ line: z.number().int(), column: z.number().int() })), total: z.number().int(), truncated: z.boolean() }),
    planInvite: true,
  },

  'sources.original': {
    /** One version's original file (a PDF's pages beside its text), base64; files over 64 MiB are refused. */
    input: z.object({ sourceId: Id, versionId: Id }).strict(),
    output: z.object({ name: z.string(), type: SourceTypeSchema, sizeBytes: z.number().int().nonnegative(), base64: z.string() }),
    planInvite: true,
  },

  // Data rooms, chapters and citations. Every edit answers with the data room's new state.
  'dataRooms.list': {
    input: NoInput,
    output: z.object({ dataRooms: z.array(DataRoomSummarySchema) }),
  },
  'dataRooms.create': {
    input: z.object({ title: z.string().trim().min(1).max(200) }).strict(),
    output: DataRoomDetailSchema,
  },
  'dataRooms.get': {
    /** The room with `annotator`'s plan (absent: the workspace owner's); others' plans only when the owner shares them. */
    input: z.object({ dataRoomId: Id, annotator: PlanAnnotator }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'dataRooms.update': {
    /** `globalNotes` are `annotator`'s plan's; `plansShared` lets the room's annotators see each other's plans. */
    input: z
      .object({
        dataRoomId: Id,
        annotator: PlanAnnotator,
        title: z.string().trim().min(1).max(200).optional(),
        globalNotes: z.string().max(200_000).optional(),
        plansShared: z.boolean().optional(),
      })
      .strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'dataRooms.export': {
    input: z.object({ dataRoomId: Id }).strict(),
    output: AnnotationContractSchema,
  },
  'chapters.create': {
    /** A chapter of `annotator`'s plan (absent: the workspace owner's); their profile is made on their first edit. */
    input: z.object({ dataRoomId: Id, annotator: PlanAnnotator, title: z.string().trim().min(1).max(300), afterChapterId: Id.optional() }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'chapters.update': {
    input: z
      .object({
        chapterId: Id,
        title: z.string().trim().min(1).max(300).optional(),
        instruction: z.string().max(100_000).optional(),
        designNotes: z.string().max(100_000).optional(),
      })
      .strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'chapters.move': {
    input: z.object({ chapterId: Id, toIndex: z.number().int().min(0) }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'chapters.delete': {
    input: z.object({ chapterId: Id }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'chapters.addCitation': {
    /**
     * Cites lines of one source version; `quote` defaults to the text of those lines. With
     * `startChar` and `endChar` (plain-text characters into the first and last line, as the viewer
     * shows them; end exclusive) the quote is exactly that stretch of plain text.
     */
    input: z
      .object({
        chapterId: Id,
        versionId: Id,
        startLine: z.number().int().min(1),
        endLine: z.number().int().min(1),
        quote: z.string().max(100_000).optional(),
        startChar: z.number().int().min(0).optional(),
        endChar: z.number().int().min(0).optional(),
      })
      .strict()
      .refine((v) => v.endLine >= v.startLine, { message: 'endLine must be at least startLine', path: ['endLine'] })
      .refine((v) => (v.startChar === undefined) === (v.endChar === undefined), { message: 'startChar and endChar come together: give both or neither', path: ['endChar'] }),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'chapters.removeCitation': {
    input: z.object({ citationId: Id }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'annotate.undo': {
    /** Undoes the newest step of `annotator`'s plan (absent: the workspace owner's); each plan has its own history. */
    input: z.object({ dataRoomId: Id, annotator: PlanAnnotator }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },
  'annotate.redo': {
    input: z.object({ dataRoomId: Id, annotator: PlanAnnotator }).strict(),
    output: DataRoomDetailSchema,
    planInvite: true,
  },

  // An SME team's chapter plans (schemas/plan-review.ts): submitted per annotator, compared, approved.
  'plans.list': {
    input: z.object({ dataRoomId: Id }).strict(),
    output: z.object({ submissions: z.array(PlanSubmissionSchema) }),
  },
  'plans.submit': {
    /** The data room's chapter plan as it is now, under the annotator's name; replaces (and un-approves) their earlier one. */
    input: z.object({ dataRoomId: Id, annotator: PersonNameSchema }).strict(),
    output: z.object({ submission: PlanSubmissionSchema, clearedApproval: PlanApprovalSchema.nullable() }),
  },
  'plans.approve': {
    input: z.object({ dataRoomId: Id, annotator: PersonNameSchema, reviewer: PersonNameSchema }).strict(),
    output: PlanSubmissionSchema,
  },
  'plans.unapprove': {
    input: z.object({ dataRoomId: Id, annotator: PersonNameSchema }).strict(),
    output: PlanSubmissionSchema,
  },
  'plans.compare': {
    input: z.object({ dataRoomId: Id, annotatorA: PersonNameSchema, annotatorB: PersonNameSchema }).strict(),
    output: PlanComparisonSchema,
  },
  'plans.invite': {
    /** A new invite link for one SME: their own plan in this data room and nothing else; the token is shown this once only. */
    input: CreateInviteInputSchema.extend({ dataRoomId: Id }).strict(),
    output: CreatedInviteSchema,
  },

  // Curation (schemas/gold-plan.ts): a curator settles the annotators' own plans into the room's gold plan.
  'plans.gold': {
    /** The room's gold plan (empty before anything is curated) with where each item came from. */
    input: z.object({ dataRoomId: Id }).strict(),
    output: GoldPlanSchema,
  },
  'plans.curate': {
    /** Accepts, edits or drops one item of an annotator's plan into the gold plan, as one undoable step of the gold plan's history. */
    input: CurateInputSchema,
    output: GoldPlanSchema,
  },
  'plans.goldUndo': {
    input: z.object({ dataRoomId: Id }).strict(),
    output: GoldPlanSchema,
  },
  'plans.goldRedo': {
    input: z.object({ dataRoomId: Id }).strict(),
    output: GoldPlanSchema,
  },
  'plans.goldMove': {
    /** Moves a gold chapter to `toIndex` (0-based; past the end means last), as one step of the gold plan's own undo history. */
    input: z.object({ dataRoomId: Id, chapterId: Id, toIndex: z.number().int().min(0) }).strict(),
    output: GoldPlanSchema,
  },
  'plans.agreement': {
    /** Line-span Jaccard and Dice between each pair of the room's plans (annotators', the owner's, the gold plan), per chapter and pooled. */
    input: z.object({ dataRoomId: Id }).strict(),
    output: PlanAgreementSchema,
  },
  'plans.feedback': {
    /** What the curator kept, changed or dropped of `annotator`'s plan (absent: the workspace owner's), with the curator's notes; an SME's invite link reads its own. */
    input: z.object({ dataRoomId: Id, annotator: PlanAnnotator }).strict(),
    output: CurationFeedbackSchema,
    planInvite: true,
  },

  // Tasks and agent runs (output bundles). Importing is a job; its result lists each folder.
  'runs.importPaths': {
    /** Task folders (task.json) and output bundles (run.json), or folders holding them. */
    input: z.object({ paths: z.array(z.string().min(1)).min(1).max(1000) }).strict(),
    output: z.object({ jobId: z.string() }),
    readsServerDisk: true,
  },
  'runs.importResult': {
    /** What a finished runs.importPaths job did, per folder; null while it runs or after it failed. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ result: BundleImportResultSchema.nullable() }),
  },
  'runs.list': {
    /** Every field given must hold (schemas/runs-filter.ts); sorted by `sort`, else in import order. */
    input: RunsFilterSchema,
    /** `total`: the runs the workspace holds, whatever the filter (the screen's "N of M runs"). */
    output: z.object({ runs: z.array(RunsListRowSchema), total: z.number().int() }),
  },
  'tasks.list': {
    input: NoInput,
    output: z.object({ tasks: z.array(TaskSummarySchema) }),
  },

  // The run engine: studies of harness runs, executed by this app. Starting is a job.
  'runs.start': {
    /** Skill and task folders are read from this machine's disk. */
    input: StudyRequestSchema,
    output: z.object({ studyId: z.string(), jobId: z.string(), resumed: z.boolean() }),
    readsServerDisk: true,
  },
  'runs.prepare': {
    /** Checks and records a study without running it (`lhb runs start --detach` runs it in a process of its own); a study named like an earlier one with the same configuration is that one. */
    input: StudyRequestSchema,
    output: z.object({ studyId: z.string(), name: z.string(), resumed: z.boolean() }),
    readsServerDisk: true,
  },
  'runs.startDemo': {
    /** The demo study (what `lhb runs start --demo` runs): every installed harness on the demo task, against the scripted model. */
    input: NoInput,
    output: z.object({ studyId: z.string(), jobId: z.string(), resumed: z.boolean() }),
  },
  'runs.skillVersions': {
    /** A skill folder on this machine: its name and the versions a study can compare (`none`, `base`, then each versions/<v>). */
    input: z.object({ dir: z.string().min(1).max(4096) }).strict(),
    output: z.object({ name: z.string(), versions: z.array(z.string()) }),
    readsServerDisk: true,
  },
  'runs.mcpVariables': {
    /** The variables the given task folders' MCP servers ask for (env_from, headers_from): what a study must allow (`allowMcpEnv`) before it starts. */
    input: z.object({ tasks: z.array(z.string().min(1)).max(10_000), taskFolders: z.record(z.string(), z.string().min(1).max(4096)) }).strict(),
    output: z.object({ requests: z.array(McpVariableRequestSchema) }),
    readsServerDisk: true,
  },
  'runs.resume': {
    /** `retryFailed`: run its runs that did not succeed (failed, timed out, no output) again too. */
    input: z.object({ studyId: Id, retryFailed: z.boolean().optional() }).strict(),
    /** `retried`: the study runs made to run again; `kept`: those left as they were (votes or judgments name them), each with why. */
    output: z.object({ jobId: z.string(), retried: z.array(z.string()).optional(), kept: z.array(z.object({ id: z.string(), reason: z.string() })).optional() }),
    readsServerDisk: true,
  },
  'runs.retryFailed': {
    /** Every run of the study that did not succeed (failed of any kind, timed out, no output), each run again in its place; refused when there is none. */
    input: z.object({ studyId: Id }).strict(),
    output: z.object({ jobId: z.string(), retried: z.array(z.string()), kept: z.array(z.object({ id: z.string(), reason: z.string() })) }),
    readsServerDisk: true,
  },
  'runs.cancel': {
    input: z
      .object({ studyId: Id.optional(), runId: Id.optional() })
      .strict()
      .refine((v) => (v.studyId === undefined) !== (v.runId === undefined), { message: 'give a studyId or a runId', path: ['studyId'] }),
    output: z.object({ cancelled: z.number().int() }),
  },
  'runs.studies': {
    input: NoInput,
    output: z.object({ studies: z.array(StudySummarySchema) }),
  },
  'runs.study': {
    /** A study's id, or the start of one (the CLI prints 8 characters). */
    input: z.object({ studyId: Id }).strict(),
    /** `spec`: what the study runs, resolved (paths absolute, each configuration's provider, key variable and skill versions written out). */
    output: z.object({ study: StudySummarySchema, spec: StudySpecSchema, runs: z.array(StudyRunViewSchema) }),
  },
  'runs.show': {
    /** A run's id (imported or executed) or a study run's id. */
    input: z.object({ runId: Id }).strict(),
    output: z.object({ run: RunDetailSchema }),
  },
  'runs.identify': {
    /** What an id, or the start of one, names: a study (which wins), a study's run (by its id or its run's), or nothing here. */
    input: z.object({ id: Id }).strict(),
    output: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('study'), studyId: z.string() }),
      z.object({ kind: z.literal('run'), runId: z.string(), studyId: z.string() }),
      z.object({ kind: z.literal('none') }),
    ]),
  },
  'runs.retry': {
    /**
     * A finished run of a study: one that did not plainly succeed (failed, timed out, cancelled, no
     * output) runs again in its place; one that votes or judgments name (whatever its status) runs
     * again as a new attempt under a new run id, the earlier attempt kept with them (`earlier`) and
     * no longer counted in the figures. `attempt`: the attempt now running, from 1.
     */
    input: z.object({ runId: Id }).strict(),
    output: z.object({
      jobId: z.string(),
      studyRunId: z.string(),
      studyId: z.string(),
      attempt: z.number().int(),
      earlier: z.object({ runId: z.string(), attempt: z.number().int(), judgments: z.number().int(), votes: z.number().int() }).nullable(),
    }),
  },
  'runs.trajectory': {
    /** The normalised trajectory of a run the engine executed or imported with an ATIF trajectory (else null), its errors and recoveries. */
    input: z.object({ runId: Id }).strict(),
    output: z.object({ trajectory: TrajectorySchema.nullable(), errors: z.array(TrajectoryErrorSchema) }),
  },
  'runs.compare': {
    /** Two runs (ids or their starts), normally of one task: steps aligned, the first divergence, out/ files diffed, figures and scores per rubric; runs of two tasks are compared with a warning. */
    input: z.object({ a: Id, b: Id }).strict(),
    output: RunComparisonSchema,
  },
  'runs.exportAtif': {
    /** A run's trajectory as Harbor's ATIF `trajectory.json` (a JSON object); refused for a run without one. */
    input: z.object({ runId: Id }).strict(),
    output: z.object({ runId: z.string(), fileName: z.string(), atif: z.record(z.string(), z.unknown()) }),
  },
  'runs.assets': {
    /** Where the Runs screen opens a run's build, frames and video: token-scoped URLs on the asset server. */
    input: z.object({ runId: Id }).strict(),
    output: RunAssetsSchema,
  },
  'runs.slurmSettings': {
    /** The cluster settings this workspace remembers from its last Slurm study (the New study form starts from them). */
    input: NoInput,
    output: z.object({ settings: StudySlurmSchema.partial().nullable() }),
  },
  'harnesses.list': {
    input: NoInput,
    output: z.object({ harnesses: z.array(HarnessStatusSchema) }),
  },

  // Tokens and cost: the shipped price table with this workspace's own prices, and what runs and judges cost.
  'prices.list': {
    input: NoInput,
    output: PriceListSchema,
  },
  'prices.set': {
    /** Sets the model's price in this workspace, over the shipped one (cache prices default to the input price). */
    input: PriceSetInputSchema,
    output: PriceListSchema,
  },
  'prices.unset': {
    /** Removes this workspace's own price of the model; the shipped price, if any, applies again. */
    input: z.object({ model: PriceModelSchema }).strict(),
    output: PriceListSchema,
  },
  'runs.cost': {
    /** A study's id (or its start), or none for every study's runs and every judge's replies. */
    input: z.object({ studyId: Id.optional() }).strict(),
    output: StudyCostSchema,
  },

  // Full-text search over every run's record (prompts, messages, tool calls and results, errors, findings), judges' evidence and voters' reasons.
  'search.query': {
    input: SearchQueryInputSchema,
    output: SearchResultSchema,
  },

  // The rubric library: shipped and authored rubric sets, every version, and which judgments used which.
  'rubrics.list': {
    /** Every stored version of every set; warnings name shipped sets that could not be loaded here. */
    input: NoInput,
    output: z.object({ sets: z.array(RubricSetSummarySchema), warnings: z.array(z.string()) }),
  },
  'rubrics.get': {
    input: RubricSetKeySchema,
    output: StoredRubricSetSchema,
  },
  'rubrics.save': {
    /** A new set or a new version of one; a stored name@version@scale with other contents is refused (conflict). */
    input: RubricsSaveInputSchema,
    output: z.object({ stored: StoredRubricSetSchema, created: z.boolean() }),
  },
  'rubrics.usage': {
    /** Judgments per set version and scale. */
    input: NoInput,
    output: z.object({ usage: z.array(RubricSetUsageSchema) }),
  },
  'rubrics.generateForChapter': {
    /** A job: the judge model writes the chapter's rubrics, stored as the next version of its set. */
    input: RubricsGenerateInputSchema,
    output: z.object({ jobId: z.string() }),
    namesJudgesIn: 'judge',
  },

  // The blind preference arena. A voter's calls answer in positions and opaque tokens only.
  'arena.annotators': {
    input: NoInput,
    output: z.object({ annotators: z.array(AnnotatorSchema) }),
  },
  'arena.createAnnotator': {
    input: z
      .object({
        name: z.string().trim().min(1).max(100),
        /** Seeds the annotator's pair queue, so a study can replay a session exactly; random when absent. */
        queueSeed: z.string().min(1).max(200).optional(),
      })
      .strict(),
    output: AnnotatorSchema,
  },
  'arena.nextPair': {
    /** The annotator's open pair, or the next one from their queue; `item` is null when none is left. */
    input: z.object({ annotatorId: Id, allowRepeats: z.boolean().default(false), turn: z.number().int().min(1).optional() }).strict(),
    output: z.object({ item: ArenaItemSchema.nullable(), progress: ArenaProgressSchema }),
    voter: true,
  },
  'arena.vote': {
    input: z
      .object({
        token: z.string().min(1).max(200),
        choice: VoteChoiceSchema,
        ratingLeft: RatingSchema,
        ratingRight: RatingSchema,
        reason: z.string().max(10_000).default(''),
        /** Milliseconds the pair was on screen before the vote. */
        timeOnItemMs: z.number().int().min(0).max(7 * 24 * 3600 * 1000),
      })
      .strict(),
    output: z.object({ voteId: z.string(), progress: ArenaProgressSchema }),
    voter: true,
  },
  'arena.undoLastVote': {
    /** Retracts the annotator's newest vote; its pair becomes their open pair again, same sides. */
    input: z.object({ annotatorId: Id }).strict(),
    output: z.object({ undone: z.boolean(), progress: ArenaProgressSchema }),
    voter: true,
  },
  'arena.votes': {
    /** The annotator's own live votes, newest first. */
    input: z.object({ annotatorId: Id }).strict(),
    output: z.object({ votes: z.array(OwnVoteSchema) }),
    voter: true,
  },
  'arena.invite': {
    /** A new invite link's token for one annotator (created when missing); shown this once only. */
    input: CreateInviteInputSchema,
    output: CreatedInviteSchema,
  },
  'arena.invites': {
    /** Every invite with its status and last use; never a token. */
    input: NoInput,
    output: z.object({ invites: z.array(InviteSchema) }),
  },
  'arena.revokeInvite': {
    /** Ends the link's access from its next request on; the voter's votes are kept. */
    input: z.object({ inviteId: Id }).strict(),
    output: InviteSchema,
  },
  'arena.study': {
    /** The study owner's panel: progress and pace per annotator, overall progress, and position bias. */
    input: NoInput,
    output: ArenaStudySchema,
  },
  'arena.setFastVoteFloor': {
    /** The workspace's fast-vote floor for votes cast from now on (a vote quicker than it is flagged); votes already cast keep theirs. */
    input: z.object({ fastVoteFloorMs: z.number().int().min(0).max(MAX_FAST_VOTE_FLOOR_MS) }).strict(),
    output: z.object({ fastVoteFloorMs: z.number().int() }),
  },

  // Judging: several judges score runs against rubric sets (a job); judgments are listed, imported, compared.
  'judge.start': {
    /** Judges every run that has what the tier needs; replies already stored for the same input are reused. */
    input: JudgeStartInputSchema,
    output: z.object({ jobId: z.string(), rubricSets: z.array(z.string()) }),
    namesJudgesIn: 'judges',
  },
  'judge.result': {
    /** What a finished judging job did (replies, judgments, cost, runs left out, each failure); null while it runs or after it failed. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ summary: JudgeRunsSummarySchema.nullable() }),
  },
  'judge.startPairwise': {
    /** Judges pairs of runs of a task (by default the pairs people voted on), each asked twice with the sides swapped; stored verdicts are reused. */
    input: PairwiseStartInputSchema,
    output: z.object({ jobId: z.string() }),
    namesJudgesIn: 'judges',
  },
  'judge.pairwiseResult': {
    /** What a finished pairwise judging job did; null while it runs or after it failed. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ summary: PairwiseSummarySchema.nullable() }),
  },
  'judge.list': {
    /** Stored judgments, scored and failed, of every run or one. */
    input: z.object({ runId: Id.optional() }).strict(),
    output: z.object({ judgments: z.array(JudgmentViewSchema) }),
  },
  'judge.import': {
    /** Judgments made elsewhere, as JSON lines ({runId, judge, model?, rubricSet: "NAME@VERSION", scale?, reply}), checked like replies. */
    input: z.object({ jsonLines: z.string().min(1).max(64 * 1024 * 1024) }).strict(),
    output: JudgeImportResultSchema,
  },
  'judge.agreement': {
    /** Per rubric of each set version and scale: how often the judges gave the same score, and how far apart, over the real judgments that count. */
    input: z.object({}).strict(),
    output: z.object({ rubrics: z.array(RubricAgreementSchema) }),
  },
  'judge.compare': {
    /** κ per rubric set version on the same runs: the expert-vs-generic comparison. */
    input: z.object({ tier: JudgeTierSchema.default('process'), includeSynthetic: z.boolean().default(false) }).strict(),
    output: RubricSetComparisonSchema,
  },

  // Analysis: every figure recomputed from raw votes and judgments.
  'analysis.report': {
    input: AnalysisAskSchema,
    output: AnalysisReportSchema,
  },
  /** The last report stored for these options, at once: `current` false when the store has changed since (then analysis.refresh). */
  'analysis.cached': {
    input: AnalysisAskSchema,
    output: z.object({ report: AnalysisReportSchema.optional(), computedAt: z.string().optional(), current: z.boolean() }),
  },
  /** Recomputes the report in the background (a job) unless the stored one is current; no job id then. */
  'analysis.refresh': {
    input: AnalysisAskSchema,
    output: z.object({ jobId: z.string().optional(), current: z.boolean() }),
  },

  // The dataset export: a Hugging Face dataset folder written on the server's disk (a job).
  'export.hf': {
    input: ExportOptionsSchema,
    output: z.object({ jobId: z.string() }),
    readsServerDisk: true,
  },
  'export.result': {
    /** What a finished export job wrote: files, row counts, the card; null while it runs or after it failed. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ result: ExportResultSchema.nullable() }),
  },
  // The report: the analysis as a folder of static pages (and a PDF) written on the server's disk (a job).
  'report.write': {
    input: z
      .object({
        /** The folder to create on the server's disk; it must not exist yet, or be empty. */
        outDir: z.string().min(1).max(4096),
        /** Also print the index to report.pdf through the server's Chromium. */
        pdf: z.boolean().default(false),
        /** The analysis it lays out, asked as analysis.report asks (the same request gives the same digits). */
        analysis: AnalysisAskSchema.prefault({}),
      })
      .strict(),
    output: z.object({ jobId: z.string() }),
    readsServerDisk: true,
  },
  'report.result': {
    /** What a finished report.write job wrote; null while it runs or after it failed. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ result: ReportResultSchema.nullable() }),
  },
  // Pushing a finished export's folder to a dataset repository on the Hugging Face Hub (a job), with the server's token, to the server's Hub address.
  'export.push': {
    input: HubPushStartSchema,
    /** `datasetUrl`: the dataset's page on the Hub, where the push will be seen once it is done. */
    output: z.object({ jobId: z.string(), datasetUrl: z.string() }),
    usesServerHubToken: true,
  },
  'export.pushResult': {
    /** What a finished push sent, or why it failed (code and field, to place it); both null while it runs or after a cancel. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ result: HubPushResultSchema.nullable(), problem: HubPushProblemSchema.nullable() }),
  },
  /** Where a push would go and where the server's token comes from, to say so before pushing; never the token. */
  'export.pushSettings': {
    input: NoInput,
    output: HubPushSettingsSchema,
    usesServerHubToken: true,
  },
  // Importing (and merging) a dataset folder the export wrote, read from the server's disk (a job).
  'import.hf': {
    input: ImportOptionsSchema,
    output: z.object({ jobId: z.string() }),
    readsServerDisk: true,
  },
  'import.result': {
    /** What a finished import job added, found already present and kept as conflicts; null while it runs or after it was refused. */
    input: z.object({ jobId: z.string().min(1) }).strict(),
    output: z.object({ result: ImportResultSchema.nullable() }),
  },
} as const satisfies Record<string, RpcMethodSpec>;

export type RpcContract = typeof rpcContract;
export type RpcMethod = keyof RpcContract;
/** What a caller may pass (defaults not yet applied). */
export type RpcInput<M extends RpcMethod> = z.input<RpcContract[M]['input']>;
/** What a handler receives (after parsing, defaults applied). */
export type RpcParsedInput<M extends RpcMethod> = z.output<RpcContract[M]['input']>;
export type RpcOutput<M extends RpcMethod> = z.output<RpcContract[M]['output']>;

export const RPC_METHODS = Object.keys(rpcContract) as RpcMethod[];

export function isRpcMethod(name: string): name is RpcMethod {
  return Object.hasOwn(rpcContract, name);
}

/** Whether the method reads the server's own disk by path (see `RpcMethodSpec.readsServerDisk`). */
export function readsServerDisk(method: RpcMethod): boolean {
  const spec: RpcMethodSpec = rpcContract[method];
  return spec.readsServerDisk === true;
}

/**
 * The judges a call's raw input names (see `RpcMethodSpec.namesJudgesIn`), before parsing: what
 * the caller sent is what would be used, so nothing it sent is left unchecked. Empty for methods
 * that name none.
 */
export function judgesNamedBy(method: RpcMethod, input: unknown): unknown[] {
  const spec: RpcMethodSpec = rpcContract[method];
  if (spec.namesJudgesIn === undefined) return [];
  const named = typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[spec.namesJudgesIn] : undefined;
  if (named === undefined) return [];
  return spec.namesJudgesIn === 'judges' && Array.isArray(named) ? named : [named];
}

/** Whether the method acts with the server's Hub token (see `RpcMethodSpec.usesServerHubToken`). */
export function usesServerHubToken(method: RpcMethod): boolean {
  const spec: RpcMethodSpec = rpcContract[method];
  return spec.usesServerHubToken === true;
}

/** Whether an SME's invite link may call the method (see `RpcMethodSpec.planInvite`). */
export function isPlanInviteMethod(method: RpcMethod): boolean {
  const spec: RpcMethodSpec = rpcContract[method];
  return spec.planInvite === true;
}

/** Whether an invited voter may call the method (see `RpcMethodSpec.voter`). */
export function isVoterMethod(method: RpcMethod): boolean {
  const spec: RpcMethodSpec = rpcContract[method];
  return spec.voter === true;
}

/** The typed client both transports give the renderer. */
export interface RpcClient {
  call<M extends RpcMethod>(method: M, input: RpcInput<M>): Promise<RpcOutput<M>>;
  /** Uploads file bytes (an import, a drag-and-drop) into the blob store; then name them in a call. */
  putBlob(bytes: ArrayBuffer): Promise<BlobRef>;
  /** Subscribe to app events; returns an unsubscribe function. */
  onEvent(listener: (event: AppEvent) => void): () => void;
}

/**
 * What the Electron preload exposes on `window.lhb`. It is deliberately this small: one call
 * into the contract (the main process checks the method name and parses the input) and one
 * event subscription. No channel names reach the page.
 */
export interface PreloadBridge {
  call(method: string, input: unknown): Promise<unknown>;
  /** Stores file bytes in the workspace's blob store; resolves with the IPC result envelope. */
  putBlob(bytes: ArrayBuffer): Promise<unknown>;
  onEvent(listener: (event: unknown) => void): () => void;
}

export const BlobRefSchema = z.object({ sha256: z.string(), sizeBytes: z.number().int().nonnegative() });
export type BlobRef = z.infer<typeof BlobRefSchema>;

export const IPC_RPC_CHANNEL = 'lhb:rpc';
export const IPC_BLOB_CHANNEL = 'lhb:blob';
export const IPC_EVENT_CHANNEL = 'lhb:event';

export { AppEventSchema };
