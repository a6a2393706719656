/**
 * How a trajectory names a call of an MCP server's tool, whichever harness made it:
 * `mcp:<server>.<tool>`. Each CLI spells it its own way to the model (Claude Code and Codex
 * `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>`); one name lets recovery analysis
 * and the judges read a server's calls the same in every harness.
 */
export const mcpToolName = (server: string, tool: string): string => `mcp:${server}.${tool}`;

/** Claude Code's `mcp__<server>__<tool>` (its server names hold no `__`) as the trajectory's name; other names as they are. */
export function fromClaudeCodeToolName(name: string): string {
  const match = /^mcp__(.+?)__(.+)$/.exec(name);
  return match ? mcpToolName(match[1]!, match[2]!) : name;
}

/** Gemini CLI's `mcp_<server>_<tool>`, split where the CLI itself splits it (at the first `_` after the server). */
export function fromGeminiCliToolName(name: string): string {
  const match = /^mcp_([^_]+)_(.+)$/.exec(name);
  return match ? mcpToolName(match[1]!, match[2]!) : name;
}
