import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { TaskFileSchema } from '../../../schemas/arena.ts';
import type { TaskMcpServers } from '../../../schemas/task-mcp-servers.ts';
import { readJsonFile } from '../files-inside-folder.ts';
import type { McpVariableRequest } from '../../../schemas/studies.ts';
import type { McpServerSpec } from '../harnesses/harness-adapter.ts';
import { mcpEnvRefusal, mcpVariableRequests } from './task-mcp-env.ts';

/** A task's MCP server that cannot be given to the run: the run fails as `setup`, naming it. */
export class TaskMcpSetupError extends Error {
  override name = 'TaskMcpSetupError';
}

/** The `mcp_servers` of the task folder's task.json; none without a folder. */
export function readTaskMcpServers(taskFolder: string | undefined): TaskMcpServers {
  if (!taskFolder) return {};
  const file = join(taskFolder, 'task.json');
  if (!existsSync(file)) return {};
  return readJsonFile(file, TaskFileSchema, 'Fix task.json and start the run again.').mcp_servers ?? {};
}

/**
 * What the tasks given as folders ask for, read from their task.json now. A task.json that cannot
 * be read is left out here: its runs fail as `setup` saying why, as they did before this check.
 */
export function studyMcpVariableRequests(tasks: readonly string[], taskFolders: Readonly<Record<string, string>>): McpVariableRequest[] {
  return tasks.flatMap((taskId) => {
    const folder = taskFolders[taskId];
    if (!folder) return [];
    let servers: TaskMcpServers;
    try {
      servers = readTaskMcpServers(folder);
    } catch {
      return [];
    }
    return mcpVariableRequests(taskId, servers);
  });
}

export interface ResolvedTaskMcpServers {
  /** What the harness is given, secrets filled in. */
  servers: McpServerSpec[];
  /** The secrets' values, so the engine can check none of them is kept where it keeps things. */
  secrets: string[];
  /** Optional servers left out of this run, and why. */
  skipped: { name: string; transport: 'stdio' | 'http'; reason: string }[];
  /** Which of `servers` may be left out when they fail to start. */
  optional: Set<string>;
}

/**
 * Turns a task's declared servers into what a harness starts: relative paths of a stdio server
 * (its command, and each argument naming a file or folder of the task folder) made absolute, and
 * each secret read from the variable it names, now. A variable the study does not allow
 * (`allowMcpEnv`) fails the run before any is read (task-mcp-env.ts). A variable that is not set fails the run
 * before anything starts, naming the server and the variable, unless the server is optional.
 */
export function resolveTaskMcpServers(declared: TaskMcpServers, context: { taskId: string; taskFolder: string | undefined; env: NodeJS.ProcessEnv; allowedEnv: readonly string[] | undefined }): ResolvedTaskMcpServers {
  // Nothing is read, let alone given, before every variable named is one the study allows.
  const refusal = mcpEnvRefusal(mcpVariableRequests(context.taskId, declared), context.allowedEnv);
  if (refusal) throw new TaskMcpSetupError(refusal);
  const resolved: ResolvedTaskMcpServers = { servers: [], secrets: [], skipped: [], optional: new Set() };
  for (const [name, server] of Object.entries(declared)) {
    const named = 'url' in server ? server.headers_from : server.env_from;
    const values: Record<string, string> = {};
    const unset: string[] = [];
    for (const [target, variable] of Object.entries(named)) {
      const value = context.env[variable];
      if (value === undefined || value === '') unset.push(variable);
      else values[target] = value;
    }
    if (unset.length > 0) {
      const reason = `MCP server "${name}" needs the environment variable${unset.length > 1 ? 's' : ''} ${unset.join(', ')}, which ${unset.length > 1 ? 'are' : 'is'} not set. Set ${unset.length > 1 ? 'them' : 'it'} where lhb runs and start the run again${server.optional ? '' : ', or mark the server "optional": true in task.json'}.`;
      if (server.optional) {
        resolved.skipped.push({ name, transport: 'url' in server ? 'http' : 'stdio', reason });
        continue;
      }
      throw new TaskMcpSetupError(reason);
    }
    resolved.secrets.push(...Object.values(values));
    if (server.optional) resolved.optional.add(name);
    if ('url' in server) {
      resolved.servers.push({ name, url: server.url, ...(Object.keys(values).length > 0 ? { headers: values } : {}) });
    } else {
      const inTask = (path: string): string => (context.taskFolder && !isAbsolute(path) && !path.startsWith('-') && existsSync(join(context.taskFolder, path)) ? join(context.taskFolder, path) : path);
      const command = server.command.includes('/') ? inTask(server.command) : server.command;
      resolved.servers.push({ name, command, args: server.args.map(inTask), ...(Object.keys(values).length > 0 ? { env: values } : {}) });
    }
  }
  return resolved;
}
