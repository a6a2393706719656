import { join } from 'node:path';
import { codexConfigToml } from './codex-config-toml.ts';
import { codexModelCatalog } from './codex-model-catalog.ts';
import type { DeclaredTools } from '../declared-tools.ts';
import { prefixedMcpToolNames } from '../prefixed-mcp-tool-names.ts';
import { baseHarnessEnv, runMcpServersPath, runMcpServersRoot, type HarnessAdapter, type McpServersFile } from '../harness-adapter.ts';
import { makeAgentFolder, writeAgentFolderFile } from '../../run-file.ts';

/**
 * Checked against the registry (`npm view @openai/codex version`) when pinned. The package's
 * platform binary comes as an aliased optional dependency (`@openai/codex-linux-x64` →
 * `@openai/codex@<v>-linux-x64`), which a plain `npm install` fetches from the registry.
 */
const PINNED_VERSION = '0.171.0';

/** Where a run talks to when no endpoint is given: OpenAI's own Responses API. */
const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_KEY_ENV = 'OPENAI_API_KEY';

/**
 * CODEX_HOME is `<HOME>/.codex`: config, sessions, logs and caches stay with the run. (Codex
 * refuses to put its helper links in a CODEX_HOME under TMPDIR, so it is not there.) Its
 * config.toml holds the run's provider and its MCP servers.
 */
const CODEX_HOME = '.codex';
const MCP_SERVERS_FILE: McpServersFile = { in: 'home', path: join(CODEX_HOME, 'config.toml') };

/** `-` as the prompt argument: Codex reads the prompt from stdin. */
const PROMPT_ON_STDIN = '-';

/** Codex wants the API root including `/v1`; the engine's endpoints (and the scripted server's) are given without it. */
export function codexBaseUrl(endpoint: string | undefined): string {
  if (!endpoint) return DEFAULT_BASE_URL;
  const trimmed = endpoint.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

/**
 * Codex's tools: the items of `codex exec --json` our parser makes calls of (`command_execution`,
 * `file_change`, `web_search`; its MCP calls are `mcp:<server>.<tool>`), and the Responses API
 * tools an ATIF file of a Codex run elsewhere names (`shell` with an argv, `exec_command` with a
 * `cmd` line, `apply_patch` with the patch as its input, `update_plan`).
 */
const CODEX_TOOLS: DeclaredTools = {
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

/** The namespace Codex offers an MCP server's tools in (`mcp__<server>`); each is `mcp__<server>__<tool>` by its full name. */
const codexMcpNamespace = (server: string): string => `mcp__${server}`;

export const codexAdapter: HarnessAdapter = {
  id: 'codex',
  displayName: 'Codex CLI',
  aliases: ['codex-cli', 'codex_cli', 'openai-codex'],
  defaultModel: 'gpt-5.5',
  keyEnv: DEFAULT_KEY_ENV,
  keyEnvAlternatives: ['CODEX_API_KEY'],
  apiHosts: ['api.openai.com:443'],
  npm: { package: '@openai/codex', pinnedVersion: PINNED_VERSION, bin: 'codex' },
  takesCommand: false,
  // Codex finds repository skills in .agents/skills from the working folder up, git repository or not.
  skillDir: (name) => join('.agents', 'skills', name),
  configFolders: ['.agents', CODEX_HOME],
  mcpServersFile: MCP_SERVERS_FILE,
  // Codex has no post-tool hook: it is offered the verifier as the verify_build MCP tool.
  verifierHook: { kind: 'mcp-tool' },
  versionArgs: ['--version'],
  // "codex-cli 0.171.0"
  parseVersion: (stdout) => /\b(\d+\.\d+\.\d+(?:-[\w.]+)?)\b/.exec(stdout)?.[1] ?? null,

  async prepare(input) {
    const codexHome = join(input.homeDir, CODEX_HOME);
    makeAgentFolder(input.homeDir, codexHome); // never a link the agent planted in an earlier turn
    // The key is read from the named variable, else OPENAI_API_KEY; only an endpoint given with
    // no key at all (the scripted server) is called without an Authorization header.
    const envKey = input.apiKeyEnv ?? (input.apiKey !== undefined || !input.endpoint ? DEFAULT_KEY_ENV : undefined);
    const env: Record<string, string> = { ...baseHarnessEnv(input), CODEX_HOME: codexHome };
    // The run's MCP tools are listed in the model's first request, not deferred behind tool_search (codex-model-catalog.ts).
    const modelCatalog = await codexModelCatalog(input.binary, codexHome, env, input.installedCli);
    // Written again before each turn, into the agent's HOME: never through a link it planted.
    writeAgentFolderFile(runMcpServersRoot(MCP_SERVERS_FILE, input), runMcpServersPath(MCP_SERVERS_FILE, input), codexConfigToml({ baseUrl: codexBaseUrl(input.endpoint), envKey, modelCatalog, mcpServers: input.mcpServers, mcpCwd: input.workdir }));

    if (envKey && input.apiKey !== undefined) env[envKey] = input.apiKey;
    // Approvals and sandbox off: the run's own folder, HOME and scrubbed environment are the isolation.
    // `-` reads the prompt from stdin: no argument-length limit, and a prompt starting with "-" stays a prompt.
    const args = ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', '--color', 'never', '-m', input.model, PROMPT_ON_STDIN];
    return { command: input.binary, args, cwd: input.workdir, env, stdin: input.prompt };
  },

  tools: CODEX_TOOLS,
  resultPhrases: [],
  ...prefixedMcpToolNames(codexMcpNamespace(''), '__'),
  mcpToolNamespace: codexMcpNamespace,
  // `codex exec [its options] resume <id> -`: the session's id (its thread.started thread_id), then the prompt from stdin.
  resumeArgs: (args, sessionId) => {
    if (args.at(-1) !== PROMPT_ON_STDIN) throw new Error(`A Codex turn's arguments end with ${PROMPT_ON_STDIN} (the prompt on stdin); these end with ${args.at(-1)}.`);
    return [...args.slice(0, -1), 'resume', sessionId, PROMPT_ON_STDIN];
  },

  // turn.completed's usage is the thread's total so far (codex-rs exec: usage_from_last_total), a resumed thread's earlier turns included.
  resumedTurnUsage: 'session',
  loadParser: async () => (await import('./parse-codex.ts')).createCodexParser,
};
