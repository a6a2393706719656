import type { PortableReplayAction, ScriptedToolCall } from '../harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';

/**
 * The call a portable action becomes for the asking CLI: the first harness's call of its own
 * tool (its adapter's `scriptedToolCall`) that the request offers. A wire format is a model API,
 * and any CLI that speaks it may be asking, so none is assumed. When the request offers none of
 * them, `wanted` names the tools that would have done, for the error.
 */
export function offeredScriptedToolCall(
  action: PortableReplayAction,
  offered: { has(name: string): boolean },
  parametersOf: (tool: string) => ReadonlySet<string> | undefined = () => undefined,
): { ok: true; call: ScriptedToolCall } | { ok: false; wanted: string[] } {
  const calls = Object.values(HARNESS_ADAPTERS).flatMap((adapter) => (adapter.scriptedToolCall ? [adapter.scriptedToolCall(action, parametersOf)] : []));
  const call = calls.find((candidate) => offered.has(candidate.name));
  return call ? { ok: true, call } : { ok: false, wanted: [...new Set(calls.map((candidate) => candidate.name))] };
}
