import type { ReplayAction } from '../../../schemas/replay-script.ts';
import type { PlannedReply } from './replay-session.ts';
import { offeredMcpToolName } from './offered-mcp-tool-name.ts';

/** A function the request offers the model: its name and the property names of its parameters. */
export interface OfferedFunction {
  name: string;
  parameters: Set<string>;
}

export interface GeminiPart {
  text?: string;
  functionCall?: { name: string; args: Record<string, unknown> };
}

/** One `GenerateContentResponse`, as the API sends it whole or as one chunk of a stream. */
export interface GeminiResponse {
  candidates: { content: { role: 'model'; parts: GeminiPart[] }; finishReason?: 'STOP'; index: 0 }[];
  usageMetadata: { promptTokenCount: number; candidatesTokenCount?: number; totalTokenCount: number };
  modelVersion: string;
  responseId: string;
}

/** A scripted action the asking CLI has no tool for: the script and the harness do not fit. */
export class UnplayableActionError extends Error {
  override name = 'UnplayableActionError';
}

function offeredTool(offered: Map<string, OfferedFunction>, name: string, action: ReplayAction['action']): OfferedFunction {
  const fn = offered.get(name);
  if (!fn) {
    throw new UnplayableActionError(
      `The script's "${action}" action needs the ${name} tool, but this request offers only: ${[...offered.keys()].join(', ') || 'no tools'}. Script this step as {"action": "tool"} with one of those names.`,
    );
  }
  return fn;
}

/** The first of `candidates` the function declares, else the first candidate (the current CLI's name). */
const parameterName = (fn: OfferedFunction, candidates: string[]): string => candidates.find((name) => fn.parameters.has(name)) ?? candidates[0]!;

/**
 * A portable action as one of Gemini CLI's own function calls: `read_file`, `write_file` and
 * `run_shell_command`, with the parameter names the offered declaration uses (older releases
 * called read_file's path `absolute_path`; current ones `file_path`).
 */
export function geminiFunctionCall(action: ReplayAction, offered: Map<string, OfferedFunction>): NonNullable<GeminiPart['functionCall']> {
  switch (action.action) {
    case 'read': {
      const fn = offeredTool(offered, 'read_file', action.action);
      return { name: fn.name, args: { [parameterName(fn, ['file_path', 'absolute_path', 'path'])]: action.path } };
    }
    case 'write': {
      const fn = offeredTool(offered, 'write_file', action.action);
      return { name: fn.name, args: { [parameterName(fn, ['file_path', 'absolute_path', 'path'])]: action.path, content: action.content } };
    }
    case 'shell': {
      const fn = offeredTool(offered, 'run_shell_command', action.action);
      return { name: fn.name, args: { command: action.command } };
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
  const { input, output } = reply.usage;
  return parts.map((chunkParts, index) => {
    const last = index === parts.length - 1;
    return {
      candidates: [{ content: { role: 'model', parts: chunkParts }, ...(last ? { finishReason: 'STOP' as const } : {}), index: 0 }],
      usageMetadata: last ? { promptTokenCount: input, candidatesTokenCount: output, totalTokenCount: input + output } : { promptTokenCount: input, totalTokenCount: input },
      modelVersion: context.model,
      responseId: context.responseId,
    };
  });
}

/** The same reply in one response (`:generateContent`). */
export function geminiReply(reply: PlannedReply, context: ReplyContext): GeminiResponse {
  const chunks = geminiReplyChunks(reply, context);
  const parts = mergeTextParts(chunks.flatMap((chunk) => chunk.candidates[0]!.content.parts));
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

/** One server-sent event of a `?alt=sse` stream, framed as the API frames it. */
export const formatGeminiSse = (chunk: unknown): string => `data: ${JSON.stringify(chunk)}\r\n\r\n`;
