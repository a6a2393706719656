import type { ReplayAction } from '../../../schemas/replay-script.ts';
import type { ResponsesOutputItem } from '../../model-apis/openai-responses/openai-responses-server.ts';
import { shellQuote } from '../../shell-quote.ts';
import type { HarnessAdapter } from '../harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { offeredMcpToolName } from './offered-mcp-tool-name.ts';

/**
 * How the scripted model's portable actions become the tool calls a Responses API client
 * (Codex CLI) offers. Codex's tools depend on its version and the model's family: a unified
 * `exec_command` (`cmd: string`), `shell_command` (`command: string`), the older `shell`
 * (`command: string[]`) or the hosted `local_shell`; `apply_patch` as a freeform (custom) tool
 * or a function. There is no read or write tool, so `read` is `cat` through the shell, and
 * `write` is an `apply_patch` "Add File" (what a real model does; it creates parent folders)
 * or, when apply_patch cannot say the exact bytes, a `printf` through the shell.
 */

/** A tool the request offers: its name, how it is called, and its namespace for namespaced (MCP) tools. */
export interface OfferedTool {
  name: string;
  kind: 'function' | 'custom' | 'local_shell';
  namespace?: string;
}

export class UnplayableCallError extends Error {
  override name = 'UnplayableCallError';
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type NamespacingHarness = HarnessAdapter & Required<Pick<HarnessAdapter, 'mcpToolName' | 'parseMcpToolName' | 'mcpToolNamespace'>>;

/**
 * The harnesses that offer MCP tools in namespaces (Codex, `mcp__<server>`: the namespace is their
 * naming's prefix and the server's name), whose tools scripts name by their full names.
 */
const NAMESPACING_HARNESSES = Object.values(HARNESS_ADAPTERS).filter(
  (adapter): adapter is NamespacingHarness => adapter.mcpToolNamespace !== undefined && adapter.mcpToolName !== undefined && adapter.parseMcpToolName !== undefined,
);

/** The full name of tool `name` offered in `namespace` (`check` in `mcp__verifier`: `mcp__verifier__check`), or undefined for a namespace no harness's MCP server has. */
function namespacedMcpToolName(namespace: string, name: string): string | undefined {
  for (const harness of NAMESPACING_HARNESSES) {
    const prefix = harness.mcpToolNamespace('');
    if (namespace.length > prefix.length && namespace.startsWith(prefix)) return harness.mcpToolName(namespace.slice(prefix.length), name);
  }
  return undefined;
}

/** The tools a request's `tools` array offers, by name (namespaced tools under their own names). */
export function offeredTools(tools: unknown): Map<string, OfferedTool> {
  const offered = new Map<string, OfferedTool>();
  const add = (tool: unknown, namespace?: string): void => {
    if (!isRecord(tool)) return;
    const name = typeof tool.name === 'string' ? tool.name : undefined;
    if (tool.type === 'namespace' && name && Array.isArray(tool.tools)) {
      for (const inner of tool.tools) add(inner, name);
    } else if (tool.type === 'local_shell') {
      offered.set('local_shell', { name: 'local_shell', kind: 'local_shell' });
    } else if ((tool.type === 'function' || tool.type === 'custom') && name) {
      const entry: OfferedTool = { name, kind: tool.type, ...(namespace ? { namespace } : {}) };
      offered.set(name, entry);
      // An MCP tool is offered as `check` in namespace `mcp__verifier`; scripts name it by its full name, `mcp__verifier__check`.
      const fullName = namespace ? namespacedMcpToolName(namespace, name) : undefined;
      if (fullName) offered.set(fullName, entry);
    }
  };
  if (Array.isArray(tools)) for (const tool of tools) add(tool);
  return offered;
}

/** Items the model itself produced; a tool's output or a user message ends a model turn. */
const MODEL_ITEM_TYPES = new Set(['reasoning', 'function_call', 'custom_tool_call', 'local_shell_call', 'tool_search_call', 'web_search_call', 'image_generation_call']);

function isModelItem(item: unknown): boolean {
  if (!isRecord(item)) return false;
  if (item.type === 'message' || item.type === undefined) return item.role === 'assistant';
  return typeof item.type === 'string' && MODEL_ITEM_TYPES.has(item.type);
}

/**
 * Model turns already in a request's `input`: each run of consecutive model items (its
 * reasoning, text and the calls it made at once) is one turn; the tool outputs sent back
 * separate one turn from the next. Counting items instead would skip ahead on a turn that
 * says something and calls a tool, or calls two tools in parallel.
 */
export function countModelTurns(input: unknown): number {
  if (!Array.isArray(input)) return 0;
  let turns = 0;
  let inTurn = false;
  for (const item of input) {
    const model = isModelItem(item);
    if (model && !inTurn) turns += 1;
    inTurn = model;
  }
  return turns;
}

const SHELL_TOOLS = ['exec_command', 'shell_command', 'shell', 'local_shell'] as const;

function shellCall(command: string, tools: Map<string, OfferedTool>, ids: { id: string; callId: string }): ResponsesOutputItem {
  const tool = SHELL_TOOLS.find((name) => tools.has(name));
  switch (tool) {
    case 'exec_command':
      return { type: 'function_call', id: ids.id, status: 'completed', call_id: ids.callId, name: tool, arguments: JSON.stringify({ cmd: command }) };
    case 'shell_command':
      return { type: 'function_call', id: ids.id, status: 'completed', call_id: ids.callId, name: tool, arguments: JSON.stringify({ command }) };
    case 'shell':
      return { type: 'function_call', id: ids.id, status: 'completed', call_id: ids.callId, name: tool, arguments: JSON.stringify({ command: ['bash', '-lc', command] }) };
    case 'local_shell':
      return { type: 'local_shell_call', id: ids.id, status: 'completed', call_id: ids.callId, action: { type: 'exec', command: ['bash', '-lc', command] } };
    default:
      throw new UnplayableCallError(
        `The request offers no shell tool (${SHELL_TOOLS.join(', ')}), so the script's shell, read and write actions cannot be played to this client. Offered: ${[...tools.keys()].join(', ') || 'none'}.`,
      );
  }
}

/** An apply_patch that adds `path` with `content`, which ends with a newline. */
export function addFilePatch(path: string, content: string): string {
  const lines = content.slice(0, -1).split('\n');
  return ['*** Begin Patch', `*** Add File: ${path}`, ...lines.map((line) => `+${line}`), '*** End Patch', ''].join('\n');
}

function writeCall(path: string, content: string, tools: Map<string, OfferedTool>, ids: { id: string; callId: string }): ResponsesOutputItem {
  const patch = tools.get('apply_patch');
  // apply_patch writes every line with a newline after it, so only such content keeps its exact bytes.
  if (patch && content.endsWith('\n') && !content.includes('\r')) {
    const input = addFilePatch(path, content);
    return patch.kind === 'custom'
      ? { type: 'custom_tool_call', id: ids.id, status: 'completed', call_id: ids.callId, name: 'apply_patch', input }
      : { type: 'function_call', id: ids.id, status: 'completed', call_id: ids.callId, name: 'apply_patch', arguments: JSON.stringify({ input }) };
  }
  const slash = path.lastIndexOf('/');
  const dir = slash > 0 ? path.slice(0, slash) : '';
  const mkdir = dir ? `mkdir -p ${shellQuote(dir)} && ` : '';
  return shellCall(`${mkdir}printf '%s' ${shellQuote(content)} > ${shellQuote(path)}`, tools, ids);
}

/**
 * An MCP tool the request does not list (newer models get MCP tools deferred behind
 * `tool_search`): `mcp__<server>__<tool>` is called in its namespace, as Codex routes it.
 */
function deferredMcpTool(name: string): OfferedTool | undefined {
  for (const harness of NAMESPACING_HARNESSES) {
    const mcp = harness.parseMcpToolName(name);
    if (mcp) return { name: mcp.tool, kind: 'function', namespace: harness.mcpToolNamespace(mcp.server) };
  }
  return undefined;
}

function namedToolCall(name: string, args: Record<string, unknown>, tools: Map<string, OfferedTool>, ids: { id: string; callId: string }): ResponsesOutputItem {
  const tool = tools.get(name) ?? deferredMcpTool(name);
  if (tool?.kind === 'custom') {
    const input = typeof args.input === 'string' ? args.input : JSON.stringify(args);
    return { type: 'custom_tool_call', id: ids.id, status: 'completed', call_id: ids.callId, name, input };
  }
  // An unknown name is still sent as a function call: the client answers it with its own "unknown tool" error, as it would a real model's.
  return {
    type: 'function_call',
    id: ids.id,
    status: 'completed',
    call_id: ids.callId,
    name: tool?.name ?? name,
    arguments: JSON.stringify(args),
    ...(tool?.namespace ? { namespace: tool.namespace } : {}),
  };
}

/** The output items for one scripted turn's calls; ids are fixed by turn and position so a retried request gets the same calls. */
export function toolCallItems(calls: readonly ReplayAction[], tools: Map<string, OfferedTool>, turn: number): ResponsesOutputItem[] {
  return calls.map((call, n) => {
    const ids = { id: `fc_replay_${turn}_${n}`, callId: `call_replay_${turn}_${n}` };
    switch (call.action) {
      case 'read':
        return shellCall(`cat -- ${shellQuote(call.path)}`, tools, ids);
      case 'write':
        return writeCall(call.path, call.content, tools, ids);
      case 'shell':
        return shellCall(call.command, tools, ids);
      case 'tool':
        return namedToolCall(call.name, call.arguments, tools, ids);
      case 'mcp': {
        // Codex offers a server's tools in its namespace, found under the full name too; one it
        // does not list is called by its full name, in its namespace (deferredMcpTool).
        const mcp = offeredMcpToolName(tools, call.server, call.tool);
        return namedToolCall(mcp.offered ? mcp.name : (NAMESPACING_HARNESSES[0]?.mcpToolName(call.server, call.tool) ?? mcp.name), call.arguments, tools, ids);
      }
    }
  });
}
