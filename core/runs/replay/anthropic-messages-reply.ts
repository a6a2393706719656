import { createHash } from 'node:crypto';
import type { ReplayAction } from '../../../schemas/replay-script.ts';
import type { PlannedReply } from './replay-session.ts';
import { offeredMcpToolName } from './offered-mcp-tool-name.ts';
import { offeredScriptedToolCall } from './offered-scripted-tool-call.ts';

/** A content block of an assistant message, as the Messages API returns it. */
export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface AnthropicMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicContentBlock[];
  stop_reason: 'end_turn' | 'tool_use';
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number; cache_creation_input_tokens: number; cache_read_input_tokens: number };
}

/** A portable action the request's tools cannot carry out: the script and the harness disagree. */
export class UnplayableActionError extends Error {
  override name = 'UnplayableActionError';
}

/**
 * The tool a portable action becomes, chosen among the tools the request offers: the asking
 * CLI's own (Claude Code's Read, Write and Bash), as its adapter says to call them.
 */
function toToolUse(action: ReplayAction, offered: ReadonlySet<string>): { name: string; input: Record<string, unknown> } {
  const unplayable = ([needed, ...others]: readonly string[]): never => {
    const list = offered.size ? [...offered].join(', ') : 'none';
    const or = others.length > 0 ? ` (or ${others.map((name) => `"${name}"`).join(', ')})` : '';
    throw new UnplayableActionError(`The replay script's "${action.action}" action needs a "${needed}" tool${or}, but this request offers: ${list}.`);
  };
  const pick = (name: string): string => (offered.has(name) ? name : unplayable([name]));
  switch (action.action) {
    case 'read':
    case 'write':
    case 'shell': {
      const played = offeredScriptedToolCall(action, offered);
      return played.ok ? { name: played.call.name, input: played.call.arguments } : unplayable(played.wanted);
    }
    case 'tool':
      return { name: pick(action.name), input: action.arguments };
    case 'mcp':
      return { name: pick(offeredMcpToolName(offered, action.server, action.tool).name), input: action.arguments };
  }
}

/** Ids stable for a session and turn, so a retried request gets the same message again. */
function stableId(prefix: string, sessionId: string, turn: number, index: number): string {
  const digest = createHash('sha256').update(`${sessionId}\u0000${turn}\u0000${index}`).digest('base64url').slice(0, 24);
  return `${prefix}_${digest}`;
}

/** The assistant message a planned reply becomes for a request that offered `offered` tools. */
export function buildAnthropicMessage(reply: PlannedReply, context: { sessionId: string; turn: number; model: string; offered: ReadonlySet<string> }): AnthropicMessage {
  const content: AnthropicContentBlock[] = [];
  if (reply.text || reply.calls.length === 0) content.push({ type: 'text', text: reply.text });
  reply.calls.forEach((call, index) => {
    const { name, input } = toToolUse(call, context.offered);
    content.push({ type: 'tool_use', id: stableId('toolu', context.sessionId, context.turn, index), name, input });
  });
  return {
    id: stableId('msg', context.sessionId, context.turn, -1),
    type: 'message',
    role: 'assistant',
    model: context.model,
    content,
    stop_reason: reply.calls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    // The Messages API counts cache reads apart from `input_tokens`.
    usage: { input_tokens: reply.usage.input - (reply.usage.cachedInput ?? 0), output_tokens: reply.usage.output, cache_creation_input_tokens: 0, cache_read_input_tokens: reply.usage.cachedInput ?? 0 },
  };
}

/** Cuts a string into a few pieces, as the API streams text and tool input in chunks. */
function chunks(value: string, pieces: number): string[] {
  if (value.length === 0) return [];
  const size = Math.max(1, Math.ceil(value.length / pieces));
  const out: string[] = [];
  for (let at = 0; at < value.length; at += size) out.push(value.slice(at, at + size));
  return out;
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * The server-sent events the Messages API streams for `message`: message_start (usage so far,
 * no content), a ping, then per block content_block_start / *_delta / content_block_stop (text as
 * text_delta, tool input as input_json_delta fragments of its JSON), message_delta with the stop
 * reason and final usage, message_stop.
 */
export function anthropicStreamEvents(message: AnthropicMessage): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown>) => events.push({ event, data: { type: event, ...data } });
  push('message_start', {
    message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...message.usage, output_tokens: 1 } },
  });
  push('ping', {});
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      push('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const text of chunks(block.text, 3)) push('content_block_delta', { index, delta: { type: 'text_delta', text } });
    } else {
      push('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      for (const partial_json of chunks(JSON.stringify(block.input), 3)) push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    }
    push('content_block_stop', { index });
  });
  push('message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { ...message.usage },
  });
  push('message_stop', {});
  return events;
}

export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
