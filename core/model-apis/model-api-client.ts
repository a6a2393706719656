import type { z } from 'zod';

/**
 * What a client asks a model, whichever API carries it: a system text and a conversation of text
 * and images, with a limit on the reply. The judge's requests are these (plus their signal).
 */
export type PromptPart = { type: 'text'; text: string } | { type: 'image'; mediaType: 'image/png' | 'image/jpeg' | 'image/webp'; data: Buffer };

export interface PromptTurn {
  role: 'user' | 'assistant';
  content: PromptPart[];
}

export interface ModelPrompt {
  system: string;
  turns: PromptTurn[];
  maxOutputTokens: number;
}

/** What a reply says, read out of its API's shape. */
export interface ModelAnswer {
  text: string;
  usage: { input: number; output: number };
  /** The model the API says answered (may differ from the one asked for, e.g. a dated snapshot). */
  model: string | null;
  /** Why the model stopped, in the API's own words. */
  stopReason: string | null;
}

/** A reply with an answer, or with none to use and why (the model declined, a filter withheld it). */
export type ReplyReading = ModelAnswer | { refused: string };

/**
 * One model API as a client speaks it: where a request goes, its headers and body, the schema a
 * 2xx reply must match, and what a matching reply says. Each API's folder exports one; the
 * judge's providers send through it.
 */
export interface ModelApiClient<Reply = unknown> {
  /** How messages name the API: `Anthropic Messages`. */
  readonly name: string;
  /** The API's own service (OpenAI-compatible servers have their own). */
  readonly defaultBaseUrl: string;
  /** The variable its key is usually kept in. */
  readonly defaultKeyVariable: string;
  url(baseUrl: string, model: string): string;
  /** The key's header (none when there is no key), and any the API requires. */
  headers(apiKey: string | null): Record<string, string>;
  body(model: string, prompt: ModelPrompt): Record<string, unknown>;
  readonly replySchema: z.ZodType<Reply>;
  read(reply: Reply): ReplyReading;
}
