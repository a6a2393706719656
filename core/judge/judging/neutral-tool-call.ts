import type { TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { splitShellWords } from '../../runs/trajectory/shell-command-head.ts';
import { argumentsRecord, toolCallAction } from '../../runs/trajectory/tool-call-action.ts';

/**
 * What a tool call did, named the same whichever harness made it: a judge reading `Bash`,
 * `run_shell_command` or `command_execution` would learn who ran the agent (and judges come from
 * the same model families as the agents). MCP tools keep their tool's name, without the
 * harness's way of prefixing it.
 */
export type NeutralToolName = 'shell' | 'read' | 'write' | 'edit' | 'search' | 'web-fetch' | 'web-search' | 'plan' | 'subagent' | 'skill' | 'memory' | 'ask' | `mcp:${string}` | 'tool';

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

/** Tools that are not files or shells, by what their names say they do (checked in this order). */
const OTHER_TOOLS: [RegExp, NeutralToolName][] = [
  [/web_?fetch|fetch_?url|url_?fetch/i, 'web-fetch'],
  [/web_?search|google_?search/i, 'web-search'],
  [/[Tt]odo|(^|_)plan|Plan(?=[A-Z]|$)/, 'plan'],
  [/^(task|agent)$|sub_?agent|collab|delegate/i, 'subagent'],
  [/skill/i, 'skill'],
  [/memory/i, 'memory'],
  [/ask_?user|question/i, 'ask'],
];

/** File tools by name, when the call names a file: edits before writes ("MultiEdit", "str_replace_based_edit"). */
const FILE_TOOLS: [RegExp, NeutralToolName][] = [
  [/edit|replace|patch|insert|update|notebook/i, 'edit'],
  [/write|create|save/i, 'write'],
  [/grep|glob|search|find|list|^ls$|directory/i, 'search'],
  [/read|view|cat|open/i, 'read'],
];

/** Argument fields a judge is shown, each under one name whatever the harness called it. */
const NEUTRAL_FIELDS: [string, readonly string[]][] = [
  ['path', ['file_path', 'filePath', 'absolute_path', 'path', 'target_file', 'notebook_path', 'dir_path', 'directory', 'file', 'filename']],
  ['paths', ['paths', 'file_paths', 'absolute_paths']],
  ['pattern', ['pattern', 'query', 'regex', 'glob', 'include']],
  ['content', ['content', 'file_text', 'text', 'contents']],
  ['old', ['old_string', 'old_str', 'oldText', 'old_text']],
  ['new', ['new_string', 'new_str', 'newText', 'new_text', 'new_source']],
  ['url', ['url']],
];

/** `bash -lc '<script>'` (how Codex runs every command) as the script alone; any other line as it is. */
export function unwrappedShellCommand(command: string): string {
  const words = splitShellWords(command);
  const shell = words[0]?.word.split('/').at(-1);
  if (words.length === 3 && !words.some((word) => word.operator) && /^(ba|z|da)?sh$/.test(shell ?? '') && /^-[a-z]*c$/.test(words[1]!.word)) return words[2]!.word;
  return command;
}

function fieldsShown(args: Record<string, unknown>): Record<string, unknown> {
  const shown: Record<string, unknown> = {};
  for (const [neutral, fields] of NEUTRAL_FIELDS) {
    const field = fields.find((name) => args[name] !== undefined && args[name] !== null && args[name] !== '');
    if (field !== undefined) shown[neutral] = args[field];
  }
  return shown;
}

/** Codex's `file_change`: `{changes: [{path, kind}]}`; all additions are a write, anything else an edit. */
function fileChanges(args: Record<string, unknown>): NeutralToolCall | undefined {
  if (!Array.isArray(args.changes) || args.changes.length === 0) return undefined;
  const changes = args.changes.map(argumentsRecord);
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

/** A tool call as a judge reads it: named by what it did, its arguments under neutral names. `mcpServers`: the run's MCP server names, when known. */
export function neutralToolCall(call: Pick<TrajectoryToolCall, 'name' | 'arguments'>, mcpServers?: readonly string[]): NeutralToolCall {
  const mcp = mcpToolOf(call.name, mcpServers);
  if (mcp !== undefined) return { name: `mcp:${mcp}`, shown: json(call.arguments) };
  for (const [pattern, name] of OTHER_TOOLS) if (pattern.test(call.name)) return { name, shown: json(call.arguments) };
  const action = toolCallAction(call);
  if (action.command !== null) return { name: 'shell', shown: unwrappedShellCommand(action.command) };
  const args = argumentsRecord(call.arguments);
  const changes = fileChanges(args);
  if (changes) return changes;
  const fields = fieldsShown(args);
  for (const [pattern, name] of FILE_TOOLS) {
    if (pattern.test(call.name)) return { name, shown: Object.keys(fields).length > 0 ? JSON.stringify(fields) : json(typeof call.arguments === 'string' ? call.arguments : '') };
  }
  return { name: 'tool', shown: json(call.arguments) };
}
