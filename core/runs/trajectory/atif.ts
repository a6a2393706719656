import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { HarnessIdSchema, type HarnessId, type TokenCounts, type Trajectory, type TrajectoryStep, type TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import {
  ATIF_EXPORT_VERSION,
  AtifTrajectorySchema,
  LhbRootExtraSchema,
  LhbStepExtraSchema,
  type AtifStep,
  type AtifTrajectory,
} from './atif-schema.ts';
import { canonicalHarnessId } from '../harnesses/harness-registry.ts';
import { capText } from './bounded-text.ts';
import { resultShowsFailure } from './result-shows-failure.ts';
import { WarningList } from './warning-list.ts';

/** An ATIF file that is not ATIF: says which field is wrong and how. */
export class AtifFormatError extends Error {
  constructor(
    message: string,
    readonly fields: string[],
  ) {
    super(message);
    this.name = 'AtifFormatError';
  }
}

/** `steps[2].tool_calls[0].function_name` from zod's path. */
function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) name += typeof part === 'number' ? `[${part}]` : `${name ? '.' : ''}${String(part)}`;
  return name || '(the document)';
}

function describeIssues(error: z.ZodError, source: string): AtifFormatError {
  const issues = error.issues.slice(0, 5).map((issue) => `${fieldName(issue.path)}: ${issue.message}`);
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  return new AtifFormatError(`${source} is not a valid ATIF trajectory: ${issues.join('; ')}${more}. Nothing was imported.`, error.issues.map((issue) => fieldName(issue.path)));
}

function contentText(content: AtifStep['message'] | null | undefined): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => (typeof part.text === 'string' ? part.text : `[${part.type}]`)).join('\n');
}

function stepTokens(metrics: AtifStep['metrics']): TokenCounts | null {
  if (!metrics || (metrics.prompt_tokens == null && metrics.completion_tokens == null && metrics.cached_tokens == null)) return null;
  const cacheRead = metrics.cached_tokens ?? 0;
  const cacheWrite = numberIn(metrics.extra, 'cache_creation_input_tokens');
  return { input: Math.max(0, (metrics.prompt_tokens ?? 0) - cacheRead - cacheWrite), output: metrics.completion_tokens ?? 0, cacheRead, cacheWrite };
}

function numberIn(record: Record<string, unknown> | null | undefined, key: string): number {
  const value = record?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/**
 * An ATIF trajectory (parsed JSON) as our trajectory. Foreign files (Harbor's own agents) map:
 * the agent's name to a harness (claude-code, codex, gemini-cli; any other agent becomes
 * `command`, with a warning naming it), each step to a step, each tool call to a call whose
 * result is its observation's `content`, failed when the file marks it (our `extra.lhb`, an
 * `is_error` result) or its content shows a non-zero exit. Tokens: ATIF's `prompt_tokens`
 * includes cached ones, ours do not (`input` + `cacheRead` + `cacheWrite` = `prompt_tokens`).
 * `reasoning_content`, logprobs and token ids are not kept (a warning says how many steps had
 * reasoning). `source` names the file in errors.
 */
export function importAtif(document: unknown, source = 'The ATIF document'): Trajectory {
  const parsed = AtifTrajectorySchema.safeParse(document);
  if (!parsed.success) throw describeIssues(parsed.error, source);
  const atif = parsed.data;
  const warnings = new WarningList();
  const lhbRoot = LhbRootExtraSchema.safeParse(atif.extra?.lhb);
  const ours = lhbRoot.success ? lhbRoot.data : null;
  if (atif.extra?.lhb !== undefined && !ours) warnings.add('extra.lhb is not the shape LH-Bench writes; it was ignored');

  const major = /^ATIF-v(\d+)\./.exec(atif.schema_version)?.[1];
  if (major !== '1') warnings.add(`schema_version ${atif.schema_version} is newer than the ATIF v1 this reader knows; fields it does not know were ignored`);

  let harness: HarnessId;
  const named = ours ? HarnessIdSchema.safeParse(ours.harness) : null;
  if (named?.success) harness = named.data;
  else {
    const known = canonicalHarnessId(atif.agent.name);
    harness = known ?? 'command';
    if (!known) warnings.add(`agent "${atif.agent.name}" is not a harness LH-Bench runs; it was imported as the command harness`);
  }

  const callsById = new Map<string, TrajectoryToolCall>();
  let withReasoning = 0;
  let looseResults = 0;
  const steps: TrajectoryStep[] = atif.steps.map((step, index) => {
    if (step.step_id !== index + 1) warnings.add(`steps[${index}] has step_id ${step.step_id}, expected ${index + 1}; steps were kept in file order`);
    if (step.reasoning_content) withReasoning++;
    const stepExtra = LhbStepExtraSchema.safeParse(step.extra?.lhb);
    const statuses = stepExtra.success ? stepExtra.data.tool_calls : {};
    const toolCalls = (step.tool_calls ?? []).map((call): TrajectoryToolCall => {
      const status = statuses[call.tool_call_id];
      let args: unknown = call.arguments ?? {};
      if (status?.arguments_wrapped) args = (args as { value?: unknown }).value;
      const toolCall: TrajectoryToolCall = { id: call.tool_call_id, name: call.function_name, arguments: args, result: null, ok: status?.ok ?? true, failure: status?.failure ?? null, exitCode: status?.exit_code ?? null, durationMs: status?.duration_ms ?? null };
      if (callsById.has(call.tool_call_id)) warnings.add(`steps[${index}]: tool_call_id "${call.tool_call_id}" is used twice; results go to the later call`);
      callsById.set(call.tool_call_id, toolCall);
      return toolCall;
    });
    let text = contentText(step.message);
    const results = step.observation?.results ?? [];
    const collected = new Map<TrajectoryToolCall, { parts: string[]; isError: boolean }>();
    results.forEach((result, resultIndex) => {
      const content = contentText(result.content);
      const call = result.source_call_id ? callsById.get(result.source_call_id) : undefined;
      if (!call) {
        if (result.source_call_id) warnings.add(`steps[${index}].observation.results[${resultIndex}] answers tool call "${result.source_call_id}", which no step made; its content was added to the step's text`);
        else looseResults++;
        if (content) text += `${text ? '\n\n' : ''}${content}`;
        return;
      }
      const entry = collected.get(call) ?? { parts: [], isError: false };
      entry.parts.push(content);
      entry.isError ||= result.is_error === true;
      collected.set(call, entry);
    });
    for (const [call, { parts, isError }] of collected) {
      const content = parts.join('\n');
      call.result = capText(content);
      if (statuses[call.id]) continue;
      const shown = resultShowsFailure(content);
      if (isError || shown) {
        call.ok = false;
        call.failure = isError ? 'marked is_error' : shown!.failure;
        call.exitCode = shown?.exitCode ?? null;
      }
    }
    return { index, source: step.source, text, toolCalls, timestamp: step.timestamp ?? null, tokens: stepTokens(step.metrics), ...(step.model_name ? { model: step.model_name } : {}) };
  });
  if (withReasoning > 0) warnings.add(`reasoning_content of ${withReasoning} step${withReasoning === 1 ? ' was' : 's were'} not kept (the trajectory has no place for it)`);
  if (looseResults > 0) warnings.add(`${looseResults} observation result${looseResults === 1 ? '' : 's'} without a source_call_id ${looseResults === 1 ? 'was' : 'were'} added to their step's text`);

  const final = atif.final_metrics;
  const sum = (pick: (tokens: TokenCounts) => number) => steps.reduce((total, step) => total + (step.tokens ? pick(step.tokens) : 0), 0);
  let tokens: TokenCounts;
  if (final && (final.total_prompt_tokens != null || final.total_completion_tokens != null)) {
    const cacheRead = final.total_cached_tokens ?? 0;
    const cacheWrite = final.extra && 'total_cache_creation_input_tokens' in final.extra ? numberIn(final.extra, 'total_cache_creation_input_tokens') : sum((t) => t.cacheWrite);
    tokens = { input: Math.max(0, (final.total_prompt_tokens ?? 0) - cacheRead - cacheWrite), output: final.total_completion_tokens ?? 0, cacheRead, cacheWrite };
  } else {
    tokens = { input: sum((t) => t.input), output: sum((t) => t.output), cacheRead: sum((t) => t.cacheRead), cacheWrite: sum((t) => t.cacheWrite) };
  }
  const stepCosts = atif.steps.filter((step) => step.metrics?.cost_usd != null);
  const costUsd = final?.total_cost_usd ?? (stepCosts.length > 0 ? stepCosts.reduce((total, step) => total + (step.metrics!.cost_usd ?? 0), 0) : null);

  return {
    format: 'lhb-trajectory/1',
    harness,
    harnessVersion: ours ? ours.harness_version : atif.agent.version || null,
    model: atif.agent.model_name ?? atif.steps.find((step) => step.source === 'agent' && step.model_name)?.model_name ?? null,
    sessionId: ours ? ours.session_id : (atif.session_id ?? null),
    steps,
    tokens,
    ...(ours?.usage_by_model ? { usageByModel: ours.usage_by_model } : {}),
    costUsd,
    durationMs: ours?.duration_ms ?? null,
    outcome: ours?.outcome ?? 'unknown',
    warnings: [...(ours?.warnings ?? []), ...warnings.toArray()],
  };
}

/** Reads and imports a `trajectory.json` file; errors name the file and the field. */
export async function readAtifFile(path: string): Promise<Trajectory> {
  const text = await readFile(path, 'utf8');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new AtifFormatError(`${path} is not JSON (${error instanceof Error ? error.message : String(error)}); an ATIF trajectory.json is one JSON object. Nothing was imported.`, []);
  }
  return importAtif(document, path);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Our trajectory as ATIF (v1.4 field names, so Harbor's validator accepts it). What ATIF has no
 * field for (a call's failure, exit code and duration; the outcome, duration and warnings; a
 * null session id or version) is kept under `extra.lhb`, which `importAtif` reads back: export
 * then import gives the same trajectory. The session id, when the trajectory has none, is
 * derived from its content so the same trajectory always exports the same file.
 */
export function exportAtif(trajectory: Trajectory, options: { sessionId?: string } = {}): AtifTrajectory {
  const sessionId = options.sessionId ?? trajectory.sessionId ?? `lhb-${createHash('sha256').update(JSON.stringify(trajectory)).digest('hex').slice(0, 32)}`;
  const steps = trajectory.steps.map((step, index): AtifStep => {
    const out: AtifStep = { step_id: index + 1, source: step.source, message: step.text };
    if (step.timestamp !== null) out.timestamp = step.timestamp;
    if (step.model !== undefined && step.source === 'agent') out.model_name = step.model;
    if (step.toolCalls.length > 0) {
      const statuses: z.infer<typeof LhbStepExtraSchema>['tool_calls'] = {};
      out.tool_calls = step.toolCalls.map((call) => {
        const wrapped = !isPlainObject(call.arguments);
        statuses[call.id] = { ok: call.ok, failure: call.failure, exit_code: call.exitCode, duration_ms: call.durationMs, ...(wrapped ? { arguments_wrapped: true } : {}) };
        return { tool_call_id: call.id, function_name: call.name, arguments: wrapped ? { value: call.arguments } : call.arguments };
      });
      const results = step.toolCalls.filter((call) => call.result !== null).map((call) => ({ source_call_id: call.id, content: call.result }));
      if (results.length > 0) out.observation = { results };
      out.extra = { lhb: { tool_calls: statuses } };
    }
    if (step.tokens) {
      out.metrics = {
        prompt_tokens: step.tokens.input + step.tokens.cacheRead + step.tokens.cacheWrite,
        completion_tokens: step.tokens.output,
        cached_tokens: step.tokens.cacheRead,
        ...(step.tokens.cacheWrite > 0 ? { extra: { cache_creation_input_tokens: step.tokens.cacheWrite } } : {}),
      };
    }
    return out;
  });
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
  };
  return {
    schema_version: ATIF_EXPORT_VERSION,
    session_id: sessionId,
    agent: { name: trajectory.harness, version: trajectory.harnessVersion ?? 'unknown', ...(trajectory.model !== null ? { model_name: trajectory.model } : {}) },
    steps,
    final_metrics: {
      total_prompt_tokens: tokens.input + tokens.cacheRead + tokens.cacheWrite,
      total_completion_tokens: tokens.output,
      total_cached_tokens: tokens.cacheRead,
      ...(trajectory.costUsd !== null ? { total_cost_usd: trajectory.costUsd } : {}),
      total_steps: steps.length,
      ...(tokens.cacheWrite > 0 ? { extra: { total_cache_creation_input_tokens: tokens.cacheWrite } } : {}),
    },
    extra: { lhb: root },
  };
}
