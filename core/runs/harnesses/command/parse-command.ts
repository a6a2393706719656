import type { TokenCounts, Trajectory, TrajectoryStep, TrajectoryToolCall } from '../../../../schemas/trajectory.ts';
import { BoundedText, capText } from '../../trajectory/bounded-text.ts';
import { COMMAND_LINE_TYPES, CommandTranscriptLineSchema, type CommandTranscriptLine } from './command-transcript-line.ts';
import { resultShowsFailure } from '../../trajectory/result-shows-failure.ts';
import { addTokens } from '../../trajectory/token-sums.ts';
import { firstNonSpace, lineText, parseJsonLine, type TranscriptLine } from '../../trajectory/transcript-line.ts';
import type { TranscriptParser, TranscriptParserOptions } from '../../trajectory/transcript-parser.ts';
import { KeptSteps } from '../../trajectory/kept-steps.ts';
import { WarningList } from '../../trajectory/warning-list.ts';

interface OpenStep {
  source: TrajectoryStep['source'];
  text: BoundedText;
  toolCalls: TrajectoryToolCall[];
  timestamp: string | null;
  tokens: TokenCounts | null;
  /** Its tool calls, kept or only counted: text after one starts a new step. */
  callCount: number;
}

function resultText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result === undefined || result === null) return '';
  return JSON.stringify(result);
}

/**
 * The command harness's transcript (its stdout): lines in the format of
 * command-transcript-line.ts become steps, tool calls, results, usage and an outcome; every
 * other line is the agent's plain text, joined into agent text steps. Nothing is an error: a line
 * that looks like one of ours but is malformed is kept as text, with a warning naming the field.
 */
export function createCommandParser(options: TranscriptParserOptions = {}): TranscriptParser {
  const calls = new Map<string, TrajectoryToolCall>();
  /** Calls without a result yet, oldest first. */
  const awaitingResult = new Set<TrajectoryToolCall>();
  /** Calls left out and forgotten before any result came (kept-steps.ts). */
  let forgotten = 0;
  const steps = new KeptSteps<OpenStep>(options.limits, (call) => {
    forgotten++;
    if (calls.get(call.id) === call) calls.delete(call.id);
    awaitingResult.delete(call);
  });
  /** The step being written, kept or not. */
  let current: OpenStep | undefined;
  const warnings = new WarningList();
  let totals: TokenCounts = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
  let costUsd: number | null = null;
  let model: string | null = null;
  let sessionId: string | null = null;
  let harnessVersion: string | null = null;
  let outcome: Trajectory['outcome'] = 'unknown';
  let durationMs: number | null = null;
  let lineNumber = 0;
  let lastLineWasBrokenJson = false;

  const newStep = (source: OpenStep['source'], timestamp: string | null = null): OpenStep => {
    const step: OpenStep = { source, text: new BoundedText(), toolCalls: [], timestamp, tokens: null, callCount: 0 };
    steps.add(step);
    current = step;
    return step;
  };
  const currentAgentStep = () => (current?.source === 'agent' ? current : newStep('agent'));

  const pushText = (line: string) => {
    const last = current;
    const joinable = last?.source === 'agent' && last.callCount === 0;
    // Blank lines separate paragraphs inside a text step; they never start one.
    if (!joinable && line.trim() === '') return;
    const step = joinable ? last : newStep('agent');
    step.text.append(step.text.length > 0 ? `\n${line}` : line);
  };

  const apply = (event: CommandTranscriptLine) => {
    switch (event.type) {
      case 'session':
        model = event.model ?? model;
        sessionId = event.sessionId ?? sessionId;
        harnessVersion = event.harnessVersion ?? harnessVersion;
        return;
      case 'step':
        newStep(event.source, event.timestamp ?? null).text.append(event.text);
        return;
      case 'tool_call': {
        const step = currentAgentStep();
        const id = event.id ?? `call-${steps.total - 1}-${step.callCount}`;
        if (calls.has(id)) warnings.add(`line ${lineNumber}: a second tool_call with id "${id}"; results with that id now go to the later one`);
        const call: TrajectoryToolCall = { id, name: event.name, arguments: event.arguments ?? {}, result: null, ok: true, failure: null, exitCode: null, durationMs: null };
        step.callCount++;
        steps.addCall(step, call);
        calls.set(id, call);
        awaitingResult.add(call);
        return;
      }
      case 'tool_result': {
        const call = event.id ? calls.get(event.id) : awaitingResult.values().next().value;
        if (!call) {
          warnings.add(event.id ? `line ${lineNumber}: a tool_result for call "${event.id}", which no tool_call named; kept as text` : `line ${lineNumber}: a tool_result with no id and no call awaiting one; kept as text`);
          pushText(resultText(event.result));
          return;
        }
        awaitingResult.delete(call);
        const text = resultText(event.result);
        call.result = capText(text);
        call.exitCode = event.exitCode ?? null;
        call.durationMs = event.durationMs ?? null;
        if (event.ok === false) call.failure = event.error ?? (event.exitCode ? `exit code ${event.exitCode}` : 'reported failed');
        else if (event.exitCode !== undefined && event.exitCode !== 0) call.failure = event.error ?? `exit code ${event.exitCode}`;
        else if (event.ok === undefined && event.exitCode === undefined) {
          const shown = resultShowsFailure(text);
          if (shown) {
            call.failure = event.error ?? shown.failure;
            call.exitCode = shown.exitCode;
          }
        }
        call.ok = call.failure === null;
        // A call past the kept ones is counted now, and forgotten.
        if (steps.settled(call) && calls.get(call.id) === call) calls.delete(call.id);
        return;
      }
      case 'usage': {
        const tokens = { input: event.input, output: event.output, cacheRead: event.cacheRead ?? 0, cacheWrite: event.cacheWrite ?? 0 };
        totals = addTokens(totals, tokens);
        const step = current;
        if (step) step.tokens = addTokens(step.tokens, tokens);
        if (event.costUsd !== undefined) costUsd = (costUsd ?? 0) + event.costUsd;
        return;
      }
      case 'outcome':
        outcome = event.outcome;
        durationMs = event.durationMs ?? durationMs;
        return;
    }
  };

  return {
    push(line: TranscriptLine) {
      lineNumber++;
      lastLineWasBrokenJson = false;
      if (firstNonSpace(line) !== 0x7b /* { */) {
        pushText(lineText(line));
        return;
      }
      let value: unknown;
      try {
        value = parseJsonLine(line);
      } catch {
        lastLineWasBrokenJson = true;
        pushText(lineText(line));
        return;
      }
      const type = (value as { type?: unknown }).type;
      if (typeof type !== 'string' || !COMMAND_LINE_TYPES.has(type)) {
        pushText(lineText(line));
        return;
      }
      const parsed = CommandTranscriptLineSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.length ? issue.path.join('.') : 'line';
        warnings.add(`line ${lineNumber}: a "${type}" line with a bad ${field} (${issue?.message ?? 'invalid'}); kept as text`);
        pushText(lineText(line));
        return;
      }
      apply(parsed.data);
    },

    finish(options = {}) {
      if (options.partialLastLine && lastLineWasBrokenJson) warnings.add(`line ${lineNumber}: the transcript ended in the middle of a JSON line (no final newline); it was kept as text`);
      const unanswered = awaitingResult.size + forgotten;
      if (unanswered > 0) warnings.add(`${unanswered} tool call${unanswered === 1 ? '' : 's'} never got a result (${[...awaitingResult].slice(0, 3).map((call) => call.id).join(', ')}${unanswered > 3 ? ', …' : ''})`);
      const omitted = steps.omitted();
      return {
        format: 'lhb-trajectory/1',
        harness: 'command',
        harnessVersion,
        model,
        sessionId,
        steps: steps.kept.map((step, index) => ({ index, source: step.source, text: step.text.toString().trimEnd(), toolCalls: step.toolCalls, timestamp: step.timestamp, tokens: step.tokens })),
        tokens: totals,
        costUsd,
        durationMs,
        outcome,
        warnings: warnings.toArray(),
        ...(omitted ? { omitted } : {}),
      };
    },
  };
}
