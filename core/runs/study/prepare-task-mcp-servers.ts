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
  workdir: string;
  env: Record<string, string>;
  parentEnv?: NodeJS.ProcessEnv;
  /** The run's sandbox for a server's command (absent when the study runs without one); each stdio server is checked inside it. */
  sandbox?: { planFor(command: string): SandboxPlan; runKey: string };
}

export async function prepareTaskMcpServers(taskFolder: string | undefined, context: McpSetupContext): Promise<TaskMcpServersForRun> {
  const resolved = resolveTaskMcpServers(readTaskMcpServers(taskFolder), { taskFolder, env: context.parentEnv ?? process.env });
  const record: RunMcpServer[] = resolved.skipped.map(({ name, transport, reason }) => ({ name, transport, optional: true, status: 'left-out', tools: [], reason }));
  const servers: McpServerSpec[] = [];
  const probes = await Promise.allSettled(
    resolved.servers.map((server, index) => {
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
    const reason = `MCP server "${server.name}" could not start: ${(probe.reason as Error).message}`;
    if (!optional) throw new TaskMcpSetupError(`${reason}. Fix the server in task.json${taskFolder ? ` (${taskFolder})` : ''}, or mark it "optional": true, and start the run again.`);
    record.push({ name: server.name, transport, optional, status: 'left-out', tools: [], reason });
  });
  return { servers, secrets: resolved.secrets, record };
}
