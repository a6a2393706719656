import type { HarnessAdapter } from '../harness-adapter.ts';
import { baseHarnessEnv } from '../harness-adapter.ts';
import type { DeclaredTool, DeclaredTools, ToolKind } from '../declared-tools.ts';

/** The argument fields agents commonly give each argument, in the order they are tried. */
const ANY_AGENT_ARGS: DeclaredTool['args'] = {
  command: ['command', 'cmd', 'commandLine', 'command_line', 'shell_command'],
  path: ['file_path', 'filePath', 'absolute_path', 'path', 'target_file', 'notebook_path', 'file', 'filename', 'dir_path', 'directory'],
  paths: ['paths', 'file_paths', 'absolute_paths'],
  pattern: ['pattern', 'query', 'regex', 'glob', 'include'],
  content: ['content', 'file_text', 'text', 'contents'],
  old: ['old_string', 'old_str', 'oldText', 'old_text'],
  new: ['new_string', 'new_str', 'newText', 'new_text', 'new_source'],
  url: ['url'],
  changes: ['changes'],
};

/** What a tool's name says it does, checked in this order: the tools that are neither shells nor files first, edits before writes ("MultiEdit", "str_replace_based_edit"). */
const BY_NAME: [RegExp, ToolKind][] = [
  [/web_?fetch|fetch_?url|url_?fetch/i, 'web-fetch'],
  [/web_?search|google_?search/i, 'web-search'],
  [/[Tt]odo|(^|_)plan|Plan(?=[A-Z]|$)/, 'plan'],
  [/^(task|agent)$|sub_?agent|collab|delegate/i, 'subagent'],
  [/skill/i, 'skill'],
  [/memory/i, 'memory'],
  [/ask_?user|question/i, 'ask'],
  [/bash|shell|exec|command|terminal|run_?cmd|powershell/i, 'shell'],
  [/edit|replace|patch|insert|update|notebook|delete|remove|move|rename/i, 'edit'],
  [/write|create|save/i, 'write'],
  [/grep|glob|search|find|list|^ls$|directory/i, 'search'],
  [/read|view|cat|open|get_?file|fetch_file/i, 'read'],
  [/(?:)/, 'other'],
];

/**
 * The command harness runs any agent, and a trajectory of an agent we have no adapter for is
 * imported as it: its tools are anyone's, so they are read by what their names say, with the
 * argument fields agents commonly use. A tool no harness declares by name is read so too.
 */
const COMMAND_TOOLS: DeclaredTools = {
  byName: {},
  byPattern: BY_NAME.map(([name, kind]) => [name, { kind, args: ANY_AGENT_ARGS }] as const),
};

/**
 * Any executable, for harnesses we have no adapter for. The contract (README, "The command
 * harness"): it runs through `sh -c` in the run's folder with the task's inputs and the skill
 * installed under `.agents/skills/<name>`; the prompt is on stdin and in `$LHB_PROMPT`; exit 0
 * means it finished; what it writes to `out/` becomes the run's artifacts; its stdout is the
 * transcript (JSON lines in the command trajectory format are parsed, other lines kept as text).
 */
export const commandHarness: HarnessAdapter = {
  id: 'command',
  displayName: 'Command',
  aliases: [],
  // The command chooses its own model; the study's model reaches it as $LHB_MODEL.
  defaultModel: 'unspecified',
  keyEnv: null,
  apiHosts: [],
  takesCommand: true,
  skillDir: (name) => `.agents/skills/${name}`,
  configFolders: ['.agents'],
  // A command has neither hooks nor an MCP client we could configure.
  mcpServersFile: null,
  verifierHook: { kind: 'none' },
  tools: COMMAND_TOOLS,
  resultPhrases: [],
  versionArgs: [],
  parseVersion: () => null,
  async prepare(input) {
    if (!input.command) throw new Error('The command harness needs the command to run: --command "CMD".');
    const env = {
      ...baseHarnessEnv(input),
      LHB_PROMPT: input.prompt,
      LHB_MODEL: input.model,
      LHB_WORKDIR: input.workdir,
      LHB_OUT_DIR: `${input.workdir}/out`,
      ...(input.endpoint ? { LHB_ENDPOINT: input.endpoint } : {}),
    };
    return { command: '/bin/sh', args: ['-c', input.command], cwd: input.workdir, env, stdin: input.prompt };
  },
  // A command has no session of ours to continue.
  resumeArgs: null,
  resumedTurnUsage: 'turn',
  loadParser: async () => (await import('./parse-command.ts')).createCommandParser,
};
