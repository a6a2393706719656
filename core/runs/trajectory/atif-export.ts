import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { stepNumber, type Trajectory, type TrajectoryStep } from '../../../schemas/trajectory.ts';
import { ATIF_EXPORT_VERSION, type AtifStep, type AtifTrajectory, type LhbRootExtraSchema, type LhbStepExtraSchema } from './atif-schema.ts';
import { writeBackSourceFields } from './atif-source-fields.ts';
import { isAtifTimestamp } from './atif-timestamp.ts';

/** What the run knows that its trajectory may not: written where ATIF has a place for it. */
export interface AtifExportOptions {
  /** The file's session id; by default the trajectory's, else one derived from its content. */
  sessionId?: string;
  /** The harness version the engine recorded for the run (Codex and Gemini CLI do not name theirs in their stream). */
  harnessVersion?: string | null;
  /** The run's model, when the transcript names none. */
  model?: string | null;
  /** The run's one duration, the harness process's wall time. */
  runDurationMs?: number | null;
  /** The ATIF document the run was imported from: what it had that the trajectory has no field for is written back. */
  source?: AtifTrajectory;
}

type LhbStepExtra = z.input<typeof LhbStepExtraSchema>;
type ToolCallStatuses = NonNullable<LhbStepExtra['tool_calls']>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** ATIF needs one step at least: a trajectory without any is written as this one, which import drops. */
function placeholderStep(): AtifStep {
  return { step_id: 1, source: 'system', message: 'This run recorded no steps.', extra: { lhb: { placeholder: true } } };
}

function exportStep(step: TrajectoryStep, index: number): AtifStep {
  const out: AtifStep = { step_id: stepNumber(index), source: step.source, message: step.text };
  const lhb: LhbStepExtra = {};
  if (step.timestamp !== null) {
    if (isAtifTimestamp(step.timestamp)) out.timestamp = step.timestamp;
    else lhb.timestamp = step.timestamp;
  }
  const agent = step.source === 'agent';
  if (agent && step.model !== undefined) out.model_name = step.model;
  if (step.toolCalls.length > 0) {
    const statuses: ToolCallStatuses = {};
    const seen = new Map<string, number>();
    out.tool_calls = step.toolCalls.map((call) => {
      // ATIF ids are unique within a step; a repeated one (a command transcript may repeat it) gets a suffix.
      const times = (seen.get(call.id) ?? 0) + 1;
      seen.set(call.id, times);
      const id = times === 1 ? call.id : `${call.id}#${times}`;
      const wrapped = !isPlainObject(call.arguments);
      statuses[id] = { ok: call.ok, failure: call.failure, exit_code: call.exitCode, duration_ms: call.durationMs, ...(wrapped ? { arguments_wrapped: true } : {}), ...(id !== call.id ? { id: call.id } : {}) };
      return { tool_call_id: id, function_name: call.name, arguments: wrapped ? { value: call.arguments } : call.arguments };
    });
    const results = step.toolCalls.flatMap((call, i) => (call.result !== null ? [{ source_call_id: out.tool_calls![i]!.tool_call_id, content: call.result }] : []));
    if (results.length > 0) out.observation = { results };
    lhb.tool_calls = statuses;
  }
  if (step.tokens) {
    if (agent) {
      out.metrics = {
        prompt_tokens: step.tokens.input + step.tokens.cacheRead + step.tokens.cacheWrite,
        completion_tokens: step.tokens.output,
        cached_tokens: step.tokens.cacheRead,
        ...(step.tokens.cacheWrite > 0 ? { extra: { cache_creation_input_tokens: step.tokens.cacheWrite } } : {}),
      };
    } else {
      // ATIF has metrics on agent steps only; a system or user step's tokens (a command harness's usage line) stay ours.
      lhb.tokens = step.tokens;
    }
  }
  if (Object.keys(lhb).length > 0) out.extra = { lhb };
  return out;
}

/**
 * Our trajectory as ATIF, in the fields Harbor's validator accepts (core/runs/trajectory/
 * harbor-atif-validator.fixture.ts restates its rules): agent-only fields on agent steps only,
 * step ids numbered as people read steps (`stepNumber`), one step at least, ISO timestamps,
 * unique call ids within a step. What ATIF has no field for (a call's failure, exit code and
 * duration; the outcome, the harness's own duration, warnings, tokens by model, a system or user
 * step's tokens, a null session id or version) is kept under `extra.lhb`, which `importAtif`
 * reads back: export then import gives the same trajectory. `options` fills what the run knows
 * and the trajectory does not (its harness version, model and duration), and for a run imported
 * from ATIF, `source` gives back what that file had beyond the trajectory.
 */
export function exportAtif(trajectory: Trajectory, options: AtifExportOptions = {}): AtifTrajectory {
  const sessionId = options.sessionId ?? trajectory.sessionId ?? `lhb-${createHash('sha256').update(JSON.stringify(trajectory)).digest('hex').slice(0, 32)}`;
  const steps = trajectory.steps.length > 0 ? trajectory.steps.map(exportStep) : [placeholderStep()];
  const { tokens } = trajectory;
  const root: z.infer<typeof LhbRootExtraSchema> = {
    format: 'lhb-trajectory/1',
    harness: trajectory.harness,
    harness_version: trajectory.harnessVersion,
    session_id: trajectory.sessionId,
    outcome: trajectory.outcome,
    duration_ms: trajectory.durationMs,
    warnings: trajectory.warnings,
    ...(trajectory.usageByModel ? { usage_by_model: trajectory.usageByModel } : {}),
    ...(trajectory.prompt !== undefined ? { prompt: trajectory.prompt } : {}),
    ...(trajectory.omitted ? { omitted: trajectory.omitted } : {}),
    ...(options.runDurationMs != null ? { run_duration_ms: options.runDurationMs } : {}),
  };
  const model = trajectory.model ?? options.model ?? null;
  const atif: AtifTrajectory = {
    schema_version: ATIF_EXPORT_VERSION,
    session_id: sessionId,
    agent: { name: trajectory.harness, version: trajectory.harnessVersion ?? options.harnessVersion ?? 'unknown', ...(model !== null ? { model_name: model } : {}) },
    steps,
    final_metrics: {
      total_prompt_tokens: tokens.input + tokens.cacheRead + tokens.cacheWrite,
      total_completion_tokens: tokens.output,
      total_cached_tokens: tokens.cacheRead,
      ...(trajectory.costUsd !== null ? { total_cost_usd: trajectory.costUsd } : {}),
      total_steps: trajectory.steps.length,
      ...(tokens.cacheWrite > 0 ? { extra: { total_cache_creation_input_tokens: tokens.cacheWrite } } : {}),
    },
    extra: { lhb: root },
  };
  if (options.source) writeBackSourceFields(atif, options.source);
  return atif;
}
