import { z } from 'zod';
import { ModelUsageSchema, TokenCountsSchema, TrajectoryOmittedSchema } from '../../../schemas/trajectory.ts';

/**
 * Harbor's Agent Trajectory Interchange Format (ATIF, `trajectory.json`), v1.0–v1.7, as far as we
 * read and write it: the RFC's required fields are required, its optional ones optional, and
 * fields we do not use (logprobs, token ids, subagent references) pass through unread. Harbor's
 * own models forbid unknown fields, so what we write stays inside the RFC's names plus `extra`.
 */
const count = z.number().int().min(0);
const json = z.record(z.string(), z.unknown());

/** v1.6 allows a message or a result to be a list of content parts (text, images). */
const ContentPartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });
export const AtifContentSchema = z.union([z.string(), z.array(ContentPartSchema)]);

export const AtifToolCallSchema = z.looseObject({
  tool_call_id: z.string().min(1),
  function_name: z.string().min(1),
  arguments: z.unknown().optional(),
});

export const AtifObservationResultSchema = z.looseObject({
  source_call_id: z.string().nullish(),
  content: AtifContentSchema.nullish(),
  /** Not in the RFC; some writers mark failed results with it, so it is read when present. */
  is_error: z.boolean().nullish(),
  /** Since ATIF v1.7; Harbor keeps `tool_result_is_error` here (core/runs/trajectory/atif-failure-flags.ts). */
  extra: json.nullish(),
});
export type AtifObservationResult = z.infer<typeof AtifObservationResultSchema>;

export const AtifMetricsSchema = z.looseObject({
  prompt_tokens: count.nullish(),
  completion_tokens: count.nullish(),
  cached_tokens: count.nullish(),
  cost_usd: z.number().min(0).nullish(),
  extra: json.nullish(),
});

export const AtifStepSchema = z.looseObject({
  step_id: z.number().int().min(1),
  timestamp: z.string().nullish(),
  source: z.enum(['system', 'user', 'agent']),
  model_name: z.string().nullish(),
  message: AtifContentSchema,
  reasoning_content: z.string().nullish(),
  tool_calls: z.array(AtifToolCallSchema).nullish(),
  observation: z.looseObject({ results: z.array(AtifObservationResultSchema) }).nullish(),
  metrics: AtifMetricsSchema.nullish(),
  extra: json.nullish(),
});

export const AtifFinalMetricsSchema = z.looseObject({
  total_prompt_tokens: count.nullish(),
  total_completion_tokens: count.nullish(),
  total_cached_tokens: count.nullish(),
  total_cost_usd: z.number().min(0).nullish(),
  total_steps: count.nullish(),
  extra: json.nullish(),
});

export const AtifTrajectorySchema = z.looseObject({
  schema_version: z.string().regex(/^ATIF-v\d+\.\d+$/, 'expected "ATIF-v<major>.<minor>", e.g. "ATIF-v1.4"'),
  // Required up to v1.6, optional from v1.7.
  session_id: z.string().nullish(),
  agent: z.looseObject({ name: z.string().min(1), version: z.string(), model_name: z.string().nullish(), extra: json.nullish() }),
  steps: z.array(AtifStepSchema),
  notes: z.string().nullish(),
  final_metrics: AtifFinalMetricsSchema.nullish(),
  extra: json.nullish(),
});

export type AtifTrajectory = z.infer<typeof AtifTrajectorySchema>;
export type AtifStep = z.infer<typeof AtifStepSchema>;

/** The schema version we write: every field we use exists since v1.2. */
export const ATIF_EXPORT_VERSION = 'ATIF-v1.4';

/**
 * What we keep in ATIF's `extra` (under `lhb`) so that a trajectory exported and imported again
 * is the same trajectory: ATIF has no place for a tool call's failure, exit code or duration, or
 * for the run's outcome and the parser's warnings.
 */
export const LhbRootExtraSchema = z.object({
  format: z.literal('lhb-trajectory/1'),
  harness: z.string(),
  harness_version: z.string().nullable(),
  session_id: z.string().nullable(),
  outcome: z.enum(['completed', 'failed', 'unknown']),
  /** The duration the harness itself reported (trajectory.durationMs), not the run's. */
  duration_ms: z.number().min(0).nullable(),
  warnings: z.array(z.string()),
  /** The run's one duration: the harness process's wall time, when the file was written for a run. */
  run_duration_ms: z.number().min(0).nullable().optional(),
  /** The trajectory's tokens by model (Harbor's final_metrics has one total only). */
  usage_by_model: z.record(z.string(), ModelUsageSchema).optional(),
  /** The prompt the run was sent, which our trajectory keeps beside its steps rather than as one. */
  prompt: z.string().optional(),
  /** Steps and tool calls a long trajectory counted but did not keep (trajectory.omitted). */
  omitted: TrajectoryOmittedSchema.optional(),
});

export const LhbToolCallExtraSchema = z.object({
  ok: z.boolean(),
  failure: z.string().nullable(),
  exit_code: z.number().int().nullable(),
  duration_ms: z.number().min(0).nullable(),
  /** The arguments were not a JSON object, so they were written as `{"value": …}`. */
  arguments_wrapped: z.boolean().optional(),
  /** The call's id when another call of its step had it too (ATIF ids are unique in a step, so it was written as `<id>#<n>`). */
  id: z.string().optional(),
});

export const LhbStepExtraSchema = z.object({
  tool_calls: z.record(z.string(), LhbToolCallExtraSchema).default({}),
  /** A system or user step's tokens (ATIF allows `metrics` on agent steps only). */
  tokens: TokenCountsSchema.optional(),
  /** A timestamp ATIF readers would refuse (not an ISO date-time), kept as the harness wrote it. */
  timestamp: z.string().optional(),
  /** The one step written for a trajectory with none (ATIF needs at least one); not a step of the run. */
  placeholder: z.literal(true).optional(),
});
