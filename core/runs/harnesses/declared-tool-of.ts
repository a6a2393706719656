import type { HarnessId } from '../../../schemas/trajectory.ts';
import type { DeclaredTool, DeclaredTools } from './declared-tools.ts';
import { HARNESS_ADAPTERS } from './harness-registry.ts';

const ownTool = (tools: DeclaredTools, name: string): DeclaredTool | undefined => (Object.hasOwn(tools.byName, name) ? tools.byName[name] : undefined);

/**
 * The tool a call names, as the harnesses declare it (`HarnessAdapter.tools`): by its name in
 * the tools of `harness` (the trajectory's, when known), else of the first harness that declares
 * it (an agent imported as the command harness may be one of ours by another name), else by the
 * first pattern a harness of any agent's tools declares (the command harness), else a tool that
 * is none of the kinds.
 */
export function declaredToolOf(name: string, harness?: HarnessId): DeclaredTool {
  const adapters = Object.values(HARNESS_ADAPTERS);
  const named = (harness === undefined ? undefined : ownTool(HARNESS_ADAPTERS[harness].tools, name)) ?? adapters.map((adapter) => ownTool(adapter.tools, name)).find((tool) => tool !== undefined);
  if (named) return named;
  for (const adapter of adapters) {
    for (const [pattern, tool] of adapter.tools.byPattern ?? []) if (pattern.test(name)) return tool;
  }
  return { kind: 'other', args: {} };
}
