import { createHash } from 'node:crypto';
import type { ReplayAction } from '../../../schemas/replay-script.ts';
import { anthropicMessage, type AnthropicMessage, type AnthropicReplyBlock } from '../../model-apis/anthropic-messages/anthropic-messages-server.ts';
import type { PlannedReply } from './replay-session.ts';
import { offeredMcpToolName } from './offered-mcp-tool-name.ts';
import { offeredScriptedToolCall } from './offered-scripted-tool-call.ts';

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
export function buildAnthropicMessage(reply: PlannedReply, context: { sessionId: string; turn: number; model: string; offered: ReadonlySet<string> }): AnthropicMessage<AnthropicReplyBlock> {
  const content: AnthropicReplyBlock[] = [];
  if (reply.text || reply.calls.length === 0) content.push({ type: 'text', text: reply.text });
  reply.calls.forEach((call, index) => {
    const { name, input } = toToolUse(call, context.offered);
    content.push({ type: 'tool_use', id: stableId('toolu', context.sessionId, context.turn, index), name, input });
  });
  return anthropicMessage(stableId('msg', context.sessionId, context.turn, -1), context.model, content, reply.calls.length > 0 ? 'tool_use' : 'end_turn', reply.usage);
}
