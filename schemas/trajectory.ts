import { z } from 'zod';

/**
 * The normalised trajectory: what any harness's transcript (Claude Code stream-json, Codex
 * `exec --json`, Gemini CLI stream-json, a command harness's JSON lines, Harbor's ATIF) becomes.
 * One step is one turn of one source; an agent step carries its text and the tool calls it made,
 * each with its result and whether it failed.
 */

export const HarnessIdSchema = z.enum(['claude-code', 'codex', 'gemini-cli', 'command']);
export type HarnessId = z.infer<typeof HarnessIdSchema>;

export const TokenCountsSchema = z.object({
  input: z.number().int().min(0),
  output: z.number().int().min(0),
  cacheRead: z.number().int().min(0).default(0),
  cacheWrite: z.number().int().min(0).default(0),
});
export type TokenCounts = z.infer<typeof TokenCountsSchema>;

/** One model's share of a run: its tokens, and its cost when the harness reports one per model. */
export const ModelUsageSchema = TokenCountsSchema.extend({ costUsd: z.number().min(0).nullable().default(null) });
export type ModelUsage = z.infer<typeof ModelUsageSchema>;

export const TrajectoryToolCallSchema = z.object({
  /** The harness's own call id when it has one, else `call-<step>-<n>`. */
  id: z.string().min(1),
  /** The harness's tool name as it reported it (`Bash`, `run_shell_command`, `command_execution`, an MCP tool …). */
  name: z.string().min(1),
  arguments: z.unknown(),
  /** The tool's output as text, capped (see MAX_TOOL_RESULT_CHARS); `null` when no result was seen. */
  result: z.string().nullable(),
  /** False when the harness said it failed, or its result shows it (non-zero exit, an error text). */
  ok: z.boolean(),
  /** Why it counts as failed, in words (`exit code 1`, `status failed`, `error in output`), when it did. */
  failure: z.string().nullable().default(null),
  exitCode: z.number().int().nullable().default(null),
  durationMs: z.number().min(0).nullable().default(null),
});
export type TrajectoryToolCall = z.infer<typeof TrajectoryToolCallSchema>;

export const TrajectoryStepSchema = z.object({
  /** 0-based position in the trajectory. */
  index: z.number().int().min(0),
  source: z.enum(['system', 'user', 'agent']),
  text: z.string(),
  toolCalls: z.array(TrajectoryToolCallSchema),
  timestamp: z.string().nullable().default(null),
  tokens: TokenCountsSchema.nullable().default(null),
  /** The model that made this step, when the source says (a sub-agent's may differ from the run's). */
  model: z.string().optional(),
  /** Which of a multi-turn task's turns it belongs to, from 1; absent in a single-turn run. */
  turn: z.number().int().min(1).optional(),
});
export type TrajectoryStep = z.infer<typeof TrajectoryStepSchema>;

/**
 * A step as people read it, wherever they read it (the CLI, the Runs screen, judge prompts, the
 * dataset export, ATIF's `step_id`): numbered from 1. Stored indexes (`index`, an error's `step`)
 * stay 0-based positions.
 */
export function stepNumber(index: number): number {
  return index + 1;
}

/**
 * One of the task's MCP servers as a run had it: the tools it listed when the run started
 * (checked before the agent started), or, for an optional server that could not start, why it
 * was left out.
 */
export const RunMcpServerSchema = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  optional: z.boolean(),
  status: z.enum(['ready', 'left-out']),
  tools: z.array(z.string()),
  reason: z.string().nullable(),
});
export type RunMcpServer = z.infer<typeof RunMcpServerSchema>;

/** One turn of a multi-turn run: what was asked, how it went, and `out/` as the turn left it (blob-stored). */
export const TrajectoryTurnSchema = z.object({
  index: z.number().int().min(1),
  prompt: z.string(),
  status: z.enum(['succeeded', 'failed']),
  /** Sent in the session the turn before left (false for the first turn, or a harness that could not continue it). */
  resumed: z.boolean(),
  /**
   * Set when the engine stopped during this turn and a resume ran it again: how (continued in the
   * harness session, or afresh in the work folder the turn before left, and why).
   */
  restarted: z.string().optional(),
  durationMs: z.number().min(0).nullable(),
  tokens: TokenCountsSchema,
  steps: z.number().int().min(0),
  artifacts: z.array(z.object({ path: z.string(), sha256: z.string(), sizeBytes: z.number().int().min(0) })),
  /** Its segment of the run's stored transcript (the turns' transcripts in order), in bytes. */
  transcript: z.object({ offset: z.number().int().min(0), bytes: z.number().int().min(0) }),
});
export type TrajectoryTurn = z.infer<typeof TrajectoryTurnSchema>;

/**
 * What a trajectory leaves out of a very long transcript: the parser keeps the first steps and
 * tool calls only (core/runs/trajectory/kept-steps.ts) and counts the rest here, so a summary's
 * counts are the whole run's. Absent when nothing was left out.
 */
export const TrajectoryOmittedSchema = z.object({
  steps: z.number().int().min(0),
  toolCalls: z.number().int().min(0),
  failedToolCalls: z.number().int().min(0),
});
export type TrajectoryOmitted = z.infer<typeof TrajectoryOmittedSchema>;

export const TrajectorySchema = z.object({
  format: z.literal('lhb-trajectory/1'),
  harness: HarnessIdSchema,
  harnessVersion: z.string().nullable(),
  model: z.string().nullable(),
  sessionId: z.string().nullable(),
  /**
   * The prompt the run was sent (its first turn's), when known. It is not a step: Claude Code's and
   * Codex's streams do not carry it and Gemini CLI's echoes it, so the engine records it for every
   * harness and the transcript shows it above the steps, numbered alike whichever harness ran.
   */
  prompt: z.string().optional(),
  steps: z.array(TrajectoryStepSchema),
  /** Every model's tokens together (sub-agents' included), cache reads and writes as their own figures. */
  tokens: TokenCountsSchema,
  /**
   * `tokens` by model name, when the source breaks them down (Claude Code's modelUsage, Gemini
   * CLI's stats.models, per-message models); absent when it does not. The models' figures sum to `tokens`.
   */
  usageByModel: z.record(z.string(), ModelUsageSchema).optional(),
  costUsd: z.number().min(0).nullable(),
  durationMs: z.number().min(0).nullable(),
  /** The harness's own verdict when it gives one (Claude Code's result event, Codex's turn.failed). */
  outcome: z.enum(['completed', 'failed', 'unknown']),
  /** What the parser skipped or repaired: unknown event types, a partial last line, non-JSON lines (stderr). */
  warnings: z.array(z.string()),
  /** The task's MCP servers the run was given, as checked when it started (none when the task declares none). */
  mcpServers: z.array(RunMcpServerSchema).optional(),
  /** A multi-turn run's turns, in order; absent for a single-turn run. */
  turns: z.array(TrajectoryTurnSchema).optional(),
  /** Steps and tool calls after the ones kept, counted but not kept (a transcript of very many); absent when all are kept. */
  omitted: TrajectoryOmittedSchema.optional(),
});
export type Trajectory = z.infer<typeof TrajectorySchema>;

/** A tool result longer than this is kept as its head and tail with a marker between. */
export const MAX_TOOL_RESULT_CHARS = 64 * 1024;

export const ErrorTypeSchema = z.enum(['tool', 'build', 'syntax-type', 'runtime', 'config', 'network', 'test', 'permission', 'not-found', 'timeout', 'verifier']);
export type ErrorType = z.infer<typeof ErrorTypeSchema>;

/** One failed action and whether a later step succeeded at the same thing. */
export const TrajectoryErrorSchema = z.object({
  step: z.number().int().min(0),
  toolCallId: z.string(),
  type: ErrorTypeSchema,
  message: z.string(),
  recovered: z.boolean(),
  /** The step whose tool call succeeded at the same thing, when recovered. */
  recoveredAtStep: z.number().int().min(0).nullable(),
});
export type TrajectoryError = z.infer<typeof TrajectoryErrorSchema>;

/**
 * An error as the CLI prints it (`lhb runs show --json`, `lhb runs parse --json`): `step` and
 * `recoveredAtStep` are step numbers as people read them, from 1, as the Runs screen shows them
 * (stored errors keep 0-based positions).
 */
export const TrajectoryErrorViewSchema = z.object({
  step: z.number().int().min(1),
  type: ErrorTypeSchema,
  message: z.string(),
  recovered: z.boolean(),
  recoveredAtStep: z.number().int().min(1).nullable(),
});
export type TrajectoryErrorView = z.infer<typeof TrajectoryErrorViewSchema>;

export function errorView(error: TrajectoryError): TrajectoryErrorView {
  return { step: stepNumber(error.step), type: error.type, message: error.message, recovered: error.recovered, recoveredAtStep: error.recoveredAtStep === null ? null : stepNumber(error.recoveredAtStep) };
}

/** The summary `lhb runs show` and `lhb runs parse` print. */
export const TrajectorySummarySchema = z.object({
  steps: z.number().int().min(0),
  toolCalls: z.number().int().min(0),
  failedToolCalls: z.number().int().min(0),
  /** Every model's tokens; the cache figures when the trajectory itself was read (a study's table keeps input and output only). */
  tokens: z.object({ input: z.number().int().min(0), output: z.number().int().min(0), cacheRead: z.number().int().min(0).optional(), cacheWrite: z.number().int().min(0).optional() }),
  /** Each model's share, when the harness reports it (see Trajectory.usageByModel). */
  usageByModel: z.record(z.string(), ModelUsageSchema).optional(),
});
export type TrajectorySummary = z.infer<typeof TrajectorySummarySchema>;
