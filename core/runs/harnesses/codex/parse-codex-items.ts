import type { TrajectoryToolCall } from '../../../../schemas/trajectory.ts';
import { capText } from '../../trajectory/bounded-text.ts';
import { mcpToolName } from '../../trajectory/mcp-tool-name.ts';

/**
 * The tool-like items of `codex exec --json` (its `ThreadItem`s) as trajectory tool calls.
 * Codex says how each ended: a command's `exit_code` and `status` (`failed` when it exited
 * non-zero, `declined` when refused), a patch's `status`, an MCP call's `error`.
 */

export type CodexItem = Record<string, unknown> & { id: string; type: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Item types that are tool calls; the rest are the agent's words, its plan, or notices. */
export const TOOL_ITEM_TYPES = new Set(['command_execution', 'file_change', 'mcp_tool_call', 'collab_tool_call', 'web_search']);

/** The item types that are known and deliberately not tool calls. */
export const OTHER_ITEM_TYPES = new Set(['agent_message', 'reasoning', 'plan', 'todo_list', 'error']);

const FINISHED = new Set(['completed', 'failed', 'declined']);

/**
 * An MCP tool (the verifier, a build tool) that reports a failed command in its text rather than
 * as an error: an explicit non-zero exit code near the start or end of what it says.
 */
function textShowsExitCode(result: string | null): number | null {
  if (!result) return null;
  const ends = result.length > 8192 ? `${result.slice(0, 4096)}\n${result.slice(-4096)}` : result;
  const match = /\bexit(?:ed)?(?: with)? (?:code|status)[:=]? *(-?\d+)\b/i.exec(ends);
  const code = match ? Number(match[1]) : 0;
  return code === 0 ? null : code;
}

/** Whether Codex reports the item as over (an item without a status, like web_search, is over when completed). */
export function itemFinished(item: CodexItem, event: string): boolean {
  const status = text(item.status);
  return status ? FINISHED.has(status) : event === 'item.completed';
}

function commandCall(item: CodexItem): Partial<TrajectoryToolCall> {
  const exitCode = typeof item.exit_code === 'number' && Number.isInteger(item.exit_code) ? item.exit_code : null;
  const status = text(item.status);
  const failure = exitCode !== null && exitCode !== 0 ? `exit code ${exitCode}` : status === 'failed' || status === 'declined' ? `status ${status}` : null;
  return { name: 'command_execution', arguments: { command: item.command }, result: text(item.aggregated_output), exitCode, failure };
}

function fileChangeCall(item: CodexItem): Partial<TrajectoryToolCall> {
  const changes = Array.isArray(item.changes) ? item.changes.filter(isRecord) : [];
  const result = changes.map((change) => `${String(change.kind)} ${String(change.path)}`).join('\n');
  return { name: 'file_change', arguments: { changes }, result, failure: item.status === 'failed' ? 'status failed' : null };
}

/** An MCP result's text: its text blocks, else its structured content as JSON. */
function mcpResultText(result: unknown): string | null {
  if (!isRecord(result)) return null;
  const blocks = Array.isArray(result.content) ? result.content.filter(isRecord) : [];
  const texts = blocks.map((block) => (typeof block.text === 'string' ? block.text : JSON.stringify(block)));
  if (texts.length > 0) return texts.join('\n');
  return result.structured_content === undefined || result.structured_content === null ? '' : JSON.stringify(result.structured_content);
}

function mcpCall(item: CodexItem): Partial<TrajectoryToolCall> {
  const error = isRecord(item.error) ? text(item.error.message) : null;
  const result = error ?? mcpResultText(item.result);
  const name = mcpToolName(String(item.server), String(item.tool));
  if (error !== null || item.status === 'failed') return { name, arguments: item.arguments ?? {}, result, failure: error ? `error: ${error}` : 'status failed' };
  const exitCode = textShowsExitCode(result);
  return { name, arguments: item.arguments ?? {}, result, failure: exitCode === null ? null : `exit code ${exitCode}`, exitCode };
}

function collabCall(item: CodexItem): Partial<TrajectoryToolCall> {
  const states = isRecord(item.agents_states) ? item.agents_states : {};
  return {
    name: String(item.tool ?? 'collab_tool_call'),
    arguments: { prompt: item.prompt ?? null, receivers: item.receiver_thread_ids ?? [] },
    result: Object.keys(states).length > 0 ? JSON.stringify(states) : null,
    failure: item.status === 'failed' ? 'status failed' : null,
  };
}

/** The tool call an item is now: in progress (no result yet) or finished (result, ok, failure). */
export function toolCallOf(item: CodexItem, finished: boolean): TrajectoryToolCall {
  let fields: Partial<TrajectoryToolCall>;
  switch (item.type) {
    case 'command_execution':
      fields = commandCall(item);
      break;
    case 'file_change':
      fields = fileChangeCall(item);
      break;
    case 'mcp_tool_call':
      fields = mcpCall(item);
      break;
    case 'collab_tool_call':
      fields = collabCall(item);
      break;
    default:
      fields = { name: item.type, arguments: { query: item.query ?? null, action: item.action ?? null }, result: null, failure: null };
  }
  const result = finished && fields.result !== null && fields.result !== undefined ? capText(fields.result) : null;
  const failure = finished ? (fields.failure ?? null) : null;
  return {
    id: item.id,
    name: fields.name ?? item.type,
    arguments: fields.arguments ?? null,
    result,
    ok: failure === null,
    failure,
    exitCode: finished ? (fields.exitCode ?? null) : null,
    durationMs: null,
  };
}
