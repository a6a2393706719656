import type { DeclaredTool } from './declared-tools.ts';
import { HARNESS_ADAPTERS } from './harness-registry.ts';

let byName: Map<string, DeclaredTool> | undefined;

/**
 * The tool a call names, as the harnesses declare it (`HarnessAdapter.tools`): by its name in
 * any harness's own tools, else by the first pattern a harness of any agent's tools declares
 * (the command harness), else a tool that is none of the kinds. A trajectory's harness is not asked: a name two
 * harnesses both give a tool (Codex's and older Gemini CLI's `shell`) is declared alike by both.
 */
export function declaredToolOf(name: string): DeclaredTool {
  byName ??= new Map(Object.values(HARNESS_ADAPTERS).flatMap((adapter) => Object.entries(adapter.tools.byName)));
  const named = byName.get(name);
  if (named) return named;
  for (const adapter of Object.values(HARNESS_ADAPTERS)) {
    for (const [pattern, tool] of adapter.tools.byPattern ?? []) if (pattern.test(name)) return tool;
  }
  return { kind: 'other', args: {} };
}
