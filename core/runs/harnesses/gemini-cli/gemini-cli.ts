import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { shellCommandLine } from '../../../shell-quote.ts';
import { baseHarnessEnv, isHttpMcpServer, runMcpServersPath, runMcpServersRoot, type HarnessAdapter, type McpServersFile, type PrepareRunInput, type VerifierHook } from '../harness-adapter.ts';
import { writeAgentFolderFile } from '../../run-file.ts';
import type { DeclaredTools } from '../declared-tools.ts';
import { prefixedMcpToolNames } from '../prefixed-mcp-tool-names.ts';

/** Checked against the registry (`npm view @google/gemini-cli version`) when pinned. */
const PINNED_VERSION = '0.61.0';

/**
 * AfterTool after the tools that can change the agent's app. Problems are added to the tool's
 * result as context: the CLI's `decision: "block"` would replace the result with an error and
 * mark a call that worked as failed.
 */
const VERIFIER_HOOK = { kind: 'post-tool-hook', changingTools: ['write_file', 'replace', 'run_shell_command'], problemsAs: 'context' } satisfies VerifierHook;

/** Where Gemini CLI reads its API key. */
const KEY_ENV = 'GEMINI_API_KEY';

/** The workspace settings (trusted: GEMINI_CLI_TRUST_WORKSPACE) hold the run's MCP servers and the verifier hook. */
const WORKSPACE_SETTINGS: McpServersFile = { in: 'workdir', path: join('.gemini', 'settings.json') };

/** The verifier builds and captures the app, which takes longer than the CLI's 60 s hook default. */
const VERIFIER_TIMEOUT_MS = 300_000;

/**
 * `~/.gemini/settings.json` in the run's HOME: API-key auth (the endpoint comes from
 * GOOGLE_GEMINI_BASE_URL), and nothing that reaches the network on its own: no auto-update or
 * update notice, no usage statistics (Clearcut), no telemetry, no IDE companion. Shell commands
 * run through child_process rather than node-pty (there is no terminal in a run, and the native
 * addon is an optional dependency we install without its build scripts).
 */
const USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false },
  tools: { shell: { enableInteractiveShell: false } },
};

/**
 * The skills the CLI ships with (`bundle/builtin/<dir>/SKILL.md` next to its entry point:
 * skill-creator, antigravity-support in 0.61). They are turned off in a run so the task's skill,
 * or none with --no-skill, is all the agent is offered; a run's own skill of the same name stays.
 */
function builtinSkillNames(binary: string): string[] {
  let builtinDir: string;
  try {
    builtinDir = join(dirname(realpathSync(binary)), 'builtin');
    if (!existsSync(builtinDir)) return [];
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of readdirSync(builtinDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const skillFile = join(builtinDir, entry.name, 'SKILL.md');
    const name = existsSync(skillFile) ? /^name:\s*["']?([^"'\n]+?)["']?\s*$/m.exec(readFileSync(skillFile, 'utf8'))?.[1] : undefined;
    names.push(name ?? entry.name);
  }
  return names.sort();
}

/** A file's path: `file_path` now, `absolute_path` in older releases. */
const FILE_PATH = ['file_path', 'absolute_path'];
/** A folder's: `dir_path` now, `path` in older releases. */
const DIR_PATH = ['path', 'dir_path'];

/** Gemini CLI's own tools, as its stream-json `tool_use` events name them (0.61; `run_command` and `shell` are older names of its shell). */
const GEMINI_CLI_TOOLS: DeclaredTools = {
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

/** `<workdir>/.gemini/settings.json`: the run's MCP servers and the AfterTool verifier hook. */
function workspaceSettings(input: PrepareRunInput): Record<string, unknown> | null {
  const settings: Record<string, unknown> = {};
  if (input.mcpServers.length > 0) {
    settings.mcpServers = Object.fromEntries(
      input.mcpServers.map((server) => [
        server.name,
        isHttpMcpServer(server) ? { httpUrl: server.url, headers: server.headers ?? {}, trust: true } : { command: server.command, args: server.args, env: server.env ?? {}, cwd: input.workdir, trust: true },
      ]),
    );
  }
  if (input.verifierCommand?.length) {
    settings.hooks = {
      AfterTool: [
        {
          matcher: VERIFIER_HOOK.changingTools.join('|'),
          hooks: [{ name: 'lhb-verifier', type: 'command', command: shellCommandLine(input.verifierCommand), timeout: VERIFIER_TIMEOUT_MS }],
        },
      ],
    };
  }
  return Object.keys(settings).length > 0 ? settings : null;
}

export const geminiCliAdapter: HarnessAdapter = {
  id: 'gemini-cli',
  displayName: 'Gemini CLI',
  aliases: ['gemini_cli', 'gemini', 'geminicli'],
  defaultModel: 'gemini-2.5-pro',
  keyEnv: KEY_ENV,
  apiHosts: ['generativelanguage.googleapis.com:443'],
  // node-pty and keytar are optional native dependencies; their install scripts would run
  // node-gyp, which may fetch Node headers from outside the registry. The CLI works without them.
  npm: { package: '@google/gemini-cli', pinnedVersion: PINNED_VERSION, bin: 'gemini', installFlags: ['--ignore-scripts'] },
  takesCommand: false,
  skillDir: (name) => join('.gemini', 'skills', name),
  configFolders: ['.gemini'],
  mcpServersFile: WORKSPACE_SETTINGS,
  verifierHook: VERIFIER_HOOK,
  versionArgs: ['--version'],
  // "0.61.0"
  parseVersion: (stdout) => /\b(\d+\.\d+\.\d+(?:-[\w.]+)?)\b/.exec(stdout)?.[1] ?? null,

  async prepare(input) {
    const userDir = join(input.homeDir, '.gemini');
    const disabledSkills = builtinSkillNames(input.binary).filter((name) => !existsSync(join(input.workdir, '.gemini', 'skills', name)));
    const userSettings = disabledSkills.length > 0 ? { ...USER_SETTINGS, skills: { disabled: disabledSkills } } : USER_SETTINGS;
    // Written again before each turn, into the agent's folders: never through a link it planted.
    writeAgentFolderFile(input.homeDir, join(userDir, 'settings.json'), `${JSON.stringify(userSettings, null, 2)}\n`);
    const workspace = workspaceSettings(input);
    if (workspace) {
      const file = runMcpServersPath(WORKSPACE_SETTINGS, input);
      writeAgentFolderFile(runMcpServersRoot(WORKSPACE_SETTINGS, input), file, `${JSON.stringify(workspace, null, 2)}\n`);
    }

    const env: Record<string, string> = {
      ...baseHarnessEnv(input),
      // The run folder is ours: trust it, so its settings (MCP servers, hooks) and skills load.
      GEMINI_CLI_TRUST_WORKSPACE: 'true',
      // One process: the CLI otherwise relaunches itself with a bigger heap, and the parent ignores SIGTERM.
      GEMINI_CLI_NO_RELAUNCH: 'true',
    };
    if (input.endpoint) env.GOOGLE_GEMINI_BASE_URL = input.endpoint;
    if (input.apiKey !== undefined) env[KEY_ENV] = input.apiKey;

    // The prompt goes in on stdin (no argument-length limit; a prompt starting with "-" stays a
    // prompt); a non-terminal stdin makes the CLI run headless.
    return {
      command: input.binary,
      args: ['--yolo', '--output-format', 'stream-json', '--model', input.model],
      cwd: input.workdir,
      env,
      stdin: input.prompt,
    };
  },

  // `--resume <id>` (the id its init event names) continues that session of the run's HOME, headless as before.
  // `mcp_<server>_<tool>`: a server named with `_` splits rightly only with the run's server names.
  ...prefixedMcpToolNames('mcp_', '_'),
  tools: GEMINI_CLI_TOOLS,
  resultPhrases: [
    { pattern: /Command exited with code: (\d+)/, shownAs: 'exit code $1' },
    // Its error types (`file_not_found: …`, `edit_no_occurrence_found: …`) before a failure's words.
    { pattern: /^(?:[a-z]+_)+[a-z]+: /m, shownAs: '' },
  ],
  resumeArgs: (args, sessionId) => [...args, '--resume', sessionId],
  // With the parameter names the offered declaration uses (read_file's path was `absolute_path` in older releases, `file_path` now).
  scriptedToolCall(action, parametersOf) {
    const pathOf = (tool: string): string => ['file_path', 'absolute_path', 'path'].find((name) => parametersOf(tool)?.has(name)) ?? 'file_path';
    switch (action.action) {
      case 'read':
        return { name: 'read_file', arguments: { [pathOf('read_file')]: action.path } };
      case 'write':
        return { name: 'write_file', arguments: { [pathOf('write_file')]: action.path, content: action.content } };
      case 'shell':
        return { name: 'run_shell_command', arguments: { command: action.command } };
    }
  },

  // A resumed session's result stats count that invocation's requests only.
  resumedTurnUsage: 'turn',
  // The parser reads MCP tool names back, and tells its shell tools' results, as this adapter declares them.
  loadParser: async () => {
    const { createGeminiCliParser } = await import('./parse-gemini-cli.ts');
    return (options) => createGeminiCliParser(geminiCliAdapter, options);
  },
};
