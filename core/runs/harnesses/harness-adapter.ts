import type { HarnessId } from '../../../schemas/trajectory.ts';
import type { TranscriptParser } from '../trajectory/transcript-parser.ts';

/** An MCP server the run offers the agent (stdio transport). */
export interface McpServerSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Everything an adapter needs to lay out one run and say how to start the harness. */
export interface PrepareRunInput {
  /** The agent's working directory: the task's inputs are here; `out/` is where artifacts go. */
  workdir: string;
  /** An empty folder that becomes the harness's HOME (its config, caches and logs stay inside the run). */
  homeDir: string;
  /** The harness executable found by `findHarnessBinary`. */
  binary: string;
  prompt: string;
  model: string;
  /** The model API base URL (a provider's, or the scripted server's session URL). */
  endpoint?: string;
  /** Name of the environment variable that holds the API key; its value is passed through. */
  apiKeyEnv?: string;
  apiKey?: string;
  mcpServers: McpServerSpec[];
  /** A command run after each tool use (PostToolUse / AfterTool) that prints findings as JSON. */
  verifierCommand?: string[];
  /** `command` harness only: the shell command line to run. */
  command?: string;
}

/** How to start the harness for one run. `env` is complete: nothing else of ours is inherited. */
export interface HarnessInvocation {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Written to the harness's stdin, then closed (the prompt, for harnesses that read it there). */
  stdin?: string;
}

/**
 * One harness CLI, declared: how to install it, find its version, install a skill, call it
 * non-interactively against an endpoint, and read its transcript (its stdout).
 */
export interface HarnessAdapter {
  id: HarnessId;
  displayName: string;
  /**
   * Other names the same harness goes by in bundles, Harbor trials, ATIF files and older
   * workspaces (`codex-cli`, `claude_code`), lowercase; they are mapped to `id` wherever a run's
   * harness is read, so one agent is one configuration.
   */
  aliases: readonly string[];
  /**
   * npm package and the version we pin for `lhb harnesses install`; absent for `command`.
   * `installFlags` are extra `npm install` flags (e.g. `--ignore-scripts` when optional native
   * dependencies would build with node-gyp, which can download Node headers from outside the registry).
   */
  npm?: { package: string; pinnedVersion: string; bin: string; installFlags?: string[] };
  /** Where a skill named `name` goes, relative to the workdir, e.g. `.claude/skills/<name>`. */
  skillDir(name: string): string;
  /** Arguments that make the CLI print its version, and how to read it from stdout. */
  versionArgs: string[];
  parseVersion(stdout: string): string | null;
  /** Writes the run's config files (settings, CODEX_HOME/config.toml, .gemini/settings.json) and says how to start it. */
  prepare(input: PrepareRunInput): Promise<HarnessInvocation>;
  createParser(): TranscriptParser;
}

/**
 * The environment every harness gets: a PATH that finds node and system tools, its own HOME and
 * temp folder, a plain terminal. Adapters add their own variables on top; nothing else of the
 * parent process (tokens, cloud credentials, our own LHB_* settings) reaches the agent.
 */
export function baseHarnessEnv(input: Pick<PrepareRunInput, 'homeDir' | 'binary' | 'apiKeyEnv' | 'apiKey'>, parent: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {
    PATH: parent.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: input.homeDir,
    TMPDIR: `${input.homeDir}/tmp`,
    LANG: parent.LANG ?? 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    CI: '1',
  };
  if (parent.NODE_EXTRA_CA_CERTS) env.NODE_EXTRA_CA_CERTS = parent.NODE_EXTRA_CA_CERTS;
  if (input.apiKeyEnv && input.apiKey !== undefined) env[input.apiKeyEnv] = input.apiKey;
  return env;
}
