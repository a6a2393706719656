import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { HarnessIdSchema, type HarnessId, type Trajectory, type TrajectoryStep, type TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { AtifTrajectorySchema, LhbRootExtraSchema, LhbStepExtraSchema, type AtifStep } from './atif-schema.ts';
import { atifFailureFlag } from './atif-failure-flags.ts';
import { atifStepTokens, atifTotalTokens, promptHoldsCacheCreation } from './atif-tokens.ts';
import { canonicalHarnessId, OTHER_AGENTS_HARNESS_ID } from '../harnesses/harness-registry.ts';
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

/**
 * An ATIF trajectory (parsed JSON) as our trajectory. Foreign files (Harbor's own agents) map:
 * the agent's name to one of our harnesses by its id or an alias (canonicalHarnessId; any other
 * agent becomes OTHER_AGENTS_HARNESS_ID, the command harness, with a warning naming it), each step to a step (its `model_name` to the step's
 * model), each tool call to a call whose result is its observation's `content`, failed when the
 * file marks it (our `extra.lhb`, the writer's own flag: core/runs/trajectory/
 * atif-failure-flags.ts) or its content shows a non-zero exit. Tokens: ATIF's `prompt_tokens`
 * includes cached ones, ours do not (`input` + `cacheRead` + `cacheWrite` = `prompt_tokens`,
 * or without `cacheWrite` in files that leave cache creation out: atif-tokens.ts).
 * `reasoning_content`, logprobs, token ids and `extra` are not in the trajectory (a warning
 * counts the steps with reasoning); a run's re-export writes them back from the file it was
 * imported from. `source` names the file in errors.
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
    harness = known ?? OTHER_AGENTS_HARNESS_ID;
    if (!known) warnings.add(`agent "${atif.agent.name}" is not a harness LH-Bench runs; it was imported as the command harness`);
  }

  const foldsCacheCreation = promptHoldsCacheCreation(atif, ours !== null);
  if (!foldsCacheCreation) warnings.add("prompt_tokens leave cache-creation tokens out (Harbor's Claude Code trajectories before March 2026): input tokens are prompt_tokens minus cached_tokens");

  const callsById = new Map<string, TrajectoryToolCall>();
  let withReasoning = 0;
  let looseResults = 0;
  const steps: TrajectoryStep[] = [];
  atif.steps.forEach((step, position) => {
    if (step.step_id !== position + 1) warnings.add(`steps[${position}] has step_id ${step.step_id}, expected ${position + 1}; steps were kept in file order`);
    const stepExtra = LhbStepExtraSchema.safeParse(step.extra?.lhb);
    const lhb = stepExtra.success ? stepExtra.data : null;
    if (lhb?.placeholder) return;
    const index = steps.length;
    if (step.reasoning_content) withReasoning++;
    const statuses = lhb?.tool_calls ?? {};
    const toolCalls = (step.tool_calls ?? []).map((call): TrajectoryToolCall => {
      const status = statuses[call.tool_call_id];
      let args: unknown = call.arguments ?? {};
      if (status?.arguments_wrapped) args = (args as { value?: unknown }).value;
      const toolCall: TrajectoryToolCall = { id: status?.id ?? call.tool_call_id, name: call.function_name, arguments: args, result: null, ok: status?.ok ?? true, failure: status?.failure ?? null, exitCode: status?.exit_code ?? null, durationMs: status?.duration_ms ?? null };
      if (callsById.has(call.tool_call_id)) warnings.add(`steps[${position}]: tool_call_id "${call.tool_call_id}" is used twice; results go to the later call`);
      callsById.set(call.tool_call_id, toolCall);
      return toolCall;
    });
    let text = contentText(step.message);
    const results = step.observation?.results ?? [];
    const collected = new Map<TrajectoryToolCall, { parts: string[]; flag: string | null; ours: boolean }>();
    results.forEach((result, resultIndex) => {
      const content = contentText(result.content);
      const call = result.source_call_id ? callsById.get(result.source_call_id) : undefined;
      if (!call) {
        if (result.source_call_id) warnings.add(`steps[${position}].observation.results[${resultIndex}] answers tool call "${result.source_call_id}", which no step made; its content was added to the step's text`);
        else looseResults++;
        if (content) text += `${text ? '\n\n' : ''}${content}`;
        return;
      }
      const entry = collected.get(call) ?? { parts: [], flag: null, ours: statuses[result.source_call_id!] !== undefined };
      entry.parts.push(content);
      entry.flag ??= atifFailureFlag(result, step, content);
      collected.set(call, entry);
    });
    for (const [call, { parts, flag, ours: judged }] of collected) {
      const content = parts.join('\n');
      call.result = capText(content);
      if (judged) continue;
      const shown = resultShowsFailure(content);
      if (flag || shown) {
        call.ok = false;
        call.failure = flag ? `marked ${flag}` : shown!.failure;
        call.exitCode = shown?.exitCode ?? null;
      }
    }
    const tokens = step.source === 'agent' || !lhb?.tokens ? atifStepTokens(step.metrics, foldsCacheCreation) : lhb.tokens;
    const timestamp = step.timestamp ?? lhb?.timestamp ?? null;
    steps.push({ index, source: step.source, text, toolCalls, timestamp, tokens, ...(step.model_name ? { model: step.model_name } : {}) });
  });
  if (withReasoning > 0) warnings.add(`reasoning_content of ${withReasoning} step${withReasoning === 1 ? ' is' : 's are'} not shown (the trajectory has no place for it; a re-export of the run writes it back)`);
  if (looseResults > 0) warnings.add(`${looseResults} observation result${looseResults === 1 ? '' : 's'} without a source_call_id ${looseResults === 1 ? 'was' : 'were'} added to their step's text`);

  const tokens = atifTotalTokens(atif, steps, foldsCacheCreation);
  const stepCosts = atif.steps.filter((step) => step.metrics?.cost_usd != null);
  const costUsd = atif.final_metrics?.total_cost_usd ?? (stepCosts.length > 0 ? stepCosts.reduce((total, step) => total + (step.metrics!.cost_usd ?? 0), 0) : null);

  return {
    format: 'lhb-trajectory/1',
    harness,
    harnessVersion: ours ? ours.harness_version : atif.agent.version || null,
    model: atif.agent.model_name ?? atif.steps.find((step) => step.source === 'agent' && step.model_name)?.model_name ?? null,
    sessionId: ours ? ours.session_id : (atif.session_id ?? null),
    ...(ours?.prompt !== undefined ? { prompt: ours.prompt } : {}),
    steps,
    tokens,
    ...(ours?.usage_by_model ? { usageByModel: ours.usage_by_model } : {}),
    costUsd,
    durationMs: ours?.duration_ms ?? null,
    outcome: ours?.outcome ?? 'unknown',
    // A file we wrote carries the warnings of its first reading; reading it again does not repeat them.
    warnings: [...new Set([...(ours?.warnings ?? []), ...warnings.toArray()])],
    ...(ours?.omitted ? { omitted: ours.omitted } : {}),
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

export { exportAtif, type AtifExportOptions } from './atif-export.ts';
