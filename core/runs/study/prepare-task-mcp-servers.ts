import type { SandboxNetwork } from '../../../schemas/studies.ts';
import type { RunMcpServer } from '../../../schemas/trajectory.ts';
import { isHttpMcpServer, type McpServerSpec } from '../harnesses/harness-adapter.ts';
import type { SandboxPlan } from '../sandbox/sandbox-plan.ts';
import { probeMcpServer } from './probe-mcp-server.ts';
import { readTaskMcpServers, resolveTaskMcpServers, TaskMcpSetupError } from './task-mcp-servers.ts';

/** How long a server may take to list its tools before the run is refused (npx may fetch a package first). */
const PROBE_TIMEOUT_MS = 60_000;

export interface TaskMcpServersForRun {
  /** Given to the harness beside the verifier. */
  servers: McpServerSpec[];
  /** The secrets' values: they reach only the harness's own config, removed when the run ends. */
  secrets: string[];
  /** What the run records: names, transports, tools, no secret. */
  record: RunMcpServer[];
}

/**
 * The task's MCP servers, ready for one run: declared in its folder's task.json, secrets read
 * now, each started once and asked for its tools before the agent starts, so a server that
 * cannot start fails the run (`setup`, naming it) instead of leaving the agent without it. An
 * optional server that cannot start is left out and recorded so.
 */
export interface McpSetupContext {
  /** The task's id, to name it in a refusal. */
  taskId: string;
  /** The variables the study lets its tasks' servers receive (`allowMcpEnv`); any other named fails the run before any is read. */
  allowedEnv: readonly string[] | undefined;
  /**
   * The run's network (`host` for a study without a sandbox). The check reaches no further than
   * the run could: with `none` an HTTP server is not contacted at all (the run could not reach it
   * either); with `endpoint-only` only the server's own declared address, which the run's proxy
   * lets through, and a redirect elsewhere is not followed.
   */
  network: SandboxNetwork;
  workdir: string;
  env: Record<string, string>;
  parentEnv?: NodeJS.ProcessEnv;
  /** The run's sandbox for a server's command (absent when the study runs without one); each stdio server is checked inside it. */
  sandbox?: { planFor(command: string): SandboxPlan; runKey: string };
}

export async function prepareTaskMcpServers(taskFolder: string | undefined, context: McpSetupContext): Promise<TaskMcpServersForRun> {
  const resolved = resolveTaskMcpServers(readTaskMcpServers(taskFolder), { taskId: context.taskId, taskFolder, env: context.parentEnv ?? process.env, allowedEnv: context.allowedEnv });
  const record: RunMcpServer[] = resolved.skipped.map(({ name, transport, reason }) => ({ name, transport, optional: true, status: 'left-out', tools: [], reason }));
  const servers: McpServerSpec[] = [];
  const probes = await Promise.allSettled(
    resolved.servers.map((server, index) => {
      if (isHttpMcpServer(server) && context.network === 'none') return Promise.reject(new UnreachableOnNetworkNone(server.url));
      const sandbox = context.sandbox && !isHttpMcpServer(server) ? { plan: context.sandbox.planFor(server.command), runKey: `${context.sandbox.runKey}-mcp${index}` } : undefined;
      return probeMcpServer(server, { cwd: context.workdir, env: context.env, timeoutMs: PROBE_TIMEOUT_MS, ...(sandbox ? { sandbox } : {}) });
    }),
  );
  resolved.servers.forEach((server, index) => {
    const probe = probes[index]!;
    const transport = isHttpMcpServer(server) ? 'http' : 'stdio';
    const optional = resolved.optional.has(server.name);
    if (probe.status === 'fulfilled') {
      servers.push(server);
      record.push({ name: server.name, transport, optional, status: 'ready', tools: probe.value, reason: null });
      return;
    }
    const unreachable = probe.reason instanceof UnreachableOnNetworkNone;
    const reason = unreachable ? `MCP server "${server.name}" ${(probe.reason as Error).message}` : `MCP server "${server.name}" could not start: ${(probe.reason as Error).message}`;
    if (!optional) {
      const fix = unreachable ? 'Run the study with network endpoint-only (it lets the run reach the task\'s HTTP MCP servers and its model, nothing else) or host' : `Fix the server in task.json${taskFolder ? ` (${taskFolder})` : ''}`;
      throw new TaskMcpSetupError(`${reason}. ${fix}, or mark it "optional": true, and start the run again.`);
    }
    record.push({ name: server.name, transport, optional, status: 'left-out', tools: [], reason });
  });
  return { servers, secrets: resolved.secrets, record };
}

/** An HTTP server a run on network `none` could not reach: not contacted, so no header of it leaves the engine. */
class UnreachableOnNetworkNone extends Error {
  constructor(url: string) {
    super(`is reached over HTTP (${url}), and this run's network is none: nothing outside the sandbox can be reached from it, so the server was not contacted (not even to check it)`);
  }
}
