import type { ModelUsage, TokenCounts, Trajectory, TrajectoryStep, TrajectoryToolCall } from '../../../../schemas/trajectory.ts';
import {
  ClaudeEventSchema,
  IGNORED_EVENT_TYPES,
  KNOWN_EVENT_TYPES,
  TextBlockSchema,
  ToolResultBlockSchema,
  ToolUseBlockSchema,
  type AssistantEvent,
  type ClaudeModelUsage,
  type ClaudeUsage,
  type ResultEvent,
  type UserEvent,
} from './parse-claude-code-events.ts';
import { capText } from '../../trajectory/bounded-text.ts';
import { judgeToolResult, toolResultText } from './parse-claude-code-tool-result.ts';
import { firstNonSpace, lineText, parseJsonLine, type TranscriptLine } from '../../trajectory/transcript-line.ts';
import type { TranscriptParser, TranscriptParserOptions } from '../../trajectory/transcript-parser.ts';
import { addTokens, totalOfModels, usageOfSteps } from '../../trajectory/token-sums.ts';
import { KeptSteps, type TrajectoryLimits } from '../../trajectory/kept-steps.ts';
import { trajectoryToolName } from '../../trajectory/mcp-tool-name.ts';
import type { HarnessAdapter } from '../harness-adapter.ts';

/**
 * `tool_use_result` repeats a tool's whole output (Bash's stdout, a read file's content) beside
 * the tool_result block the trajectory keeps; only its flags (`interrupted`) are read, so a long
 * line's reader may leave its long strings undecoded.
 */
const UNREAD_KEYS: ReadonlySet<string> = new Set(['tool_use_result']);

/** Messages left out of the trajectory whose later events are still matched to them (sub-agents interleave). */
const OMITTED_MESSAGES_FOLLOWED = 64;

/** A call's verdict when no result came for it. */
const NO_RESULT = { ok: false, failure: 'no result: the run ended before the tool returned' } as const;

/** Non-JSON lines named one by one in the warnings; the rest are counted. */
const NAMED_BAD_LINES = 5;

const toTokens = (usage: ClaudeUsage | null | undefined): TokenCounts => ({
  input: usage?.input_tokens ?? 0,
  output: usage?.output_tokens ?? 0,
  cacheRead: usage?.cache_read_input_tokens ?? 0,
  cacheWrite: usage?.cache_creation_input_tokens ?? 0,
});

const fromModelUsage = (usage: ClaudeModelUsage): ModelUsage => ({
  input: usage.inputTokens ?? 0,
  output: usage.outputTokens ?? 0,
  cacheRead: usage.cacheReadInputTokens ?? 0,
  cacheWrite: usage.cacheCreationInputTokens ?? 0,
  costUsd: usage.costUSD ?? null,
});

const snippet = (line: string): string => JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);

const millis = (iso: string | null | undefined): number | null => {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(at) ? null : at;
};

/**
 * Claude Code's stream-json transcript → the normalised trajectory. Claude Code streams one
 * `assistant` event per content block, all with the API message's id: they become one agent step.
 * Tool results arrive in `user` events and are matched to their call by `tool_use_id`. A
 * sub-agent's messages (`parent_tool_use_id` set, often another model) are steps of the run like
 * the main thread's. The final `result` event carries the cost, duration and verdict, and
 * `modelUsage`, every model's tokens: the run's totals. Its `usage` is the main thread's alone,
 * so it is not read. Without modelUsage the totals are the messages' own usage summed, which is
 * the API's message_start usage (output tokens not yet counted).
 */
class ClaudeCodeParser implements TranscriptParser {
  readonly unreadKeys = UNREAD_KEYS;
  private lineNo = 0;
  private readonly steps: KeptSteps<TrajectoryStep>;
  private readonly stepByMessageId = new Map<string, TrajectoryStep>();
  /**
   * The latest messages whose steps were left out (kept-steps.ts), by id: their later events still
   * go to them, and each one's last usage is added to `omittedUsage` when it is forgotten.
   */
  private readonly omittedByMessageId = new Map<string, TrajectoryStep>();
  private readonly omittedUsage: TrajectoryStep[] = [];
  private readonly callById = new Map<string, { call: TrajectoryToolCall; startedAt: number | null }>();
  private readonly warnings: string[] = [];
  private readonly unknownTypes = new Map<string, { count: number; firstLine: number }>();
  private badLines = 0;
  /** A line that would not parse, held back: it is a cut-off last line if nothing follows it. */
  private pendingBadLine: { lineNo: number; text: string } | null = null;
  private model: string | null = null;
  private sessionId: string | null = null;
  private version: string | null = null;
  private result: ResultEvent | null = null;

  /** `harness`: the adapter, whose MCP tool naming it reads names back by; `mcpServers`: the run's MCP server names, when known, to split them by. */
  constructor(
    private readonly harness: Pick<HarnessAdapter, 'parseMcpToolName'>,
    private readonly mcpServers: readonly string[],
    limits: TrajectoryLimits | undefined,
  ) {
    // A left-out call awaited too long gets the verdict the run's end gives a call with no result.
    this.steps = new KeptSteps(limits, (call) => {
      if (this.callById.get(call.id)?.call === call) this.callById.delete(call.id);
      Object.assign(call, NO_RESULT);
    });
  }

  push(line: TranscriptLine): void {
    this.lineNo += 1;
    if (firstNonSpace(line) === -1) return;
    this.flushBadLine();
    let value: unknown;
    try {
      value = parseJsonLine(line, UNREAD_KEYS);
    } catch {
      const text = lineText(line);
      this.pendingBadLine = { lineNo: this.lineNo, text: text.endsWith('\r') ? text.slice(0, -1) : text };
      return;
    }
    this.handle(value);
  }

  finish(options: { partialLastLine?: boolean } = {}): Trajectory {
    if (this.pendingBadLine && options.partialLastLine) {
      this.warnings.push(`The transcript ends mid-line: line ${this.pendingBadLine.lineNo} (${this.pendingBadLine.text.length} characters) was cut off and skipped.`);
      this.pendingBadLine = null;
    }
    this.flushBadLine();
    if (this.badLines > NAMED_BAD_LINES) this.warnings.push(`${this.badLines - NAMED_BAD_LINES} more lines were not JSON and were skipped.`);
    for (const [type, { count, firstLine }] of this.unknownTypes) {
      this.warnings.push(`Unknown event type "${type}" skipped (${count} line${count === 1 ? '' : 's'}, first at line ${firstLine}).`);
    }
    if (!this.result) this.warnings.push('No result event: Claude Code stopped before reporting how the run ended.');
    for (const { call } of this.callById.values()) {
      if (call.result === null && call.ok) Object.assign(call, NO_RESULT);
    }
    for (const step of this.omittedByMessageId.values()) this.forgetOmitted(step);
    const omitted = this.steps.omitted();
    const usageByModel = this.result?.modelUsage ? Object.fromEntries(Object.entries(this.result.modelUsage).map(([model, usage]) => [model, fromModelUsage(usage)])) : usageOfSteps([...this.steps.kept, ...this.omittedUsage], this.model);
    return {
      format: 'lhb-trajectory/1',
      harness: 'claude-code',
      harnessVersion: this.version,
      model: this.model,
      sessionId: this.sessionId,
      steps: this.steps.kept,
      tokens: totalOfModels(usageByModel),
      usageByModel,
      costUsd: this.result?.total_cost_usd ?? null,
      durationMs: this.result?.duration_ms ?? null,
      outcome: this.result ? (this.result.is_error || (this.result.subtype && this.result.subtype !== 'success') ? 'failed' : 'completed') : 'unknown',
      warnings: this.warnings,
      ...(omitted ? { omitted } : {}),
    };
  }

  private flushBadLine(): void {
    if (!this.pendingBadLine) return;
    this.badLines += 1;
    if (this.badLines <= NAMED_BAD_LINES) this.warnings.push(`Line ${this.pendingBadLine.lineNo} is not JSON (stderr?) and was skipped: ${snippet(this.pendingBadLine.text)}`);
    this.pendingBadLine = null;
  }

  private handle(value: unknown): void {
    const type = (value as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !KNOWN_EVENT_TYPES.has(type)) {
      if (typeof type === 'string' && IGNORED_EVENT_TYPES.has(type)) return;
      const name = typeof type === 'string' ? type : '(none)';
      const seen = this.unknownTypes.get(name);
      if (seen) seen.count += 1;
      else this.unknownTypes.set(name, { count: 1, firstLine: this.lineNo });
      return;
    }
    const parsed = ClaudeEventSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.warnings.push(`Line ${this.lineNo}: a "${type}" event of an unexpected shape was skipped (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}).`);
      return;
    }
    const event = parsed.data;
    switch (event.type) {
      case 'system':
        if (event.subtype === 'init') {
          this.model = event.model ?? this.model;
          this.sessionId = event.session_id ?? this.sessionId;
          this.version = event.claude_code_version ?? this.version;
        }
        return;
      case 'assistant':
        this.onAssistant(event);
        return;
      case 'user':
        this.onUser(event);
        return;
      case 'result':
        this.result = event;
        this.sessionId ??= event.session_id ?? null;
        return;
    }
  }

  private newStep(source: TrajectoryStep['source'], timestamp: string | null): TrajectoryStep {
    const step: TrajectoryStep = { index: this.steps.total, source, text: '', toolCalls: [], timestamp, tokens: null };
    this.steps.add(step);
    return step;
  }

  /** A left-out step's text is dropped at once; its usage is kept, by model, for the totals without modelUsage. */
  private forgetOmitted(step: TrajectoryStep): void {
    if (step.tokens) {
      const same = this.omittedUsage.find((other) => other.model === step.model);
      if (same) same.tokens = addTokens(same.tokens, step.tokens);
      else this.omittedUsage.push({ index: 0, source: 'agent', text: '', toolCalls: [], timestamp: null, tokens: step.tokens, ...(step.model ? { model: step.model } : {}) });
    }
  }

  private onAssistant(event: AssistantEvent): void {
    const { message } = event;
    this.model ??= message.model ?? null;
    const known = message.id ? (this.stepByMessageId.get(message.id) ?? this.omittedByMessageId.get(message.id)) : undefined;
    const step = known ?? this.newStep('agent', event.timestamp ?? null);
    if (!known && message.id) {
      if (step.index < this.steps.kept.length) this.stepByMessageId.set(message.id, step);
      else {
        this.omittedByMessageId.set(message.id, step);
        if (this.omittedByMessageId.size > OMITTED_MESSAGES_FOLLOWED) {
          const [oldestId, oldest] = this.omittedByMessageId.entries().next().value!;
          this.omittedByMessageId.delete(oldestId);
          this.forgetOmitted(oldest);
        }
      }
    }
    if (message.model) step.model = message.model;
    // Every event of a message repeats its usage so far; the latest one is kept, never summed.
    if (message.usage) step.tokens = toTokens(message.usage);
    for (const block of message.content) {
      const type = (block as { type?: unknown } | null)?.type;
      // Checked by type first: a failed zod parse builds its issues, which costs on a long transcript.
      if (type === 'text') {
        const text = TextBlockSchema.safeParse(block);
        if (text.success) step.text = step.text ? `${step.text}\n\n${text.data.text}` : text.data.text;
        continue;
      }
      if (type !== 'tool_use') continue; // thinking and other blocks carry no action
      const use = ToolUseBlockSchema.safeParse(block);
      if (!use.success) {
        this.warnings.push(`Line ${this.lineNo}: a tool_use block without an id or name was skipped.`);
        continue;
      }
      const call: TrajectoryToolCall = { id: use.data.id, name: trajectoryToolName(this.harness, use.data.name, this.mcpServers), arguments: use.data.input ?? {}, result: null, ok: true, failure: null, exitCode: null, durationMs: null };
      this.steps.addCall(step, call);
      this.callById.set(call.id, { call, startedAt: millis(event.timestamp) });
    }
    // A left-out step no later event can name is forgotten at once.
    if (!message.id && step.index >= this.steps.kept.length) this.forgetOmitted(step);
  }

  private onUser(event: UserEvent): void {
    const { content } = event.message;
    const texts: string[] = [];
    if (typeof content === 'string') texts.push(content);
    else {
      for (const block of content) {
        const type = (block as { type?: unknown } | null)?.type;
        if (type === 'tool_result') {
          const result = ToolResultBlockSchema.safeParse(block);
          if (result.success) this.onToolResult(result.data, event);
          else this.warnings.push(`Line ${this.lineNo}: a tool_result block without a tool_use_id was skipped.`);
        } else if (type === 'text') {
          const text = TextBlockSchema.safeParse(block);
          if (text.success) texts.push(text.data.text);
        }
      }
    }
    if (texts.length > 0) this.newStep('user', event.timestamp ?? null).text = texts.join('\n\n');
  }

  private onToolResult(block: { tool_use_id: string; content?: unknown; is_error?: boolean | null }, event: UserEvent): void {
    const entry = this.callById.get(block.tool_use_id);
    if (!entry) {
      this.warnings.push(`Line ${this.lineNo}: a tool result for an unknown call ${block.tool_use_id} was skipped.`);
      return;
    }
    const text = toolResultText(block.content);
    const verdict = judgeToolResult(text, block.is_error ?? undefined, event.tool_use_result);
    const endedAt = millis(event.timestamp);
    Object.assign(entry.call, {
      result: capText(text),
      ...verdict,
      durationMs: entry.startedAt !== null && endedAt !== null && endedAt >= entry.startedAt ? endedAt - entry.startedAt : null,
    });
    // A call past the kept ones is counted now, and forgotten.
    if (this.steps.settled(entry.call)) this.callById.delete(block.tool_use_id);
  }
}

/** A parser of one transcript; `harness` is Claude Code's adapter (its `loadParser` passes itself). */
export function createClaudeCodeParser(harness: Pick<HarnessAdapter, 'parseMcpToolName'>, options: TranscriptParserOptions = {}): TranscriptParser {
  return new ClaudeCodeParser(harness, options.mcpServers ?? [], options.limits);
}
