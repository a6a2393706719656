import type { HarnessId, TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { declaredToolOf } from '../../runs/harnesses/declared-tool-of.ts';
import type { DeclaredTool, ToolArgument, ToolKind } from '../../runs/harnesses/declared-tools.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { splitShellWords } from '../../runs/trajectory/shell-command-head.ts';
import { argumentsRecord, toolCallAction } from '../../runs/trajectory/tool-call-action.ts';

/**
 * What a tool call did, named the same whichever harness made it: a judge reading `Bash`,
 * `run_shell_command` or `command_execution` would learn who ran the agent (and judges come from
 * the same model families as the agents). MCP tools keep their tool's name, without the
 * harness's way of prefixing it.
 */
export type NeutralToolName = Exclude<ToolKind, 'other'> | `mcp:${string}` | 'tool';

export interface NeutralToolCall {
  name: NeutralToolName;
  /** The call's arguments as a judge sees them: a shell's command line, or the file tools' fields under neutral keys. */
  shown: string;
}

/** `mcp:server.tool`, our parsers' name (a server name holds no `.`). */
const TRAJECTORY_MCP_NAME = /^mcp:[^.]+\.(.+)$/i;

/**
 * The MCP tool a call names: by our parsers' name, or by a CLI's own (an imported trajectory's
 * `mcp__server__tool`), as each harness's adapter reads its names; `servers`, when known, split them.
 */
function mcpToolOf(name: string, servers?: readonly string[]): string | undefined {
  const ours = TRAJECTORY_MCP_NAME.exec(name);
  if (ours) return ours[1];
  for (const adapter of Object.values(HARNESS_ADAPTERS)) {
    const mcp = adapter.parseMcpToolName?.(name, servers);
    if (mcp) return mcp.tool;
  }
  return undefined;
}

/** What tools that are neither files nor shells do: a judge is shown their arguments as they are. */
const NEITHER_FILE_NOR_SHELL = new Set<ToolKind>(['web-fetch', 'web-search', 'plan', 'subagent', 'skill', 'memory', 'ask']);

/** What file tools do: a judge is shown their arguments under neutral names. */
const FILE_KINDS = new Set<ToolKind>(['edit', 'write', 'search', 'read']);

/** The arguments a judge is shown, in this order, each under one name whatever the harness called it. */
const SHOWN_ARGUMENTS: ToolArgument[] = ['path', 'paths', 'pattern', 'content', 'old', 'new', 'url'];

/** `bash -lc '<script>'` (how Codex runs every command) as the script alone; any other line as it is. */
export function unwrappedShellCommand(command: string): string {
  const words = splitShellWords(command);
  const shell = words[0]?.word.split('/').at(-1);
  if (words.length === 3 && !words.some((word) => word.operator) && /^(ba|z|da)?sh$/.test(shell ?? '') && /^-[a-z]*c$/.test(words[1]!.word)) return words[2]!.word;
  return command;
}

function fieldsShown(tool: DeclaredTool, args: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const neutral of SHOWN_ARGUMENTS) {
    const field = tool.args[neutral]?.find((name) => args[name] !== undefined && args[name] !== null && args[name] !== '');
    if (field !== undefined) shown[neutral] = args[field];
  }
  return shown;
}

/** File changes (Codex's `file_change`): `{changes: [{path, kind}]}`; all additions are a write, anything else an edit. */
function fileChanges(tool: DeclaredTool, args: Record<string, unknown>): NeutralToolCall | undefined {
  const listed = tool.args.changes?.map((field) => args[field]).find(Array.isArray);
  if (!listed || listed.length === 0) return undefined;
  const changes = listed.map(argumentsRecord);
  const name = changes.every((change) => change.kind === 'add') ? 'write' : 'edit';
  return { name, shown: JSON.stringify(changes.map((change) => ({ path: change.path, change: change.kind }))) };
}

const json = (value: unknown) => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/** A tool call as a judge reads it: named by what it did, its arguments under neutral names. `mcpServers`: the run's MCP server names, `harness` the trajectory's, when known. */
export function neutralToolCall(call: Pick<TrajectoryToolCall, 'name' | 'arguments'>, mcpServers?: readonly string[], harness?: HarnessId): NeutralToolCall {
  const mcp = mcpToolOf(call.name, mcpServers);
  if (mcp !== undefined) return { name: `mcp:${mcp}`, shown: json(call.arguments) };
  const tool = declaredToolOf(call.name, harness);
  if (NEITHER_FILE_NOR_SHELL.has(tool.kind)) return { name: tool.kind as NeutralToolName, shown: json(call.arguments) };
  const action = toolCallAction(call, harness);
  if (action.command !== null) return { name: 'shell', shown: unwrappedShellCommand(action.command) };
  const args = argumentsRecord(call.arguments);
  const changes = fileChanges(tool, args);
  if (changes) return changes;
  if (FILE_KINDS.has(tool.kind)) {
    const fields = fieldsShown(tool, args);
    return { name: tool.kind as NeutralToolName, shown: Object.keys(fields).length > 0 ? JSON.stringify(fields) : json(typeof call.arguments === 'string' ? call.arguments : '') };
  }
  return { name: 'tool', shown: json(call.arguments) };
}
