import { join } from 'node:path';
import { shellCommandLine } from '../../../shell-quote.ts';
import { baseHarnessEnv, isHttpMcpServer, runMcpServersPath, runMcpServersRoot, type HarnessAdapter, type McpServersFile, type PrepareRunInput, type VerifierHook } from '../harness-adapter.ts';
import { writeAgentFolderFile } from '../../run-file.ts';
import type { DeclaredTools } from '../declared-tools.ts';
import { prefixedMcpToolNames } from '../prefixed-mcp-tool-names.ts';

/** Checked against the registry (`npm view @anthropic-ai/claude-code version`) when pinned. */
const PINNED_VERSION = '2.1.332';

/**
 * PostToolUse (and PostToolUseFailure) after the tools that can change the agent's app. A problem
 * is answered with `decision: "block"`: after PostToolUse the call has already happened, and the
 * reason reaches the model as a hook error while the tool's own result and status are kept.
 */
const VERIFIER_HOOK = { kind: 'post-tool-hook', changingTools: ['Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Bash'], problemsAs: 'block' } satisfies VerifierHook;
/** The verifier builds, serves and captures the app; the hook's default limit differs between versions (60 s in older ones). */
const VERIFIER_TIMEOUT_S = 600;

/**
 * No auto-update, telemetry, error reports or other non-essential traffic: runs are offline and
 * must not change the CLI under us. IS_SANDBOX=1 lets --dangerously-skip-permissions run as
 * root, which it otherwise refuses; the run's own isolation is the sandbox.
 */
const QUIET_ENV: Record<string, string> = {
  IS_SANDBOX: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
  DISABLE_BUG_COMMAND: '1',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
};

/** Where Claude Code reads an API key; a study's key under any other name is handed to it there. */
const KEY_ENV = 'ANTHROPIC_API_KEY';
/** Variables Claude Code reads a credential from itself; any other name is mapped onto KEY_ENV. */
const NATIVE_KEY_VARS = new Set([KEY_ENV, 'ANTHROPIC_AUTH_TOKEN']);

const FILE_PATH = ['file_path'];

/** Claude Code's own tools, as its stream-json `tool_use` blocks name them (2.1.x; `Task` is `Agent` in later releases, `KillShell` was `KillBash`). */
const CLAUDE_CODE_TOOLS: DeclaredTools = {
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

/** Given to the CLI with --mcp-config (and --strict-mcp-config), so only the run's servers load. */
const MCP_SERVERS_FILE: McpServersFile = { in: 'home', path: join('.claude', 'lhb-mcp.json') };

/**
 * ~/.claude/settings.json inside the run's HOME: the verifier hook, when there is one. Claude Code
 * fires PostToolUse only after a call that succeeded and PostToolUseFailure after one that failed;
 * a failed build still changed the app, so the verifier runs after both.
 */
function userSettings(input: PrepareRunInput): Record<string, unknown> {
  if (!input.verifierCommand?.length) return {};
  const command = shellCommandLine(input.verifierCommand);
  const entry = [{ matcher: VERIFIER_HOOK.changingTools.join('|'), hooks: [{ type: 'command', command, timeout: VERIFIER_TIMEOUT_S }] }];
  return { hooks: { PostToolUse: entry, PostToolUseFailure: entry } };
}

function mcpConfig(input: PrepareRunInput): { mcpServers: Record<string, unknown> } {
  const mcpServers: Record<string, unknown> = {};
  for (const server of input.mcpServers) {
    mcpServers[server.name] = isHttpMcpServer(server)
      ? { type: 'http', url: server.url, headers: server.headers ?? {} }
      : { type: 'stdio', command: server.command, args: server.args, env: server.env ?? {} };
  }
  return { mcpServers };
}

export const claudeCodeAdapter: HarnessAdapter = {
  id: 'claude-code',
  displayName: 'Claude Code',
  aliases: ['claude_code', 'claudecode', 'claude'],
  defaultModel: 'claude-sonnet-4-5',
  keyEnv: KEY_ENV,
  apiHosts: ['api.anthropic.com:443'],
  // The real executable is a platform package (an optional dependency) that the package's
  // postinstall copies over the bin/claude.exe placeholder; it reads only local files. Without
  // either (npm set to omit optional or ignore scripts) `claude` only prints an install error.
  npm: { package: '@anthropic-ai/claude-code', pinnedVersion: PINNED_VERSION, bin: 'claude', installFlags: ['--include=optional', '--ignore-scripts=false'] },
  takesCommand: false,
  skillDir: (name) => join('.claude', 'skills', name),
  configFolders: ['.claude'],
  mcpServersFile: MCP_SERVERS_FILE,
  verifierHook: VERIFIER_HOOK,
  // {"type":"system","subtype":"api_retry","error_status":401,"error":"authentication_failed",…}
  refusedKeyIn: (line) => line.includes('"api_retry"') && /"error_status":\s*40[13]\b/.test(line),
  versionArgs: ['--version'],
  // "2.1.332 (Claude Code)"
  parseVersion: (stdout) => /\b(\d+\.\d+\.\d+(?:[-+][\w.]+)?)\b/.exec(stdout)?.[1] ?? null,

  async prepare(input) {
    // Written again before each turn, into the agent's HOME: never through a link it planted.
    writeAgentFolderFile(input.homeDir, join(input.homeDir, '.claude', 'settings.json'), `${JSON.stringify(userSettings(input), null, 2)}\n`);

    const args = ['-p', '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions', '--model', input.model];
    if (input.mcpServers.length > 0) {
      const mcpFile = runMcpServersPath(MCP_SERVERS_FILE, input);
      writeAgentFolderFile(runMcpServersRoot(MCP_SERVERS_FILE, input), mcpFile, `${JSON.stringify(mcpConfig(input), null, 2)}\n`);
      // Only the run's servers: none from a settings file the task may carry.
      args.push('--mcp-config', mcpFile, '--strict-mcp-config');
    }

    const env = { ...baseHarnessEnv(input), ...QUIET_ENV };
    // The run's MCP tools are listed to the model up front, as every harness lists them, instead of
    // deferred behind tool search (where a model sees them only after searching for them).
    if (input.mcpServers.length > 0) env.ENABLE_TOOL_SEARCH = 'false';
    if (input.endpoint) env.ANTHROPIC_BASE_URL = input.endpoint;
    if (input.apiKey !== undefined && !NATIVE_KEY_VARS.has(input.apiKeyEnv ?? '')) env[KEY_ENV] = input.apiKey;

    // The prompt goes in on stdin: no argument-length limit, and a prompt starting with "-" stays a prompt.
    return { command: input.binary, args, cwd: input.workdir, env, stdin: input.prompt };
  },

  // `-p --resume <id>` continues that session, headless, with the same output format.
  tools: CLAUDE_CODE_TOOLS,
  resultPhrases: [
    { pattern: /File created successfully at: /, shownAs: 'created ' },
    { pattern: /The file (\S+) has been updated(?: successfully)?\.?/, shownAs: 'updated $1' },
    { pattern: / ?\(file state is current in your context[^)]*\)/, shownAs: '' },
    { pattern: /<\/?tool_use_error>/, shownAs: '' },
    { pattern: /^Exit code (\d+)$/m, shownAs: 'exit code $1' },
    { pattern: /File has not been read yet\. Read it first before writing to it\./, shownAs: 'the file was changed before it was read.' },
    { pattern: /File does not exist\.(?: Note: your current working directory is \S*)?/, shownAs: 'no such file.' },
  ],
  // `mcp__<server>__<tool>`.
  ...prefixedMcpToolNames('mcp__', '__'),
  resumeArgs: (args, sessionId) => [...args, '--resume', sessionId],
  // Its own tools take an absolute `file_path`; Bash also takes a short `description`.
  scriptedToolCall(action) {
    switch (action.action) {
      case 'read':
        return { name: 'Read', arguments: { file_path: action.path } };
      case 'write':
        return { name: 'Write', arguments: { file_path: action.path, content: action.content } };
      case 'shell':
        return { name: 'Bash', arguments: { command: action.command, description: 'Run a scripted shell command' } };
    }
  },

  // A resumed session's result event gives modelUsage and total_cost_usd for the whole session (its `usage` alone is the turn's).
  resumedTurnUsage: 'session',
  // The parser reads MCP tool names back as this adapter names them.
  loadParser: async () => {
    const { createClaudeCodeParser } = await import('./parse-claude-code.ts');
    return (options) => createClaudeCodeParser(claudeCodeAdapter, options);
  },
};
