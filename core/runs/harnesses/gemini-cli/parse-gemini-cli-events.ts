import { z } from 'zod';

/**
 * The events of Gemini CLI's `--output-format stream-json` (one JSON object a line), as 0.61
 * writes them. Only the fields the parser reads are checked; the CLI may add others.
 */
const timestamp = z.string().optional();

export const GeminiInitEventSchema = z.looseObject({ type: z.literal('init'), timestamp, session_id: z.string().optional(), model: z.string().optional() });

export const GeminiMessageEventSchema = z.looseObject({
  type: z.literal('message'),
  timestamp,
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  delta: z.boolean().optional(),
});

export const GeminiToolUseEventSchema = z.looseObject({
  type: z.literal('tool_use'),
  timestamp,
  tool_name: z.string().min(1),
  tool_id: z.string().min(1),
  parameters: z.unknown().optional(),
});

export const GeminiToolResultEventSchema = z.looseObject({
  type: z.literal('tool_result'),
  timestamp,
  tool_id: z.string().min(1),
  status: z.string(),
  output: z.string().optional(),
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }).optional(),
});

/** A warning or error the CLI reports mid-run (loop detected, session turn limit, invalid stream). */
export const GeminiErrorEventSchema = z.looseObject({ type: z.literal('error'), timestamp, severity: z.string().optional(), message: z.string().optional() });

const count = z.number().int().min(0).optional();

/** One model's figures in `stats.models`, the same fields as the run's. */
const GeminiModelStatsSchema = z.looseObject({ total_tokens: count, input_tokens: count, output_tokens: count, cached: count, input: count });

export const GeminiResultEventSchema = z.looseObject({
  type: z.literal('result'),
  timestamp,
  status: z.string(),
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional() }).optional(),
  stats: z
    .looseObject({
      /** The API's totalTokenCount summed: prompt, candidates, thinking and tool-use prompt tokens. */
      total_tokens: count,
      /** Prompt tokens, cached ones included. */
      input_tokens: count,
      /** Candidate tokens, thinking excluded (total_tokens holds it, with tool-use prompt tokens). */
      output_tokens: count,
      cached: count,
      /** Prompt tokens not served from the cache. */
      input: count,
      duration_ms: z.number().min(0).optional(),
      tool_calls: count,
      models: z.record(z.string(), GeminiModelStatsSchema).optional(),
    })
    .optional(),
});

export const GeminiStreamEventSchema = z.discriminatedUnion('type', [
  GeminiInitEventSchema,
  GeminiMessageEventSchema,
  GeminiToolUseEventSchema,
  GeminiToolResultEventSchema,
  GeminiErrorEventSchema,
  GeminiResultEventSchema,
]);
export type GeminiStreamEvent = z.infer<typeof GeminiStreamEventSchema>;

export const GEMINI_EVENT_TYPES = new Set(['init', 'message', 'tool_use', 'tool_result', 'error', 'result']);
