import { z } from 'zod';

/**
 * Harbor's own rules for an ATIF `trajectory.json`, for tests: what `harbor`'s TrajectoryValidator
 * (src/harbor/utils/trajectory_validator.py) enforces through its pydantic models
 * (src/harbor/models/trajectories/*.py), read at harbor-framework/harbor 7d91dbfa (2026-08-22).
 * Python and pydantic are not available here, so the rules are restated in zod:
 *
 * - every object forbids fields it does not name (`extra: "forbid"`); free-form data goes in `extra`;
 * - `schema_version` is one of ATIF-v1.0 … v1.7; `agent.name` and `agent.version` are required strings;
 * - `steps` has at least one step, and `step_id`s run 1, 2, 3 … in order;
 * - `model_name`, `reasoning_effort`, `reasoning_content`, `tool_calls` and `metrics` only on `agent` steps,
 *   and no `metrics` or `reasoning_content` on an agent step whose `llm_call_count` is 0;
 * - a `timestamp` is what Python's `datetime.fromisoformat` reads (after `Z` → `+00:00`);
 * - a step's `tool_call_id`s are unique, a tool call's `arguments` is an object, and an
 *   observation result's `source_call_id` names a tool call of the same step;
 * - token counts are integers; a content part is text (with `text`) or an image (with `source`);
 * - a subagent reference has a `trajectory_id` or a `trajectory_path`, and a path-less one names an
 *   embedded `subagent_trajectories` entry, each of which has a unique `trajectory_id`.
 *
 * Stricter than pydantic's lax parsing in one way on purpose: numbers must be JSON numbers, not
 * numeric strings, so what passes here passes Harbor.
 */

const dict = z.record(z.string(), z.unknown());
const int = z.number().int();

/** The ISO 8601 forms Python 3.11+'s `datetime.fromisoformat` reads, with dates and times in range. */
function pythonReadsIsoTimestamp(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(?:Z|[+-](\d{2}):?(\d{2})(?::\d{2}(?:\.\d+)?)?)?)?$/.exec(value);
  if (!match) return false;
  const [, year, month, day, hour = '0', minute = '0', second = '0', offsetHours = '0', offsetMinutes = '0'] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const dateOk = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) && Number(year) >= 1;
  return dateOk && Number(hour) < 24 && Number(minute) < 60 && Number(second) < 60 && Number(offsetHours) < 24 && Number(offsetMinutes) < 60;
}

const ImageSourceSchema = z.strictObject({ media_type: z.enum(['image/jpeg', 'image/png', 'image/gif', 'image/webp']), path: z.string() });

const ContentPartSchema = z
  .strictObject({ type: z.enum(['text', 'image']), text: z.string().nullish(), source: ImageSourceSchema.nullish() })
  .superRefine((part, ctx) => {
    if (part.type === 'text' && (part.text == null || part.source != null)) ctx.addIssue({ code: 'custom', message: "a text part has 'text' and no 'source'" });
    if (part.type === 'image' && (part.source == null || part.text != null)) ctx.addIssue({ code: 'custom', message: "an image part has 'source' and no 'text'" });
  });
const ContentSchema = z.union([z.string(), z.array(ContentPartSchema)]);

const SubagentTrajectoryRefSchema = z
  .strictObject({ trajectory_id: z.string().nullish(), session_id: z.string().nullish(), trajectory_path: z.string().nullish(), extra: dict.nullish() })
  .refine((ref) => ref.trajectory_id != null || ref.trajectory_path != null, 'a subagent reference needs trajectory_id or trajectory_path');

const ToolCallSchema = z.strictObject({ tool_call_id: z.string(), function_name: z.string(), arguments: dict, extra: dict.nullish() });

const ObservationResultSchema = z.strictObject({
  source_call_id: z.string().nullish(),
  content: ContentSchema.nullish(),
  subagent_trajectory_ref: z.array(SubagentTrajectoryRefSchema).nullish(),
  extra: dict.nullish(),
});

const MetricsSchema = z.strictObject({
  prompt_tokens: int.nullish(),
  completion_tokens: int.nullish(),
  cached_tokens: int.nullish(),
  cost_usd: z.number().nullish(),
  prompt_token_ids: z.array(int).nullish(),
  completion_token_ids: z.array(int).nullish(),
  logprobs: z.array(z.number()).nullish(),
  extra: dict.nullish(),
});

const AGENT_ONLY_FIELDS = ['model_name', 'reasoning_effort', 'reasoning_content', 'tool_calls', 'metrics'] as const;

const StepSchema = z
  .strictObject({
    step_id: int.min(1),
    timestamp: z.string().refine(pythonReadsIsoTimestamp, 'not an ISO 8601 timestamp Python reads').nullish(),
    source: z.enum(['system', 'user', 'agent']),
    model_name: z.string().nullish(),
    reasoning_effort: z.union([z.string(), z.number()]).nullish(),
    message: ContentSchema,
    reasoning_content: z.string().nullish(),
    tool_calls: z.array(ToolCallSchema).nullish(),
    observation: z.strictObject({ results: z.array(ObservationResultSchema) }).nullish(),
    metrics: MetricsSchema.nullish(),
    is_copied_context: z.boolean().nullish(),
    llm_call_count: int.min(0).nullish(),
    extra: dict.nullish(),
  })
  .superRefine((step, ctx) => {
    if (step.source !== 'agent') {
      for (const field of AGENT_ONLY_FIELDS) {
        if (step[field] != null) ctx.addIssue({ code: 'custom', path: [field], message: `Field '${field}' is only applicable when source is 'agent', but source is '${step.source}'` });
      }
    }
    if (step.source === 'agent' && step.llm_call_count === 0) {
      for (const field of ['metrics', 'reasoning_content'] as const) {
        if (step[field] != null) ctx.addIssue({ code: 'custom', path: [field], message: `Field '${field}' must be absent when llm_call_count is 0` });
      }
    }
    const ids = new Set<string>();
    for (const call of step.tool_calls ?? []) {
      if (ids.has(call.tool_call_id)) ctx.addIssue({ code: 'custom', path: ['tool_calls'], message: `step ${step.step_id} has duplicate tool_call_id '${call.tool_call_id}'` });
      ids.add(call.tool_call_id);
    }
    for (const result of step.observation?.results ?? []) {
      if (result.source_call_id != null && !ids.has(result.source_call_id)) {
        ctx.addIssue({ code: 'custom', path: ['observation'], message: `Observation result references source_call_id '${result.source_call_id}' which is not found in step ${step.step_id}'s tool_calls` });
      }
    }
  });

interface HarborTrajectory {
  trajectory_id?: string | null | undefined;
  steps: z.infer<typeof StepSchema>[];
  subagent_trajectories?: HarborTrajectory[] | null | undefined;
}

const TrajectorySchema: z.ZodType<HarborTrajectory> = z.lazy(() =>
  z
    .strictObject({
      schema_version: z.enum(['ATIF-v1.0', 'ATIF-v1.1', 'ATIF-v1.2', 'ATIF-v1.3', 'ATIF-v1.4', 'ATIF-v1.5', 'ATIF-v1.6', 'ATIF-v1.7']),
      session_id: z.string().nullish(),
      trajectory_id: z.string().nullish(),
      agent: z.strictObject({ name: z.string(), version: z.string(), model_name: z.string().nullish(), tool_definitions: z.array(dict).nullish(), extra: dict.nullish() }),
      steps: z.array(StepSchema).min(1),
      notes: z.string().nullish(),
      final_metrics: z
        .strictObject({
          total_prompt_tokens: int.nullish(),
          total_completion_tokens: int.nullish(),
          total_cached_tokens: int.nullish(),
          total_cost_usd: z.number().nullish(),
          total_steps: int.min(0).nullish(),
          extra: dict.nullish(),
        })
        .nullish(),
      continued_trajectory_ref: z.string().nullish(),
      extra: dict.nullish(),
      subagent_trajectories: z.array(TrajectorySchema).nullish(),
    })
    .superRefine((trajectory, ctx) => {
      trajectory.steps.forEach((step, i) => {
        if (step.step_id !== i + 1) ctx.addIssue({ code: 'custom', path: ['steps', i, 'step_id'], message: `expected ${i + 1} (sequential from 1), got ${step.step_id}` });
      });
      const embedded = new Set<string>();
      (trajectory.subagent_trajectories ?? []).forEach((sub, i) => {
        if (sub.trajectory_id == null) ctx.addIssue({ code: 'custom', path: ['subagent_trajectories', i], message: 'an embedded subagent needs a trajectory_id' });
        else if (embedded.has(sub.trajectory_id)) ctx.addIssue({ code: 'custom', path: ['subagent_trajectories', i], message: `trajectory_id '${sub.trajectory_id}' is not unique` });
        else embedded.add(sub.trajectory_id);
      });
      for (const step of trajectory.steps) {
        for (const result of step.observation?.results ?? []) {
          for (const ref of result.subagent_trajectory_ref ?? []) {
            if (!ref.trajectory_path && !embedded.has(ref.trajectory_id ?? '')) ctx.addIssue({ code: 'custom', message: `step ${step.step_id}: subagent reference '${ref.trajectory_id}' is in no subagent_trajectories entry` });
          }
        }
      }
    }),
);

/** What Harbor's validator would say about `document`: its problems as `path: message`, none when it is valid. */
export function harborValidationErrors(document: unknown): string[] {
  // Harbor reads the file as JSON: what survives JSON text is what it validates.
  const parsed = TrajectorySchema.safeParse(JSON.parse(JSON.stringify(document)));
  return parsed.success ? [] : parsed.error.issues.map((issue) => `trajectory.${issue.path.join('.') || '(root)'}: ${issue.message}`);
}
