import type { TokenCounts, Trajectory, TrajectoryStep, TrajectoryToolCall } from '../../../../schemas/trajectory.ts';
import { itemFinished, OTHER_ITEM_TYPES, TOOL_ITEM_TYPES, toolCallOf, type CodexItem } from './parse-codex-items.ts';
import { firstNonSpace, lineText, parseJsonLine } from '../../trajectory/transcript-line.ts';
import { addTokens, NO_TOKENS } from '../../trajectory/token-sums.ts';
import type { TranscriptParser, TranscriptParserOptions } from '../../trajectory/transcript-parser.ts';
import { KeptSteps } from '../../trajectory/kept-steps.ts';

/** Non-JSON lines (stderr mixed into stdout) listed one by one in the warnings; past this only counted. */
const MAX_LISTED_STRAY_LINES = 20;
const QUOTE_CHARS = 200;

const KNOWN_EVENTS = new Set(['thread.started', 'turn.started', 'turn.completed', 'turn.failed', 'item.started', 'item.updated', 'item.completed', 'item.plan.delta', 'request_user_input', 'error']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
const quote = (line: string): string => JSON.stringify(line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS)}…` : line);

function isItem(value: unknown): value is CodexItem {
  return isRecord(value) && typeof value.id === 'string' && typeof value.type === 'string';
}

/**
 * Reads `codex exec --json` (JSON lines: thread.started, turn.started, item.started/updated/
 * completed, turn.completed with usage, turn.failed, error) into the normalised trajectory.
 *
 * Codex's stream does not mark where one model reply ends and the next begins, so steps are cut
 * the way a reader would: the agent's words open a step, and its first tool call joins it; a
 * further call opens a step of its own. Token counts come per turn, as the thread's total so far
 * (a resumed thread's count goes on from its earlier turns), so a transcript holding several turns
 * of one thread counts its last; `input` is the uncached input (Codex's `input_tokens` includes
 * the cached part, reported as `cacheRead`), so the numbers mean what they mean for the other
 * harnesses.
 */
/** A call's verdict when it never finished. */
const NEVER_FINISHED = { ok: false, failure: 'never finished (the run ended first)' } as const;

export function createCodexParser(options: TranscriptParserOptions = {}): TranscriptParser {
  const calls = new Map<string, TrajectoryToolCall>();
  const unfinished = new Set<string>();
  // A left-out call awaited too long gets the verdict the run's end gives an unfinished one.
  const steps = new KeptSteps<TrajectoryStep>(options.limits, (call) => {
    if (calls.get(call.id) !== call) return;
    calls.delete(call.id);
    unfinished.delete(call.id);
    Object.assign(call, NEVER_FINISHED);
  });
  /** The step being written, kept or not, and whether it has a tool call (kept or only counted). */
  let current: TrajectoryStep | undefined;
  let currentHasCall = false;
  /** Each thread's total as its last turn.completed gave it. */
  const threadTokens = new Map<string | null, TokenCounts>();
  const warnings: string[] = [];
  const unknownTypes = new Map<string, number>();
  let sessionId: string | null = null;
  let outcome: Trajectory['outcome'] = 'unknown';
  let lines = 0;
  let strayLines = 0;
  let lastLineUnreadable = false;

  const newStep = (): TrajectoryStep => {
    const step: TrajectoryStep = { index: steps.total, source: 'agent', text: '', toolCalls: [], timestamp: null, tokens: null };
    steps.add(step);
    current = step;
    currentHasCall = false;
    return step;
  };

  const addText = (text: string): void => {
    const open = current && !currentHasCall ? current : newStep();
    open.text = open.text ? `${open.text}\n\n${text}` : text;
  };

  const trackCall = (item: CodexItem, event: string): void => {
    const finished = itemFinished(item, event);
    const call = toolCallOf(item, finished);
    if (finished) unfinished.delete(item.id);
    else unfinished.add(item.id);
    const known = calls.get(item.id);
    if (known) {
      Object.assign(known, call);
      // A call past the kept ones is counted once it finished, and forgotten.
      if (finished && steps.settled(known)) calls.delete(item.id);
      return;
    }
    const into = current && !currentHasCall ? current : newStep();
    currentHasCall = true;
    const kept = steps.addCall(into, call);
    if (kept || !finished) calls.set(item.id, call);
    else steps.settled(call);
  };

  const onItem = (event: string, item: CodexItem): void => {
    if (TOOL_ITEM_TYPES.has(item.type)) {
      trackCall(item, event);
      return;
    }
    if (!OTHER_ITEM_TYPES.has(item.type)) {
      unknownTypes.set(`item ${item.type}`, (unknownTypes.get(`item ${item.type}`) ?? 0) + 1);
      return;
    }
    if (event !== 'item.completed') return;
    if (item.type === 'agent_message' && typeof item.text === 'string') addText(item.text);
    // A non-fatal notice from Codex (a model without metadata, a retry): worth reading, not a failure.
    if (item.type === 'error') warnings.push(`codex: ${String(item.message)}`);
  };

  const onEvent = (event: Record<string, unknown>): void => {
    const type = event.type;
    if (typeof type !== 'string' || !KNOWN_EVENTS.has(type)) {
      const name = typeof type === 'string' ? type : '(no type)';
      unknownTypes.set(name, (unknownTypes.get(name) ?? 0) + 1);
      return;
    }
    switch (type) {
      case 'thread.started':
        sessionId = typeof event.thread_id === 'string' ? event.thread_id : sessionId;
        break;
      case 'turn.completed': {
        const usage = isRecord(event.usage) ? event.usage : {};
        const cached = count(usage.cached_input_tokens);
        const total: TokenCounts = { input: Math.max(0, count(usage.input_tokens) - cached), output: count(usage.output_tokens), cacheRead: cached, cacheWrite: count(usage.cache_write_input_tokens) };
        // A running total only grows: one without usage (none counted yet) does not undo the turns before.
        const before = threadTokens.get(sessionId);
        threadTokens.set(sessionId, before && total.input + total.output + total.cacheRead + total.cacheWrite === 0 ? before : total);
        if (outcome !== 'failed') outcome = 'completed';
        break;
      }
      case 'turn.failed': {
        outcome = 'failed';
        const error = isRecord(event.error) ? event.error.message : undefined;
        warnings.push(`turn failed: ${typeof error === 'string' ? error : 'no message'}`);
        break;
      }
      case 'error':
        // Codex also reports retries here ("Reconnecting… 2/5"); only turn.failed ends a turn.
        warnings.push(`codex error: ${typeof event.message === 'string' ? event.message : 'no message'}`);
        break;
      case 'item.started':
      case 'item.updated':
      case 'item.completed':
        if (isItem(event.item)) onItem(type, event.item);
        else warnings.push(`line ${lines}: ${type} without a readable item`);
        break;
    }
  };

  return {
    push(line) {
      lines += 1;
      lastLineUnreadable = false;
      const first = firstNonSpace(line);
      if (first === -1) return;
      let value: unknown;
      try {
        value = first === 0x7b /* { */ ? parseJsonLine(line) : undefined;
      } catch {
        value = undefined;
      }
      if (!isRecord(value)) {
        lastLineUnreadable = true;
        strayLines += 1;
        if (strayLines <= MAX_LISTED_STRAY_LINES) warnings.push(`line ${lines} is not a JSON event (kept as text): ${quote(lineText(line).trim())}`);
        return;
      }
      onEvent(value);
    },

    finish(options = {}) {
      if (options.partialLastLine && lastLineUnreadable) warnings.push(`the transcript ends mid-line: line ${lines} was cut off and could not be read`);
      if (strayLines > MAX_LISTED_STRAY_LINES) warnings.push(`${strayLines - MAX_LISTED_STRAY_LINES} more non-JSON lines not listed`);
      for (const [name, times] of unknownTypes) warnings.push(`unknown event type ${name} (${times} line${times === 1 ? '' : 's'}) skipped`);
      for (const id of unfinished) {
        const call = calls.get(id)!;
        Object.assign(call, NEVER_FINISHED);
      }
      const omitted = steps.omitted();
      return {
        format: 'lhb-trajectory/1',
        harness: 'codex',
        harnessVersion: null,
        model: null,
        sessionId,
        steps: steps.kept,
        tokens: [...threadTokens.values()].reduce((sum, thread) => addTokens(sum, thread), { ...NO_TOKENS }),
        costUsd: null,
        durationMs: null,
        outcome,
        warnings,
        ...(omitted ? { omitted } : {}),
      };
    },
  };
}
