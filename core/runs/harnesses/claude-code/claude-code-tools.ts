import type { DeclaredTools } from '../declared-tools.ts';
import { prefixedMcpToolNames } from '../prefixed-mcp-tool-names.ts';

/** `mcp__<server>__<tool>`: how Claude Code names an MCP server's tool, and its inverse (the adapter's and the parser's). */
export const claudeCodeMcpToolNames = prefixedMcpToolNames('mcp__', '__');

const FILE_PATH = ['file_path'];

/** Claude Code's own tools, as its stream-json `tool_use` blocks name them (2.1.x; `Task` is `Agent` in later releases, `KillShell` was `KillBash`). */
export const claudeCodeTools: DeclaredTools = {
  byName: {
    Bash: { kind: 'shell', args: { command: ['command'] } },
    BashOutput: { kind: 'other', args: {} },
    KillShell: { kind: 'other', args: {} },
    KillBash: { kind: 'other', args: {} },
    Read: { kind: 'read', args: { path: FILE_PATH } },
    Write: { kind: 'write', args: { path: FILE_PATH, content: ['content'] } },
    Edit: { kind: 'edit', args: { path: FILE_PATH, old: ['old_string'], new: ['new_string'] } },
    MultiEdit: { kind: 'edit', args: { path: FILE_PATH } },
    NotebookEdit: { kind: 'edit', args: { path: ['notebook_path'], new: ['new_source'] } },
    Glob: { kind: 'search', args: { path: ['path'], pattern: ['pattern'] } },
    Grep: { kind: 'search', args: { path: ['path'], pattern: ['pattern', 'glob'] } },
    LS: { kind: 'search', args: { path: ['path'] } },
    WebFetch: { kind: 'web-fetch', args: { url: ['url'] } },
    WebSearch: { kind: 'web-search', args: { pattern: ['query'] } },
    TodoWrite: { kind: 'plan', args: {} },
    ExitPlanMode: { kind: 'plan', args: {} },
    Task: { kind: 'subagent', args: {} },
    Agent: { kind: 'subagent', args: {} },
    Skill: { kind: 'skill', args: {} },
    AskUserQuestion: { kind: 'ask', args: {} },
  },
};
