import { z } from 'zod';

/**
 * The command harness's transcript format (README, "The command harness"): one JSON object per
 * line of stdout, each with a `type`. Every other line of stdout is the agent's plain text.
 *
 * - `{"type":"session","model"?,"sessionId"?,"harnessVersion"?}`  what ran (any line, any order)
 * - `{"type":"step","source":"agent"|"user"|"system","text","timestamp"?}`  a new step
 * - `{"type":"tool_call","id"?,"name","arguments"?}`  a call made in the current agent step
 * - `{"type":"tool_result","id"?,"result","ok"?,"exitCode"?,"error"?,"durationMs"?}`  its result
 *   (by `id`, else the oldest call still without one); it failed when `ok` is false, `exitCode` is
 *   not 0, or, when neither is given, the result text shows a non-zero exit or "command not found"
 * - `{"type":"usage","input","output","cacheRead"?,"cacheWrite"?,"costUsd"?}`  tokens of one model
 *   call, added to the totals and to the current step
 * - `{"type":"outcome","outcome":"completed"|"failed","durationMs"?}`  the agent's own verdict
 */
const count = z.number().int().min(0);
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

export const CommandSessionLineSchema = z.object({
  type: z.literal('session'),
  model: nullish(z.string()),
  sessionId: nullish(z.string()),
  harnessVersion: nullish(z.string()),
});

export const CommandStepLineSchema = z.object({
  type: z.literal('step'),
  source: z.enum(['agent', 'user', 'system']),
  text: z.string(),
  timestamp: nullish(z.string()),
});

export const CommandToolCallLineSchema = z.object({
  type: z.literal('tool_call'),
  id: nullish(z.string().min(1)),
  name: z.string().min(1),
  arguments: z.unknown().optional(),
});

export const CommandToolResultLineSchema = z.object({
  type: z.literal('tool_result'),
  id: nullish(z.string().min(1)),
  /** Text, or any JSON value (kept as its JSON text). */
  result: z.unknown(),
  ok: nullish(z.boolean()),
  exitCode: nullish(z.number().int()),
  error: nullish(z.string()),
  durationMs: nullish(z.number().min(0)),
});

export const CommandUsageLineSchema = z.object({
  type: z.literal('usage'),
  input: count,
  output: count,
  cacheRead: nullish(count),
  cacheWrite: nullish(count),
  costUsd: nullish(z.number().min(0)),
});

export const CommandOutcomeLineSchema = z.object({
  type: z.literal('outcome'),
  outcome: z.enum(['completed', 'failed']),
  durationMs: nullish(z.number().min(0)),
});

export const CommandTranscriptLineSchema = z.discriminatedUnion('type', [
  CommandSessionLineSchema,
  CommandStepLineSchema,
  CommandToolCallLineSchema,
  CommandToolResultLineSchema,
  CommandUsageLineSchema,
  CommandOutcomeLineSchema,
]);
export type CommandTranscriptLine = z.infer<typeof CommandTranscriptLineSchema>;

export const COMMAND_LINE_TYPES: ReadonlySet<string> = new Set(['session', 'step', 'tool_call', 'tool_result', 'usage', 'outcome']);
