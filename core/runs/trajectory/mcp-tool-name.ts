import type { HarnessAdapter } from '../harnesses/harness-adapter.ts';

/**
 * How a trajectory names a call of an MCP server's tool, whichever harness made it:
 * `mcp:<server>.<tool>`. Each CLI spells it its own way to the model (its adapter's
 * `mcpToolName`); one name lets recovery analysis and the judges read a server's calls the same
 * in every harness.
 */
export const mcpToolName = (server: string, tool: string): string => `mcp:${server}.${tool}`;

/** A tool name a CLI reported, as the trajectory names it: an MCP server's tool as `mcp:<server>.<tool>` (split by the adapter, with the run's servers when known), any other as it is. */
export function trajectoryToolName(adapter: Pick<HarnessAdapter, 'parseMcpToolName'>, name: string, servers?: readonly string[]): string {
  const mcp = adapter.parseMcpToolName?.(name, servers);
  return mcp ? mcpToolName(mcp.server, mcp.tool) : name;
}
