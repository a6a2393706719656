import { z } from 'zod';

/**
 * The events of `claude -p --output-format stream-json --verbose`, as far as the trajectory needs
 * them. Unknown fields are dropped, never refused: Claude Code adds fields often, and a new field
 * must not lose a line. (Stripping, not passing through, also keeps parsing a 200 MB transcript fast.)
 */

const UsageSchema = z.object({
  input_tokens: z.number().optional(),
  output_tokens: z.number().optional(),
  cache_creation_input_tokens: z.number().nullish(),
  cache_read_input_tokens: z.number().nullish(),
});
export type ClaudeUsage = z.infer<typeof UsageSchema>;

/** A content block is read by its `type` first, then by the schema for that type. */
const BlockSchema = z.unknown();

export const TextBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
export const ToolUseBlockSchema = z.object({ type: z.literal('tool_use'), id: z.string().min(1), name: z.string().min(1), input: z.unknown() });
export const ToolResultBlockSchema = z.object({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z.unknown().optional(),
  is_error: z.boolean().nullish(),
});

const SystemEventSchema = z.object({
  type: z.literal('system'),
  subtype: z.string().optional(),
  model: z.string().optional(),
  session_id: z.string().optional(),
  claude_code_version: z.string().optional(),
});

const AssistantEventSchema = z.object({
  type: z.literal('assistant'),
  message: z.object({
    id: z.string().optional(),
    model: z.string().optional(),
    content: z.array(BlockSchema),
    usage: UsageSchema.nullish(),
  }),
  session_id: z.string().optional(),
  timestamp: z.string().optional(),
});

const UserEventSchema = z.object({
  type: z.literal('user'),
  message: z.object({ content: z.union([z.string(), z.array(BlockSchema)]) }),
  /** Claude Code's structured result of the tool (Bash: `{stdout, stderr, interrupted}`; a failure: a string). */
  tool_use_result: z.unknown().optional(),
  timestamp: z.string().optional(),
});

/** One model's totals in the result event's `modelUsage`: every call of that model, sub-agents' included. */
const ModelUsageEntrySchema = z.object({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  cacheReadInputTokens: z.number().nullish(),
  cacheCreationInputTokens: z.number().nullish(),
  costUSD: z.number().nullish(),
});
export type ClaudeModelUsage = z.infer<typeof ModelUsageEntrySchema>;

const ResultEventSchema = z.object({
  type: z.literal('result'),
  subtype: z.string().optional(),
  is_error: z.boolean().optional(),
  duration_ms: z.number().optional(),
  total_cost_usd: z.number().optional(),
  /** The main thread's usage only: a sub-agent's calls (a Haiku Explore agent) are not in it. */
  usage: UsageSchema.nullish(),
  /** Per model, over the whole session: what total_cost_usd is the cost of. */
  modelUsage: z.record(z.string(), ModelUsageEntrySchema).nullish(),
  session_id: z.string().optional(),
  result: z.string().optional(),
});

export const ClaudeEventSchema = z.discriminatedUnion('type', [SystemEventSchema, AssistantEventSchema, UserEventSchema, ResultEventSchema]);
export type ClaudeEvent = z.infer<typeof ClaudeEventSchema>;
export type AssistantEvent = z.infer<typeof AssistantEventSchema>;
export type UserEvent = z.infer<typeof UserEventSchema>;
export type ResultEvent = z.infer<typeof ResultEventSchema>;

export const KNOWN_EVENT_TYPES = new Set(['system', 'assistant', 'user', 'result']);

/**
 * Events Claude Code streams that carry nothing for the trajectory: partial message chunks
 * (`--include-partial-messages`), rate-limit notices, tool progress ticks. Skipped without a warning.
 */
export const IGNORED_EVENT_TYPES = new Set(['stream_event', 'rate_limit_event', 'tool_progress', 'keep_alive']);
