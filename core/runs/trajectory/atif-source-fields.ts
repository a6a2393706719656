import type { AtifStep, AtifTrajectory } from './atif-schema.ts';

/** The versions Harbor's validator knows, oldest first: a file may be written under the newer of ours and its source's. */
const HARBOR_VERSIONS = ['ATIF-v1.0', 'ATIF-v1.1', 'ATIF-v1.2', 'ATIF-v1.3', 'ATIF-v1.4', 'ATIF-v1.5', 'ATIF-v1.6', 'ATIF-v1.7'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const isObjectList = (value: unknown): value is Json[] => Array.isArray(value) && value.every(isObject);
const isNumberList = (value: unknown): value is number[] => Array.isArray(value) && value.every((item) => typeof item === 'number');

/** `extra` of the source beside ours: theirs as it was, ours under `lhb` (theirs has no `lhb` of ours once read). */
function mergedExtra(theirs: unknown, ours: Json | null | undefined): Json | undefined {
  const merged = { ...(isObject(theirs) ? theirs : {}), ...(ours ?? {}) };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** Sets `key` on `target` when `ok(value)`: only fields of the shape Harbor's models take are written back. */
function copy<T extends object>(target: T, key: string, value: unknown, ok: (value: unknown) => boolean): void {
  if (value !== undefined && value !== null && ok(value)) (target as Json)[key] = value;
}

function writeBackStep(out: AtifStep, source: AtifStep): void {
  const theirs = source as Json;
  if (out.source === 'agent') {
    copy(out, 'reasoning_content', theirs.reasoning_content, (v) => typeof v === 'string');
    copy(out, 'reasoning_effort', theirs.reasoning_effort, (v) => typeof v === 'string' || typeof v === 'number');
    copy(out, 'llm_call_count', theirs.llm_call_count, (v) => Number.isInteger(v) && (v as number) >= 0);
    if (isObject(theirs.metrics)) {
      const metrics: Json = {};
      copy(metrics, 'cost_usd', theirs.metrics.cost_usd, (v) => typeof v === 'number');
      for (const key of ['prompt_token_ids', 'completion_token_ids', 'logprobs']) copy(metrics, key, theirs.metrics[key], isNumberList);
      const extra = mergedExtra(theirs.metrics.extra, out.metrics?.extra);
      if (out.metrics || Object.keys(metrics).length > 0 || extra) out.metrics = { ...metrics, ...out.metrics, ...(extra ? { extra } : {}) };
    }
  }
  copy(out, 'is_copied_context', theirs.is_copied_context, (v) => typeof v === 'boolean');
  const { lhb: _ours, ...theirExtra } = isObject(theirs.extra) ? theirs.extra : {};
  const extra = mergedExtra(theirExtra, out.extra);
  if (extra) out.extra = extra;
  const callExtras = new Map((source.tool_calls ?? []).map((call) => [call.tool_call_id, (call as Json).extra]));
  for (const call of out.tool_calls ?? []) copy(call, 'extra', callExtras.get(call.tool_call_id), isObject);
  const results = new Map((source.observation?.results ?? []).filter((result) => result.source_call_id).map((result) => [result.source_call_id!, result as Json]));
  for (const result of out.observation?.results ?? []) {
    const their = results.get(result.source_call_id ?? '');
    if (!their) continue;
    copy(result, 'extra', their.extra, isObject);
    copy(result, 'subagent_trajectory_ref', their.subagent_trajectory_ref, isObjectList);
  }
}

/**
 * Writes back into `out` (our export of a trajectory imported from `source`) what the source had
 * that the trajectory has no field for, in the places Harbor's models have for it: notes, the
 * agent's tool definitions and extra, embedded subagent trajectories, each step's extra,
 * reasoning, metrics beyond tokens (cost, logprobs, token ids), and calls' and results' extra.
 * Steps correspond one to one (import maps each step to a step); when they do not, only the
 * file-level fields are written back. Values of the wrong shape are left out, so the export stays valid.
 */
export function writeBackSourceFields(out: AtifTrajectory, source: AtifTrajectory): void {
  const theirs = source as Json;
  if (HARBOR_VERSIONS.indexOf(source.schema_version) > HARBOR_VERSIONS.indexOf(out.schema_version)) out.schema_version = source.schema_version;
  for (const key of ['trajectory_id', 'notes', 'continued_trajectory_ref']) copy(out, key, theirs[key], (v) => typeof v === 'string');
  copy(out, 'subagent_trajectories', theirs.subagent_trajectories, isObjectList);
  copy(out.agent, 'tool_definitions', source.agent.tool_definitions, isObjectList);
  copy(out.agent, 'extra', source.agent.extra, isObject);
  const { lhb: _ours, ...theirExtra } = isObject(source.extra) ? source.extra : {};
  out.extra = mergedExtra(theirExtra, out.extra);
  if (out.final_metrics && isObject(source.final_metrics?.extra)) out.final_metrics.extra = mergedExtra(source.final_metrics.extra, out.final_metrics.extra);
  if (out.steps.length !== source.steps.length) return;
  out.steps.forEach((step, i) => writeBackStep(step, source.steps[i]!));
}
