import type { TaskMcpServers } from '../../../schemas/task-mcp-servers.ts';
import type { McpVariableRequest } from '../../../schemas/studies.ts';

/**
 * The study's rule for what a task folder's MCP servers may be given: only the variables the
 * study allows (`allowMcpEnv` in a study file, "Variables the tasks' MCP servers may receive" on
 * the New study form). A task folder is someone else's code; without this its task.json could
 * name any variable of the engine's (a cloud key, a judge's API key) and have it sent to its server.
 * One rule, checked when a study is created (the CLI, the app and its form all create studies
 * there) and again when each run is set up (a task.json may change between the two).
 */

/** Every variable the task's servers name (`env_from` of a stdio server, `headers_from` of an HTTP one), in task.json's order. */
export function mcpVariableRequests(taskId: string, servers: TaskMcpServers): McpVariableRequest[] {
  return Object.entries(servers).flatMap(([server, declared]) => {
    const named = 'url' in declared ? declared.headers_from : declared.env_from;
    return Object.entries(named).map(([as, variable]) => ({ taskId, server, transport: 'url' in declared ? ('http' as const) : ('stdio' as const), variable, as }));
  });
}

/**
 * Why the study may not give its tasks' servers what they ask for, or undefined when every
 * variable asked for is allowed: each refused request names the task, the server, the variable,
 * and the message says how to allow it.
 */
export function mcpEnvRefusal(requests: readonly McpVariableRequest[], allowed: readonly string[] | undefined): string | undefined {
  const allow = new Set(allowed ?? []);
  const refused = requests.filter((request) => !allow.has(request.variable));
  if (refused.length === 0) return undefined;
  const each = refused.map(
    (r) => `task "${r.taskId}": MCP server "${r.server}" asks for the environment variable ${r.variable} (as its ${r.transport === 'http' ? `${r.as} header` : `variable ${r.as}`})`,
  );
  const names = [...new Set(refused.map((r) => r.variable))];
  return (
    `${each.join('; ')}, which this study does not allow its tasks' MCP servers to receive. ` +
    `A task folder's servers get only the variables a study allows: if you trust ${refused.length === 1 ? 'this server' : 'these servers'} with ${names.join(', ')}, ` +
    `list ${names.length === 1 ? 'it' : 'them'} under allowMcpEnv in the study file (allowMcpEnv: [${names.join(', ')}]) or in "Variables the tasks' MCP servers may receive" on the New study form; ` +
    `otherwise remove ${refused.length === 1 ? 'it' : 'them'} from the task's task.json.`
  );
}
