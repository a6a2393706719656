import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shellCommandLine } from '../../shell-quote.ts';
import { createClaudeCodeParser } from '../trajectory/parse-claude-code.ts';
import { baseHarnessEnv, type HarnessAdapter, type PrepareRunInput } from './harness-adapter.ts';

/** Checked against the registry (`npm view @anthropic-ai/claude-code version`) when pinned. */
const PINNED_VERSION = '2.1.332';

/** Tools that can change the agent's app: the verifier runs after each of them. */
const VERIFIER_MATCHER = 'Write|Edit|MultiEdit|NotebookEdit|Bash';
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

/** Variables Claude Code reads a credential from itself; any other name is mapped onto ANTHROPIC_API_KEY. */
const NATIVE_KEY_VARS = new Set(['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN']);

/**
 * ~/.claude/settings.json inside the run's HOME: the verifier hook, when there is one. Claude Code
 * fires PostToolUse only after a call that succeeded and PostToolUseFailure after one that failed;
 * a failed build still changed the app, so the verifier runs after both.
 */
function userSettings(input: PrepareRunInput): Record<string, unknown> {
  if (!input.verifierCommand?.length) return {};
  const command = shellCommandLine(input.verifierCommand);
  const entry = [{ matcher: VERIFIER_MATCHER, hooks: [{ type: 'command', command, timeout: VERIFIER_TIMEOUT_S }] }];
  return { hooks: { PostToolUse: entry, PostToolUseFailure: entry } };
}

function mcpConfig(input: PrepareRunInput): { mcpServers: Record<string, unknown> } {
  const mcpServers: Record<string, unknown> = {};
  for (const server of input.mcpServers) {
    mcpServers[server.name] = { type: 'stdio', command: server.command, args: server.args, env: server.env ?? {} };
  }
  return { mcpServers };
}

export const claudeCodeAdapter: HarnessAdapter = {
  id: 'claude-code',
  displayName: 'Claude Code',
  aliases: ['claude_code', 'claudecode', 'claude'],
  // The real executable is a platform package (an optional dependency) that the package's
  // postinstall copies over the bin/claude.exe placeholder; it reads only local files. Without
  // either (npm set to omit optional or ignore scripts) `claude` only prints an install error.
  npm: { package: '@anthropic-ai/claude-code', pinnedVersion: PINNED_VERSION, bin: 'claude', installFlags: ['--include=optional', '--ignore-scripts=false'] },
  skillDir: (name) => join('.claude', 'skills', name),
  versionArgs: ['--version'],
  // "2.1.332 (Claude Code)"
  parseVersion: (stdout) => /\b(\d+\.\d+\.\d+(?:[-+][\w.]+)?)\b/.exec(stdout)?.[1] ?? null,

  async prepare(input) {
    const configDir = join(input.homeDir, '.claude');
    await mkdir(configDir, { recursive: true });
    await writeFile(join(configDir, 'settings.json'), `${JSON.stringify(userSettings(input), null, 2)}\n`);

    const args = ['-p', '--output-format', 'stream-json', '--verbose', '--dangerously-skip-permissions', '--model', input.model];
    if (input.mcpServers.length > 0) {
      const mcpFile = join(configDir, 'lhb-mcp.json');
      await writeFile(mcpFile, `${JSON.stringify(mcpConfig(input), null, 2)}\n`);
      // Only the run's servers: none from a settings file the task may carry.
      args.push('--mcp-config', mcpFile, '--strict-mcp-config');
    }

    const env = { ...baseHarnessEnv(input), ...QUIET_ENV };
    if (input.endpoint) env.ANTHROPIC_BASE_URL = input.endpoint;
    if (input.apiKey !== undefined && !NATIVE_KEY_VARS.has(input.apiKeyEnv ?? '')) env.ANTHROPIC_API_KEY = input.apiKey;

    // The prompt goes in on stdin: no argument-length limit, and a prompt starting with "-" stays a prompt.
    return { command: input.binary, args, cwd: input.workdir, env, stdin: input.prompt };
  },

  createParser: createClaudeCodeParser,
};
