import type { ReplayAction } from '../../../schemas/replay-script.ts';
import { geminiResponse, type GeminiPart, type GeminiResponse } from '../../model-apis/gemini-generate/gemini-generate-server.ts';
import type { PlannedReply } from './replay-session.ts';
import { offeredMcpToolName } from './offered-mcp-tool-name.ts';
import { offeredScriptedToolCall } from './offered-scripted-tool-call.ts';

/** A function the request offers the model: its name and the property names of its parameters. */
export interface OfferedFunction {
  name: string;
  parameters: Set<string>;
}

/** A scripted action the asking CLI has no tool for: the script and the harness do not fit. */
export class UnplayableActionError extends Error {
  override name = 'UnplayableActionError';
}

function unplayable(offered: Map<string, OfferedFunction>, needed: string, action: ReplayAction['action']): never {
  throw new UnplayableActionError(
    `The script's "${action}" action needs the ${needed} tool, but this request offers only: ${[...offered.keys()].join(', ') || 'no tools'}. Script this step as {"action": "tool"} with one of those names.`,
  );
}

function offeredTool(offered: Map<string, OfferedFunction>, name: string, action: ReplayAction['action']): OfferedFunction {
  return offered.get(name) ?? unplayable(offered, name, action);
}

/**
 * A scripted action as one of the asking CLI's own function calls (Gemini CLI's `read_file`,
 * `write_file` and `run_shell_command`, as its adapter says to call them), with the parameter
 * names the offered declaration uses.
 */
export function geminiFunctionCall(action: ReplayAction, offered: Map<string, OfferedFunction>): NonNullable<GeminiPart['functionCall']> {
  switch (action.action) {
    case 'read':
    case 'write':
    case 'shell': {
      const played = offeredScriptedToolCall(action, offered, (tool) => offered.get(tool)?.parameters);
      return played.ok ? { name: played.call.name, args: played.call.arguments } : unplayable(offered, played.wanted.join(' or '), action.action);
    }
    case 'tool':
      offeredTool(offered, action.name, action.action);
      return { name: action.name, args: action.arguments };
    case 'mcp': {
      const fn = offeredTool(offered, offeredMcpToolName(offered, action.server, action.tool).name, action.action);
      return { name: fn.name, args: action.arguments };
    }
  }
}

export interface ReplyContext {
  model: string;
  responseId: string;
  offered: Map<string, OfferedFunction>;
}

/**
 * The chunks a streamed reply arrives in, the way the Gemini API streams: the text in pieces,
 * then the function calls (whole, never split), with `finishReason` and the final usage on the
 * last chunk. Concatenating the chunks' parts gives the whole reply.
 */
export function geminiReplyChunks(reply: PlannedReply, context: ReplyContext): GeminiResponse[] {
  const calls: GeminiPart[] = reply.calls.map((action) => ({ functionCall: geminiFunctionCall(action, context.offered) }));
  const pieces = splitText(reply.text);
  const parts: GeminiPart[][] = pieces.map((text) => [{ text }]);
  if (calls.length > 0) parts.push(calls);
  // A reply must carry something, or the CLI reports an empty response and retries.
  if (parts.length === 0) parts.push([{ text: '' }]);
  const { input } = reply.usage;
  const cached = reply.usage.cachedInput ? { cachedContentTokenCount: reply.usage.cachedInput } : {};
  return parts.map((chunkParts, index) => {
    const content = { role: 'model' as const, parts: chunkParts };
    // The last chunk carries the finish reason and the whole usage; those before it, the prompt's only.
    if (index === parts.length - 1) return geminiResponse(context.responseId, context.model, { content, finishReason: 'STOP', index: 0 }, reply.usage);
    return { candidates: [{ content, index: 0 }], usageMetadata: { promptTokenCount: input, ...cached, totalTokenCount: input }, modelVersion: context.model, responseId: context.responseId };
  });
}

/** The same reply in one response (`:generateContent`). */
export function geminiReply(reply: PlannedReply, context: ReplyContext): GeminiResponse {
  const chunks = geminiReplyChunks(reply, context);
  const parts = mergeTextParts(chunks.flatMap((chunk) => chunk.candidates[0]!.content?.parts ?? []));
  const last = chunks.at(-1)!;
  return { ...last, candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }] };
}

/** Text in two pieces at a space near the middle (so clients must join deltas), or whole when short. */
function splitText(text: string): string[] {
  if (text === '') return [];
  const middle = text.indexOf(' ', Math.floor(text.length / 2));
  return middle > 0 && middle < text.length - 1 ? [text.slice(0, middle + 1), text.slice(middle + 1)] : [text];
}

function mergeTextParts(parts: GeminiPart[]): GeminiPart[] {
  const merged: GeminiPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (part.text !== undefined && previous?.text !== undefined) previous.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}
