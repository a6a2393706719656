import type { DeclaredTools } from '../declared-tools.ts';
import { prefixedMcpToolNames } from '../prefixed-mcp-tool-names.ts';

/** `mcp_<server>_<tool>`: how Gemini CLI names an MCP server's tool, and its inverse (the adapter's and the parser's). */
export const geminiCliMcpToolNames = prefixedMcpToolNames('mcp_', '_');

/** A file's path: `file_path` now, `absolute_path` in older releases. */
const FILE_PATH = ['file_path', 'absolute_path'];
/** A folder's: `dir_path` now, `path` in older releases. */
const DIR_PATH = ['path', 'dir_path'];

/** Gemini CLI's own tools, as its stream-json `tool_use` events name them (0.61; `run_command` and `shell` are older names of its shell). */
export const geminiCliTools: DeclaredTools = {
  byName: {
    run_shell_command: { kind: 'shell', args: { command: ['command'] } },
    run_command: { kind: 'shell', args: { command: ['command'] } },
    shell: { kind: 'shell', args: { command: ['command'] } },
    read_file: { kind: 'read', args: { path: FILE_PATH } },
    read_many_files: { kind: 'read', args: { paths: ['paths'], pattern: ['include'] } },
    write_file: { kind: 'write', args: { path: FILE_PATH, content: ['content'] } },
    replace: { kind: 'edit', args: { path: FILE_PATH, old: ['old_string'], new: ['new_string'] } },
    glob: { kind: 'search', args: { path: DIR_PATH, pattern: ['pattern'] } },
    search_file_content: { kind: 'search', args: { path: DIR_PATH, pattern: ['pattern', 'include'] } },
    list_directory: { kind: 'search', args: { path: DIR_PATH } },
    web_fetch: { kind: 'web-fetch', args: {} },
    google_web_search: { kind: 'web-search', args: { pattern: ['query'] } },
    save_memory: { kind: 'memory', args: {} },
    write_todos: { kind: 'plan', args: {} },
  },
};
