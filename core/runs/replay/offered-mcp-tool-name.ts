import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';

/**
 * The name a request offers MCP tool `tool` of `server` by: the first of the harnesses' namings
 * (each adapter's `mcpToolName`) that it offers. A wire format is a model API, and any CLI that
 * speaks it may be asking, so none is assumed. When the request offers none of them, `offered`
 * is false and `name` is the first naming, so an error names the tool as a CLI would.
 */
export function offeredMcpToolName(offered: { has(name: string): boolean }, server: string, tool: string): { name: string; offered: boolean } {
  const names = Object.values(HARNESS_ADAPTERS).flatMap((adapter) => (adapter.mcpToolName ? [adapter.mcpToolName(server, tool)] : []));
  const name = names.find((candidate) => offered.has(candidate));
  return name !== undefined ? { name, offered: true } : { name: names[0] ?? `${server}.${tool}`, offered: false };
}
