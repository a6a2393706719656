import type { HarnessAdapter } from './harness-adapter.ts';

/**
 * The MCP tool names of a CLI that gives the model `<prefix><server><separator><tool>` (Claude
 * Code and Codex `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>`), and their inverse.
 * A server name may hold the separator (`design_tokens` under Gemini's `_`), so a name alone can
 * split in more than one place: the run's own server names, when known, say where (the longest
 * that fits first); without them it splits at the first separator after the server's first
 * character, where the CLIs' own conventions put it for a server name without one.
 */
export function prefixedMcpToolNames(prefix: string, separator: string): Required<Pick<HarnessAdapter, 'mcpToolName' | 'parseMcpToolName'>> {
  return {
    mcpToolName: (server, tool) => `${prefix}${server}${separator}${tool}`,
    parseMcpToolName(name, servers = []) {
      if (!name.startsWith(prefix)) return null;
      const rest = name.slice(prefix.length);
      const fits = (server: string) => server.length > 0 && rest.length > server.length + separator.length && rest.startsWith(`${server}${separator}`);
      const known = [...servers].sort((a, b) => b.length - a.length).find(fits);
      if (known !== undefined) return { server: known, tool: rest.slice(known.length + separator.length) };
      const at = rest.indexOf(separator, 1);
      if (at < 0 || at + separator.length >= rest.length) return null;
      return { server: rest.slice(0, at), tool: rest.slice(at + separator.length) };
    },
  };
}
