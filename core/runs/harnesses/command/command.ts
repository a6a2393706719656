import type { HarnessAdapter } from '../harness-adapter.ts';
import { baseHarnessEnv } from '../harness-adapter.ts';
import { commandTools } from './command-tools.ts';

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
  tools: commandTools,
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
