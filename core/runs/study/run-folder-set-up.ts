import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ResolvedStudy, StudyConfiguration } from '../../../schemas/studies.ts';
import type { RunMcpServer } from '../../../schemas/trajectory.ts';
import type { StudyRunRow } from '../../store/study-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import type { PreparedRun } from '../executors/run-executor.ts';
import { isHttpMcpServer, runMcpServersPath, type HarnessAdapter, type PrepareRunInput } from '../harnesses/harness-adapter.ts';
import { harnessCacheDir } from '../harnesses/harness-tools.ts';
import { planRunSandbox } from '../sandbox/sandbox-plan.ts';
import type { SkillToInstall } from '../skills/read-skill.ts';
import { installSkill } from '../skills/install-skill.ts';
import { prepareRunVerifier } from '../verifier/prepare-run-verifier.ts';
import { prepareTaskMcpServers } from './prepare-task-mcp-servers.ts';
import { buildRunPrompt, prepareTaskWorkdir, type TaskForRun } from './task-workdir.ts';

/** What laying out one run takes: the study's settings, the run, its harness and its task. */
export interface RunFolderInput {
  workspace: Workspace;
  spec: ResolvedStudy;
  run: StudyRunRow;
  /** `<study folder>/runs/<run id>`: work/ (the agent's folder), home/, transcript.jsonl, stderr.log, manifest.json. */
  folder: string;
  adapter: HarnessAdapter;
  configuration: StudyConfiguration;
  binary: string;
  harnessVersion: string | null;
  /** Why `harnessVersion` is null for a CLI that has one (what asking it said); recorded on the run. */
  harnessVersionProblem?: string | null;
  skill: SkillToInstall | undefined;
  task: TaskForRun;
  /** The model endpoint for this run (a scripted session's URL, or its configuration's endpoint). */
  endpointFor(workdir: string, skillFile: string): string | undefined;
  /** The value of this run's configuration's key variable (and only that key). */
  apiKey: string | undefined;
  /** Where harness CLIs are installed: mounted read-only in the run's sandbox. */
  toolsDir: string;
}

/** What a set-up tells the run's manifest: its folder was cleared (no step done), the run was prepared. */
export interface RunFolderSteps {
  cleared(): void;
  prepared(): void;
}

/**
 * Lays out one run's folder and says how to start its harness for the first turn: the task's
 * inputs and the skill in work/, the verifier and the task's MCP servers (each checked inside the
 * run's sandbox), the harness's own config through its adapter, and the sandbox it runs in. What
 * a set-up learnt stays here for the rest of the run: the servers as checked, the prompt sent,
 * the invocation later turns continue, and a config file holding a secret, to remove at the end.
 */
export class RunFolderSetUp {
  readonly workdir: string;
  readonly homeDir: string;
  /** The task's MCP servers as checked when the run was set up (none when it declares none). */
  mcpServers: RunMcpServer[] = [];
  /** The harness's own config file, when it holds a task MCP server's secret: removed when the run ends. */
  configWithSecrets: string | undefined;
  /** The first turn's prompt ('' until set up). */
  firstPrompt = '';
  /** What the adapter was given, and the first turn's invocation and sandbox, which later turns of a multi-turn task continue. */
  prepareInput: PrepareRunInput | undefined;
  firstTurn: PreparedRun | undefined;

  constructor(
    private readonly input: RunFolderInput,
    private readonly steps: RunFolderSteps,
  ) {
    this.workdir = join(input.folder, 'work');
    this.homeDir = join(input.folder, 'home');
  }

  /** Lays out the run (afresh, or keeping the folder of a run going on at a later turn) and says how to start its harness. */
  async setUp(fresh: boolean): Promise<PreparedRun> {
    const { input, workdir, homeDir } = this;
    const { folder, run, workspace } = input;
    if (fresh) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(join(homeDir, 'tmp'), { recursive: true });
      mkdirSync(workdir, { recursive: true });
      this.steps.cleared();
      prepareTaskWorkdir(input.task, workdir);
    }
    const skillDir = input.skill ? input.adapter.skillDir(input.skill.name) : '';
    const skillFile = input.skill ? (fresh ? installSkill(input.skill, workdir, skillDir) : join(workdir, skillDir, 'SKILL.md')) : '';
    const endpoint = input.endpointFor(workdir, skillFile);
    const verifier = prepareRunVerifier({ enabled: input.spec.verifier, harness: input.adapter, frames: input.task.frames, folder, workdir, sandboxed: input.spec.sandbox !== false });
    const network = input.configuration.network ?? input.spec.network ?? 'host';
    const planSandbox = (binary: string, extraReadOnly: string[] = [], declaredUrls: string[] = []) =>
      planRunSandbox({
        network,
        limits: input.spec.limits,
        runFolder: folder,
        binary,
        toolsDir: input.toolsDir,
        workspaceDir: workspace.dir,
        endpoint,
        ...(input.task.folder ? { taskFolder: input.task.folder } : {}),
        ...(extraReadOnly.length > 0 ? { extraReadOnly } : {}),
        apiHosts: input.adapter.apiHosts,
        declaredUrls,
      });
    // The task's stdio servers are its own code: checked inside the run's sandbox, as the harness will start them.
    const taskMcp = await prepareTaskMcpServers(input.task.folder, {
      taskId: run.task_id,
      allowedEnv: input.spec.allowMcpEnv,
      network: input.spec.sandbox === false ? 'host' : network,
      workdir,
      env: mcpProbeEnv(homeDir),
      ...(input.spec.sandbox === false ? {} : { sandbox: { planFor: (command) => planSandbox(command), runKey: run.id } }),
    });
    this.mcpServers = taskMcp.record;
    if (taskMcp.servers.length > 0 && !input.adapter.mcpServersFile) throw new Error(`the task declares MCP servers (${taskMcp.servers.map((s) => s.name).join(', ')}), and ${input.adapter.displayName} takes none.`);
    if (taskMcp.secrets.length > 0 && input.adapter.mcpServersFile) this.configWithSecrets = runMcpServersPath(input.adapter.mcpServersFile, { homeDir, workdir });
    this.firstPrompt = buildRunPrompt(input.task, input.skill ? { name: input.skill.name, file: relative(workdir, skillFile) } : undefined);
    this.prepareInput = {
      workdir,
      homeDir,
      binary: input.binary,
      prompt: this.firstPrompt,
      model: input.configuration.model,
      ...(endpoint ? { endpoint } : {}),
      ...(input.configuration.apiKeyEnv ? { apiKeyEnv: input.configuration.apiKeyEnv } : {}),
      ...(input.apiKey !== undefined ? { apiKey: input.apiKey } : {}),
      mcpServers: [...verifier.mcpServers, ...taskMcp.servers],
      ...(verifier.verifierCommand ? { verifierCommand: verifier.verifierCommand } : {}),
      ...(input.configuration.command ? { command: input.configuration.command } : {}),
      ...(input.harnessVersion ? { installedCli: { version: input.harnessVersion, cacheDir: harnessCacheDir(input.toolsDir) } } : {}),
    };
    const invocation = await input.adapter.prepare(this.prepareInput);
    this.steps.prepared();
    const httpMcpUrls = taskMcp.servers.flatMap((server) => (isHttpMcpServer(server) ? [server.url] : []));
    const sandbox = input.spec.sandbox === false ? null : planSandbox(invocation.command, invocation.env.NODE_EXTRA_CA_CERTS ? [invocation.env.NODE_EXTRA_CA_CERTS] : [], httpMcpUrls);
    this.firstTurn = { invocation, sandbox };
    return this.firstTurn;
  }
}

/** What a task's stdio MCP server gets when it is checked before the run: what a harness's own environment would give it. */
function mcpProbeEnv(homeDir: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', HOME: homeDir, TMPDIR: join(homeDir, 'tmp'), LANG: process.env.LANG ?? 'C.UTF-8' };
}
