import { join } from 'node:path';
import type { ReplayAction } from '../../../schemas/replay-script.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import type { TranscriptParser, TranscriptParserOptions } from '../trajectory/transcript-parser.ts';
import type { DeclaredTools } from './declared-tools.ts';

/** An MCP server the run offers the agent over stdio: the harness starts `command` with `args`. */
export interface StdioMcpServerSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** An MCP server the harness reaches over streamable HTTP at `url`, sending `headers`. */
export interface HttpMcpServerSpec {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/** An MCP server the run offers the agent: the verifier's, or one the task declares. */
export type McpServerSpec = StdioMcpServerSpec | HttpMcpServerSpec;

export const isHttpMcpServer = (server: McpServerSpec): server is HttpMcpServerSpec => 'url' in server;

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
  /**
   * The CLI's version (as its `--version` said) and a folder, readable in the run's sandbox, where
   * the adapter keeps what it derives from that version for the runs after this one (Codex's
   * model catalog), so a study's runs do not each derive it again. Absent: derived for this run alone.
   */
  installedCli?: InstalledCli;
}

/** A harness CLI's version and where what is derived from it is kept (`harnessCacheDir`). */
export interface InstalledCli {
  version: string;
  cacheDir: string;
}

/** A scripted action any CLI can carry out with its own tools: read a file, write one, run a shell command. */
export type PortableReplayAction = Extract<ReplayAction, { action: 'read' | 'write' | 'shell' }>;

/** A call of a CLI's own tool, by its name, with its arguments. */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
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
 * How the verifier (`lhb runs verify`) reaches the agent after each change it makes:
 * - `post-tool-hook`: the CLI runs it as a command hook after each call of one of
 *   `changingTools` (writes, edits, shell commands); its problems reach the model as the hook's
 *   `block` decision or as context added to the tool's result (`problemsAs`), a clean check
 *   always as context. `lhb runs verify --hook <id>` answers in that harness's hook format.
 * - `mcp-tool`: the CLI has no such hook, so it is offered the `verify_build` MCP tool.
 * - `none`: it can take neither (the command harness).
 */
export type VerifierHook =
  | { kind: 'post-tool-hook'; changingTools: readonly string[]; problemsAs: 'block' | 'context' }
  | { kind: 'mcp-tool' }
  | { kind: 'none' };

/**
 * Where `prepare` writes the run's MCP servers: a file relative to the run's HOME or to its
 * working folder: the verifier's `verify_build` tool and a task's own MCP servers (`mcp_servers`
 * in task.json) go there.
 */
export interface McpServersFile {
  in: 'home' | 'workdir';
  path: string;
}

/**
 * One harness CLI, declared: THE description of a harness. Its ids and names, the model and key
 * variable it runs with, how to install it and find its version, where a skill and MCP servers
 * go, how the verifier reaches it, how to call it non-interactively against an endpoint, how a
 * follow-up turn continues its session, and which parser reads its transcript (its stdout).
 * Everything else (the CLI's lists and messages, `harnesses.list` and so the renderer, the
 * verifier, ATIF import, the judges' blinding) derives from `HARNESS_ADAPTERS`.
 */
/** A phrase one harness prints, and what is shown in its place (`''` leaves it out; `$1` keeps the pattern's first group). */
export interface HarnessPhrase {
  pattern: RegExp;
  shownAs: string;
}

export interface HarnessAdapter {
  id: HarnessId;
  displayName: string;
  /**
   * Other names the same harness goes by in bundles, Harbor trials and their ATIF files
   * (`agent.name`) and older workspaces (`codex-cli`, `claude_code`), lowercase; they are mapped
   * to `id` wherever a run's harness is read, so one agent is one configuration. An ATIF export
   * names the agent by `id`, which is Harbor's name for it too.
   */
  aliases: readonly string[];
  /** The model a study runs it with when none is given (`lhb runs start` without --model, the New study form). */
  defaultModel: string;
  /**
   * The environment variable the CLI reads its API key from unless told another (`ANTHROPIC_API_KEY`):
   * `prepare` hands the study's key, whatever variable the study names, to the CLI where it reads
   * it. Null for the command harness, which gets the study's own variable as it is.
   */
  keyEnv: string | null;
  /**
   * Other variables the CLI's users keep this key in by convention (Codex: `CODEX_API_KEY`): a
   * study that names no key variable takes the first one set when `keyEnv` is not.
   */
  keyEnvAlternatives?: readonly string[];
  /**
   * The `host:port`s the CLI calls for its model when no endpoint is given: what a run on network
   * `endpoint-only` may reach then. Empty for the command harness, whose endpoint is the study's.
   */
  apiHosts: readonly string[];
  /**
   * npm package and the version we pin for `lhb harnesses install`; absent when there is nothing
   * to install (the command harness). `installFlags` are extra `npm install` flags (e.g.
   * `--ignore-scripts` when optional native dependencies would build with node-gyp, which can
   * download Node headers from outside the registry).
   */
  npm?: { package: string; pinnedVersion: string; bin: string; installFlags?: string[] };
  /** It runs the command line the study gives it (`--command`) instead of a CLI of its own. */
  takesCommand: boolean;
  /** Where a skill named `name` goes, relative to the workdir, e.g. `.claude/skills/<name>`. */
  skillDir(name: string): string;
  /**
   * Folders, by name, that the CLI keeps its skills and settings in (in the working folder or
   * HOME): not the agent's work, so the verifier does not count a change there as a change of the app.
   */
  configFolders: readonly string[];
  /** Where the run's MCP servers go; null when the harness takes none. */
  mcpServersFile: McpServersFile | null;
  verifierHook: VerifierHook;
  /**
   * True for a transcript line saying the provider refused the key while the CLI goes on retrying
   * (Claude Code retries a 401 ten times over minutes): the run is stopped then, as an auth failure.
   */
  refusedKeyIn?(transcriptLine: string): boolean;
  /**
   * Its own tools, by the names its transcripts give them, declared in the adapter's own file:
   * what each does and which argument fields hold its command, path, pattern … Error→recovery
   * matching (`tool-call-action.ts`) and the judges' blinding (`neutral-tool-call.ts`) read calls
   * by them, through `declaredToolOf`.
   */
  tools: DeclaredTools;
  /**
   * Words its tool results and errors carry that only it prints (its notices of a written file,
   * its error wrappers and rules), each with the neutral words a judge reads instead: the
   * judges' blinding replaces them, and the fingerprint scan (`harness-fingerprints.ts`) looks
   * for them in every prompt.
   */
  resultPhrases: readonly HarnessPhrase[];
  /**
   * The name the CLI gives the model for `tool` of MCP server `server` (Claude Code
   * `mcp__<server>__<tool>`, Gemini CLI `mcp_<server>_<tool>`); absent for a harness that takes
   * no MCP servers. The scripted model server calls MCP tools by it.
   */
  mcpToolName?(server: string, tool: string): string;
  /**
   * The inverse: a tool name the CLI reported, as its server and tool; null for a tool that is no
   * MCP server's. `servers`, the run's MCP server names when known, settle a name that splits in
   * more than one place (a server named with the separator in it).
   */
  parseMcpToolName?(name: string, servers?: readonly string[]): { server: string; tool: string } | null;
  /**
   * The namespace the CLI offers an MCP server's tools to the model in, when it groups them so
   * (Codex: `mcp__<server>`, each tool inside by its own name, `mcpToolName` its full name);
   * absent for a CLI that lists each by its full name. The scripted model server routes such a
   * tool's call into its namespace.
   */
  mcpToolNamespace?(server: string): string;
  /**
   * The call of one of the CLI's own tools that a scripted portable action (`read`, `write`,
   * `shell`) becomes when the scripted model server plays it (Claude Code's Read, Write and Bash;
   * Gemini CLI's read_file, write_file and run_shell_command). `parametersOf` says which parameter
   * names the request declares for a tool, when its API says (older Gemini CLI releases called
   * read_file's path `absolute_path`). Absent for a CLI whose wire format plays them itself
   * (Codex's shell and apply_patch on the Responses API) or that has no model of ours to script.
   */
  scriptedToolCall?(action: PortableReplayAction, parametersOf: (tool: string) => ReadonlySet<string> | undefined): ScriptedToolCall;
  /** Arguments that make the CLI print its version, and how to read it from stdout. */
  versionArgs: string[];
  parseVersion(stdout: string): string | null;
  /** Writes the run's config files (settings, CODEX_HOME/config.toml, .gemini/settings.json) and says how to start it. */
  prepare(input: PrepareRunInput): Promise<HarnessInvocation>;
  /**
   * The arguments of a follow-up turn that continues the session its transcript named
   * (`Trajectory.sessionId`), made from the first turn's `prepare(...).args`; null when the harness
   * cannot continue one (a multi-turn task's later turns then start afresh in the same work folder).
   */
  resumeArgs: ((firstTurnArgs: readonly string[], sessionId: string) => string[]) | null;
  /**
   * What the usage (tokens, tokens by model, cost) in a continued turn's transcript covers, as its
   * parser reads it: `turn`, that turn's own requests; `session`, everything the session has used
   * so far, the turns before included (Codex's turn.completed carries its thread's total; Claude
   * Code's modelUsage and total_cost_usd are the session's). A turn's own figures are then its
   * report less the session's before it (`turnOwnUsage`), so a run's figures are counted once.
   */
  resumedTurnUsage: 'turn' | 'session';
  /**
   * Loads the harness's transcript parser and returns its factory (one fresh parser per
   * transcript). Imported only when asked, so parsing one harness's transcript (`lhb runs parse
   * --harness command`) never loads the others' parsers, nor does the verifier hook. A parser that
   * reads what the adapter declares (its tools, its MCP tool naming) is handed the adapter here,
   * so the parser never imports it.
   */
  loadParser(): Promise<(options?: TranscriptParserOptions) => TranscriptParser>;
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

/** Where a run's MCP servers file is on disk: `file` in this run's HOME or working folder. */
/** The agent's folder of the run that holds a harness's MCP servers file (its HOME or its work folder). */
export const runMcpServersRoot = (file: McpServersFile, run: Pick<PrepareRunInput, 'homeDir' | 'workdir'>): string => (file.in === 'home' ? run.homeDir : run.workdir);

export function runMcpServersPath(file: McpServersFile, run: Pick<PrepareRunInput, 'homeDir' | 'workdir'>): string {
  return join(file.in === 'home' ? run.homeDir : run.workdir, file.path);
}
