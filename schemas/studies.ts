import { z } from 'zod';
import { EnvNameSchema } from './env-name.ts';
import { importedName } from './imported-text.ts';
import { ReplayScriptSchema } from './replay-script.ts';
import { HARNESS_VERSION_MAX, MODEL_NAME_MAX, STUDY_NAME_MAX, STUDY_NUMBER_BOUNDS, STUDY_NUMBER_DEFAULTS } from './study-rules.ts';
import { HarnessIdSchema, RunMcpServerSchema, TrajectoryErrorViewSchema, TrajectorySummarySchema, TrajectoryTurnSchema } from './trajectory.ts';

/**
 * The run engine's vocabulary: a study is tasks × configurations × repeats, run by a harness
 * CLI each, against a model endpoint (a provider's, or the scripted model server).
 */

/**
 * A skill version as a study names it: `none` runs without SKILL.md (the ablation's other arm),
 * `base` installs the folder's own SKILL.md, any other name installs `versions/<name>/SKILL.md`.
 */
export const SkillVersionNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/, 'a skill version name like none, base or v2');
export const NO_SKILL = 'none';
export const BASE_SKILL = 'base';

/** What a configuration's model costs, in US dollars per million tokens: the cost of a run whose harness does not report one. */
export const TokenPriceSchema = z
  .object({
    inputPerMillion: z.number().min(0).max(100_000),
    outputPerMillion: z.number().min(0).max(100_000),
  })
  .strict();
export type TokenPrice = z.infer<typeof TokenPriceSchema>;

/**
 * What a sandboxed run may reach over the network: `host` (the machine's network, as the agent
 * needs for its model API), `none` (a network namespace of its own with only loopback; a
 * scripted model server on this machine's loopback is still reached, through a unix socket) or
 * `endpoint-only` (as `none`, plus an HTTP proxy the engine runs that reaches only the
 * configuration's model endpoint, or the harness's own API hosts, and the task's HTTP MCP servers).
 */
export const SandboxNetworkSchema = z.enum(['host', 'none', 'endpoint-only']);
export type SandboxNetwork = z.infer<typeof SandboxNetworkSchema>;

/** Per-run resource limits inside the sandbox; absent fields take the defaults (core/runs/sandbox/sandbox-defaults.ts). */
export const SandboxLimitsSchema = z
  .object({
    /** Memory per run (cgroup memory.max where this process may make one, else per-process address space). */
    memoryMb: z.number().int().min(64).max(4_194_304).optional(),
    /** Processes and threads per run (cgroup pids.max where possible, else RLIMIT_NPROC). */
    processes: z.number().int().min(8).max(1_000_000).optional(),
    /** Disk use of the run's folder (work/, home/, transcript, logs): watched while it runs, and no one file may be larger (RLIMIT_FSIZE). */
    diskMb: z.number().int().min(16).max(1_073_741_824).optional(),
  })
  .strict();
export type SandboxLimits = z.infer<typeof SandboxLimitsSchema>;

export const StudyConfigurationSchema = z
  .object({
    harness: HarnessIdSchema,
    /** One line of at most 200 characters: the engine imports each run under it (schemas/imported-text.ts). */
    model: importedName(MODEL_NAME_MAX).min(1),
    /** The shell command line of a harness that takes one (its adapter's `takesCommand`; checked by core's createStudy). */
    command: z.string().min(1).max(10_000).optional(),
    /** Run this installed version of the harness CLI (default: the newest installed, else PATH). */
    harnessVersion: z.string().min(1).max(HARNESS_VERSION_MAX).optional(),
    /** This configuration's model API base URL; default: the study's `endpoint`, else the harness's own provider. */
    endpoint: z.url().optional(),
    /** The variable holding this configuration's API key; default: the study's `apiKeyEnv`, else the harness's own variable. */
    apiKeyEnv: EnvNameSchema.optional(),
    /** The skill versions this configuration runs (each is one arm); default: all of the study's `skill.versions`. */
    skillVersions: z.array(SkillVersionNameSchema).min(1).max(50).optional(),
    /** Its model's price, for the cost of runs whose harness reports none. */
    price: TokenPriceSchema.optional(),
    /** This configuration's runs' network; default: the study's `network`, else `host`. */
    network: SandboxNetworkSchema.optional(),
  })
  .strict();
export type StudyConfiguration = z.infer<typeof StudyConfigurationSchema>;

export const StudySkillSchema = z
  .object({
    /** A skill folder on this machine: SKILL.md (+ files), versions in versions/<v>/SKILL.md. */
    dir: z.string().min(1),
    /** One version to install (`v2` installs versions/v2/SKILL.md); default: the folder's own SKILL.md. */
    version: SkillVersionNameSchema.optional(),
    /** The versions to compare, each one arm of every configuration: `[none, base, v2]`. */
    versions: z.array(SkillVersionNameSchema).min(1).max(50).optional(),
  })
  .strict()
  .refine((skill) => skill.version === undefined || skill.versions === undefined, { message: 'give version (one) or versions (arms), not both', path: ['versions'] });

/** The skill versions a study's skill block compares, each one arm: its `versions`, else its one `version`, else the folder's own SKILL.md. */
export function skillArmsOf(skill: { version?: string | undefined; versions?: readonly string[] | undefined }): string[] {
  return skill.versions ? [...skill.versions] : [skill.version ?? BASE_SKILL];
}

/** Where a study's runs go when they run on a Slurm cluster (`executor: 'slurm'`). */
export const StudySlurmSchema = z
  .object({
    /** A folder every compute node sees at the same path; the study's run folders are made in it. */
    sharedDir: z.string().min(1),
    partition: z.string().min(1).max(200).optional(),
    account: z.string().min(1).max(200).optional(),
    /** CPUs per run (`--cpus-per-task`); default 1. */
    cpus: z.number().int().min(1).max(1024).optional(),
    /** Memory per run as sbatch takes it (`4G`, `8000M`); default: the partition's. */
    mem: z.string().regex(/^\d+[KMGT]?$/, 'a size like 4G or 8000M').optional(),
    /** More sbatch options, each one argument (`--qos=long`). */
    options: z.array(z.string().min(1).max(500)).max(50).optional(),
    /** Reach the cluster through `ssh HOST` (the user's own SSH config) instead of running sbatch here. */
    sshHost: z.string().min(1).max(500).optional(),
    /** How a compute node runs lhb; default `lhb` (on the node's PATH). */
    lhbCommand: z.string().min(1).max(2000).optional(),
  })
  .strict();
export type StudySlurm = z.infer<typeof StudySlurmSchema>;

/** A study's fields; the spec below adds its cross-field rules. */
const StudySpecFields = z
  .object({
    name: z.string().min(1).max(STUDY_NAME_MAX).optional(),
    /** Task ids of this workspace. */
    tasks: z.array(z.string().min(1)).min(1).max(10_000),
    configurations: z.array(StudyConfigurationSchema).min(1).max(100),
    /** The model API base URL of every configuration that names none; default: each harness's own provider. */
    endpoint: z.url().optional(),
    /** The API key variable of every configuration that names none; default: each harness's own variable. */
    apiKeyEnv: EnvNameSchema.optional(),
    /** The skill to install; absent runs without one (an ablation). */
    skill: StudySkillSchema.optional(),
    repeats: z.number().int().min(STUDY_NUMBER_BOUNDS.repeats.min).max(STUDY_NUMBER_BOUNDS.repeats.max).default(STUDY_NUMBER_DEFAULTS.repeats),
    concurrency: z.number().int().min(STUDY_NUMBER_BOUNDS.concurrency.min).max(STUDY_NUMBER_BOUNDS.concurrency.max).default(STUDY_NUMBER_DEFAULTS.concurrency),
    timeoutSeconds: z.number().int().min(STUDY_NUMBER_BOUNDS.timeoutSeconds.min).max(STUDY_NUMBER_BOUNDS.timeoutSeconds.max).default(STUDY_NUMBER_DEFAULTS.timeoutSeconds),
    /** Bytes of transcript and stderr kept per run; past it the run is stopped. */
    maxOutputBytes: z.number().int().min(1024).max(8 * 1024 * 1024 * 1024).default(256 * 1024 * 1024),
    /** Retries of a run that failed for a retryable reason (rate limit, network). */
    maxRetries: z.number().int().min(0).max(10).default(2),
    /** First retry waits this long; each later one twice as long. */
    retryBackoffMs: z.number().int().min(0).max(3_600_000).default(10_000),
    /** Task folders given as folders (task id → folder): their `inputs/` are copied into each run. */
    taskFolders: z.record(z.string(), z.string()).default({}),
    /** Play this script from a local scripted model server instead of calling a model API. */
    replay: ReplayScriptSchema.optional(),
    /** A task's own script (task id → script) in place of `replay` for that task's runs: tasks that ask for different work. */
    replayByTask: z.record(z.string(), ReplayScriptSchema).optional(),
    /**
     * The verifier hook (Claude Code PostToolUse, Gemini CLI AfterTool; the verify_build MCP tool
     * for Codex): builds, serves and captures the agent's app after each change and tells it what
     * to fix. Absent: on for tasks with frames (Figma-to-code), off for the others.
     */
    verifier: z.boolean().optional(),
    /** Where runs execute: this machine (default) or one Slurm batch job each. */
    executor: z.enum(['local', 'slurm']).optional(),
    slurm: StudySlurmSchema.optional(),
    /**
     * Run every harness inside bubblewrap (default). `false` (`--no-sandbox`) runs them as
     * ordinary processes of yours, as before the sandbox existed; each run records which.
     */
    sandbox: z.boolean().optional(),
    /** The network of every configuration that names none; default `host`. */
    network: SandboxNetworkSchema.optional(),
    limits: SandboxLimitsSchema.optional(),
    /**
     * The variables of ours the tasks' MCP servers may receive (what their task.json's `env_from`
     * and `headers_from` name); a task naming any other is refused before the study starts. Absent: none.
     */
    allowMcpEnv: z.array(EnvNameSchema).max(100).optional(),
  })
  .strict();

/** The rules between a study's fields, the same for the spec and for what `runs.start` takes. */
function withStudyRules<Schema extends z.ZodType<{ executor?: 'local' | 'slurm' | undefined; slurm?: object | undefined; replay?: unknown; replayByTask?: unknown }>>(schema: Schema): Schema {
  return schema
    .refine((spec) => spec.executor !== 'slurm' || spec.slurm !== undefined, { message: 'the slurm executor needs a slurm block with at least sharedDir', path: ['slurm'] })
    .refine((spec) => spec.replayByTask === undefined || spec.replay !== undefined, { message: 'replayByTask needs replay too: the script of the tasks it names none for', path: ['replayByTask'] });
}

export const StudySpecSchema = withStudyRules(StudySpecFields);
export type StudySpec = z.infer<typeof StudySpecSchema>;
export type StudySpecInput = z.input<typeof StudySpecSchema>;

declare const resolvedStudy: unique symbol;
/**
 * A study past the door: parsed once, the workspace's remembered Slurm settings filled in, every
 * default written out (core/runs/study/resolve-study-spec.ts makes it, and nothing else does).
 * Everything behind the door (creating the study, the engine, the executors, resume) takes this
 * type, so none of it parses or resolves the study again.
 */
export type ResolvedStudy = StudySpec & { readonly [resolvedStudy]: true };

/**
 * What `runs.start` takes: a study spec whose Slurm block may leave out any setting, the shared
 * folder included, which the study room fills from the workspace's remembered cluster settings
 * (core/runs/study/slurm-settings.ts) before it resolves the study.
 */
export const StudyRequestSchema = withStudyRules(StudySpecFields.extend({ slurm: StudySlurmSchema.partial().optional() }));
export type StudyRequest = z.infer<typeof StudyRequestSchema>;
export type StudyRequestInput = z.input<typeof StudyRequestSchema>;

/** One variable a task's MCP server asks for (`env_from` of a stdio server, `headers_from` of an HTTP one): what a study must allow before it gives it. */
export const McpVariableRequestSchema = z.object({
  taskId: z.string(),
  server: z.string(),
  transport: z.enum(['stdio', 'http']),
  /** The variable of ours it names. */
  variable: z.string(),
  /** What the server gets it as: its own variable, or an HTTP header. */
  as: z.string(),
});
export type McpVariableRequest = z.infer<typeof McpVariableRequestSchema>;

export const StudyRunStatusSchema = z.enum(['pending', 'running', 'succeeded', 'failed', 'timeout', 'cancelled']);
export type StudyRunStatus = z.infer<typeof StudyRunStatusSchema>;
export const FINAL_RUN_STATUSES: readonly StudyRunStatus[] = ['succeeded', 'failed', 'timeout'];

/**
 * Why a run failed, or (`no-output`) why a run that ended without an error is not plainly
 * succeeded: it left nothing in out/, so the figures count it as not succeeded. The engine retries
 * only `rate-limit` and `network` on its own (RETRYABLE_FAILURES); `lhb runs retry` and Retry retry any.
 */
export const RunFailureKindSchema = z.enum([
  'auth',
  'rate-limit',
  'model-not-found',
  'network',
  'timeout',
  'harness-crash',
  'harness-missing',
  'output-limit',
  'run-files-replaced',
  'verifier',
  'resource-limit',
  'cancelled',
  'setup',
  'no-output',
]);
export type RunFailureKind = z.infer<typeof RunFailureKindSchema>;

/** The error kind of a run whose harness ended without an error but left nothing in out/ (its status stays `succeeded`). */
export const NO_OUTPUT_KIND = 'no-output' satisfies RunFailureKind;

/** A run that did not plainly succeed: failed, timed out, or succeeded with nothing in out/. What `lhb runs retry STUDY --failed` and "Retry failed runs" run again. */
export function didNotSucceed(run: { status: StudyRunStatus; errorKind?: RunFailureKind | null; noOutput?: boolean | undefined }): boolean {
  return run.status === 'failed' || run.status === 'timeout' || (run.status === 'succeeded' && (run.noOutput === true || run.errorKind === NO_OUTPUT_KIND));
}

export const StudyStateSchema = z.enum(['running', 'finished', 'cancelled', 'interrupted']);

/**
 * The sandbox a run ran in, as it ran: `bubblewrap` or `none` (started with --no-sandbox), its
 * network, and each limit with the mechanism that enforced it (`cgroup-v2`, `cgroup-v1`, `rlimit`;
 * the disk limit: `run-folder-watch`, the engine measuring the run folder while it runs).
 */
export const RunSandboxSchema = z.object({
  mode: z.enum(['bubblewrap', 'none']),
  network: SandboxNetworkSchema.nullable(),
  limits: z
    .object({
      memoryBytes: z.number().int(),
      memoryVia: z.enum(['cgroup-v2', 'cgroup-v1', 'rlimit']),
      processes: z.number().int(),
      processesVia: z.enum(['cgroup-v2', 'cgroup-v1', 'rlimit']),
      /** Absent on runs recorded before the disk limit existed. */
      diskBytes: z.number().int().optional(),
      diskVia: z.enum(['run-folder-watch']).optional(),
    })
    .nullable(),
  /** Network `endpoint-only`: the `host:port`s its proxy let the run reach, and those it refused (what the agent tried). */
  allowedHosts: z.array(z.string()).optional(),
  refusedHosts: z.array(z.string()).optional(),
});
export type RunSandbox = z.infer<typeof RunSandboxSchema>;

export const StudyRunViewSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  taskId: z.string(),
  harness: HarnessIdSchema,
  harnessVersion: z.string().nullable(),
  model: z.string(),
  versions: z.record(z.string(), z.string()),
  repeat: z.number().int(),
  status: StudyRunStatusSchema,
  attempts: z.number().int(),
  errorKind: RunFailureKindSchema.nullable(),
  errorMessage: z.string().nullable(),
  /** True when it ended without an error but left nothing in out/ (errorKind `no-output`): shown as "no output", counted as not succeeded. */
  noOutput: z.boolean().optional(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  steps: z.number().int().nullable(),
  toolCalls: z.number().int().nullable(),
  failedToolCalls: z.number().int().nullable(),
  tokens: z.object({ input: z.number().int(), output: z.number().int() }).nullable(),
  costUsd: z.number().nullable(),
  lastEvent: z.string().nullable(),
  /** The store's run (arena, analysis) once it finished. */
  runId: z.string().nullable(),
  /** Judgments and votes (retracted ones too) that name its run: a retry keeps that run as an earlier attempt with them. */
  judgments: z.number().int().optional(),
  votes: z.number().int().optional(),
  /** Earlier attempts a retry kept, with their judgments and votes (absent or 0: this is its first stored attempt). */
  earlierAttempts: z.number().int().optional(),
  /** The Slurm job running it and that job's last known state, for a study on a cluster. */
  slurmJobId: z.string().nullable().optional(),
  slurmState: z.string().nullable().optional(),
  /** The sandbox it ran in; null before it ran (or for runs of a study older than the sandbox). */
  sandbox: RunSandboxSchema.nullable().optional(),
});
export type StudyRunView = z.infer<typeof StudyRunViewSchema>;

export const StudySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  state: StudyStateSchema,
  executor: z.string(),
  folder: z.string(),
  jobId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  counts: z.record(StudyRunStatusSchema, z.number().int()),
  total: z.number().int(),
  /** Of the succeeded runs, those that left nothing in out/ ("no output"; not succeeded in the figures). */
  noOutput: z.number().int().optional(),
  /**
   * Which process runs it while it is running: this one (the app answering), or another (`lhb runs
   * start` in a terminal, a detached study), named in words; null when nothing runs it. Cancel
   * reaches either (another process polls the store for the request); Retry and Resume only here.
   */
  runner: z
    .object({ where: z.enum(['here', 'elsewhere']), process: z.string() })
    .nullable()
    .optional(),
});
export type StudySummary = z.infer<typeof StudySummarySchema>;

/** `lhb runs show RUN --json`. */
export const RunDetailSchema = z.object({
  id: z.string(),
  task: z.string(),
  harness: z.string(),
  harnessVersion: z.string().nullable(),
  model: z.string(),
  versions: z.record(z.string(), z.string()),
  status: z.string(),
  durationMs: z.number().nullable(),
  trajectory: TrajectorySummarySchema.nullable(),
  /** Steps numbered from 1, as the Runs screen shows them. */
  errors: z.array(TrajectoryErrorViewSchema),
  artifacts: z.array(z.object({ path: z.string(), sizeBytes: z.number().int() })),
  errorKind: RunFailureKindSchema.nullable(),
  errorMessage: z.string().nullable(),
  /** Why its out/ was not imported as artifacts (the engine's run-wide finding); absent or null when it was, or held none. */
  artifactsNotImported: z.string().nullable().optional(),
  studyId: z.string().nullable(),
  /** The verifier's checks during the run (build, serve, capture each route), oldest first. */
  verifications: z
    .array(
      z.object({
        checkedAt: z.string(),
        trigger: z.string(),
        ok: z.boolean(),
        nextAction: z.string(),
        findings: z.array(z.object({ kind: z.string(), route: z.string().nullable(), detail: z.string() })),
      }),
    )
    .default([]),
  /** The task's MCP servers the run was given, with the tools each listed when it started. */
  mcpServers: z.array(RunMcpServerSchema).default([]),
  /** A multi-turn run's turns (prompt, status, duration, tokens, out/ after each); empty for a single-turn run. */
  turns: z.array(TrajectoryTurnSchema).default([]),
});
export type RunDetail = z.infer<typeof RunDetailSchema>;

/**
 * A harness as `harnesses.list` describes it: what its adapter declares (the UIs take these
 * facts from here, not from copies of their own) and what was found on this machine.
 */
export const HarnessStatusSchema = z.object({
  id: HarnessIdSchema,
  displayName: z.string(),
  /** The model a study runs it with when none is given. */
  defaultModel: z.string(),
  /** The variable its CLI reads the API key from (null: the command harness gets the study's own variable). */
  keyEnv: z.string().nullable(),
  /** It runs the command line a study gives it: nothing to install, a command to give. */
  takesCommand: z.boolean(),
  /** The installed CLI's version, once known. */
  version: z.string().nullable(),
  binary: z.string().nullable(),
  /**
   * What was found here, decided by the binary's presence alone: `found` (installed, `version`
   * known), `detecting` (installed; its version is still being asked in the background: ask again),
   * `version-unknown` (installed, but it did not say its version: `versionProblem` says why, a
   * timeout included), `not-installed` (no binary: `problem` says how to install it), `any-command`
   * (the harness that runs a command: nothing to install).
   */
  detection: z.enum(['found', 'detecting', 'version-unknown', 'not-installed', 'any-command']),
  /** Why the version is unknown (`version-unknown`); a study's runs ask again before they start. */
  versionProblem: z.string().nullable(),
  /**
   * The version is unknown because the CLI did not answer in time (a busy machine, or a hung CLI),
   * not because it failed: the form says "could not check: timed out", never "not installed".
   */
  versionTimedOut: z.boolean(),
  /** Why it cannot run, and how to fix it, when it cannot (not installed). */
  problem: z.string().nullable(),
  /** The version `lhb harnesses install` installs; null when there is nothing to install. */
  pinnedVersion: z.string().nullable(),
});
export type HarnessStatus = z.infer<typeof HarnessStatusSchema>;
