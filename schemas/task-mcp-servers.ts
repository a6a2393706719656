import { z } from 'zod';
import { EnvNameSchema } from './env-name.ts';

/**
 * The MCP tool servers a task offers its agent (`mcp_servers` in task.json), by name: stdio
 * servers (`command`, `args`; relative paths are the task folder's) and streamable-HTTP servers
 * (`url`). Secrets are named, never written: `env_from` maps the server's variable to the
 * variable of ours that holds it, `headers_from` an HTTP header to one; both are read when a run
 * starts. A server marked `optional` that cannot start leaves the run without it instead of
 * failing the run.
 */
const SecretNamesSchema = z.record(z.string().min(1), EnvNameSchema);

const StdioServerSchema = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env_from: z.record(EnvNameSchema, EnvNameSchema).default({}),
    optional: z.boolean().default(false),
  })
  .strict();

const HttpServerSchema = z
  .object({
    url: z.url({ protocol: /^https?$/ }),
    headers_from: SecretNamesSchema.default({}),
    optional: z.boolean().default(false),
  })
  .strict();

/** Server names become parts of tool names (`mcp__<server>__<tool>`), so they stay plain identifiers. */
export const McpServerNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'a server name of letters, digits, "_" and "-" (it becomes part of tool names)');

export const TaskMcpServerSchema = z.union([StdioServerSchema, HttpServerSchema], { error: 'an MCP server is {command, args?, env_from?, optional?} (stdio) or {url, headers_from?, optional?} (streamable HTTP)' });
export type TaskMcpServer = z.infer<typeof TaskMcpServerSchema>;

export const TaskMcpServersSchema = z.record(McpServerNameSchema, TaskMcpServerSchema);
export type TaskMcpServers = z.infer<typeof TaskMcpServersSchema>;
