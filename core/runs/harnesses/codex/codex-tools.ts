import type { DeclaredTools } from '../declared-tools.ts';

/**
 * Codex's tools: the items of `codex exec --json` our parser makes calls of (`command_execution`,
 * `file_change`, `web_search`; its MCP calls are `mcp:<server>.<tool>`), and the Responses API
 * tools an ATIF file of a Codex run elsewhere names (`shell` with an argv, `exec_command` with a
 * `cmd` line, `apply_patch` with the patch as its input, `update_plan`).
 */
export const codexTools: DeclaredTools = {
  byName: {
    command_execution: { kind: 'shell', args: { command: ['command'] } },
    file_change: { kind: 'write', args: { changes: ['changes'] } },
    web_search: { kind: 'web-search', args: { pattern: ['query'] } },
    shell: { kind: 'shell', args: { command: ['command'] } },
    exec_command: { kind: 'shell', args: { command: ['cmd'] } },
    apply_patch: { kind: 'edit', args: {} },
    update_plan: { kind: 'plan', args: {} },
  },
};
