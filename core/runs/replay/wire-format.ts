import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReplaySession } from './replay-session.ts';

/** What a wire format's handler gets: the request (body already read and parsed), its session, the response. */
export interface WireRequest {
  method: string;
  /** The path after the session prefix, e.g. `/v1/messages` or `/v1beta/models/m:streamGenerateContent`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The JSON body, or `undefined` for an empty one. */
  body: unknown;
  session: ReplaySession;
  res: ServerResponse;
}

/**
 * One model API the scripted server speaks (Anthropic Messages, OpenAI Responses, Gemini).
 * `matches` claims the paths it answers; `handle` answers them, streaming when asked to.
 */
export interface WireFormat {
  name: 'anthropic' | 'openai-responses' | 'gemini';
  matches(method: string, path: string): boolean;
  handle(request: WireRequest): Promise<void> | void;
}
