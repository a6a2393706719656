import type { ModelUsage, TokenCounts, TrajectoryStep, TrajectoryToolCall } from '../../../../schemas/trajectory.ts';
import { BoundedText, capText } from '../../trajectory/bounded-text.ts';
import { GEMINI_EVENT_TYPES, GeminiStreamEventSchema, type GeminiStreamEvent } from './parse-gemini-cli-events.ts';
import { geminiResultShowsFailure } from './parse-gemini-cli-shell-failure.ts';
import { firstNonSpace, lineText, parseJsonLine } from '../../trajectory/transcript-line.ts';
import type { TranscriptParser, TranscriptParserOptions } from '../../trajectory/transcript-parser.ts';
import { NO_TOKENS } from '../../trajectory/token-sums.ts';
import { WarningList } from '../../trajectory/warning-list.ts';
import { trajectoryToolName } from '../../trajectory/mcp-tool-name.ts';
import type { HarnessAdapter } from '../harness-adapter.ts';
import { KeptSteps } from '../../trajectory/kept-steps.ts';

interface OpenStep {
  source: TrajectoryStep['source'];
  text: BoundedText;
  toolCalls: TrajectoryToolCall[];
  timestamp: string | null;
  /** A result came back for one of this step's calls: the model's next words are a new step. */
  answered: boolean;
}

type ResultEvent = Extract<GeminiStreamEvent, { type: 'result' }>;

const PREVIEW_CHARS = 120;
const preview = (line: string) => (line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS)}…` : line);

type GeminiTokenStats = Pick<NonNullable<ResultEvent['stats']>, 'input_tokens' | 'output_tokens' | 'cached' | 'input'>;

/**
 * Gemini CLI's figures (one model's, or the run's): `input_tokens` is the prompt with its cached
 * part, `input` the uncached part, `output_tokens` the candidates. `total_tokens` is not read: it
 * is the API's totalTokenCount, which also holds the tool-use prompt tokens (input the API read
 * for tool calls) and thinking tokens, and the stream does not say which is which, so output is
 * the candidates alone.
 */
function tokensFrom(stats: GeminiTokenStats | undefined): TokenCounts {
  if (!stats) return { ...NO_TOKENS };
  const cacheRead = stats.cached ?? 0;
  const input = stats.input ?? Math.max(0, (stats.input_tokens ?? 0) - cacheRead);
  return { input, output: stats.output_tokens ?? 0, cacheRead, cacheWrite: 0 };
}

const millisBetween = (from: string | undefined, to: string | undefined): number | null => {
  if (!from || !to) return null;
  const ms = Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
};

/**
 * Gemini CLI's `--output-format stream-json` transcript → the normalised trajectory. The user's
 * prompt is a user step; each model turn (its streamed text deltas and the tools it called) is an
 * agent step. A tool call fails when the CLI says so (`status: "error"`) or, for shell commands it
 * reports as `success`, when the output shows it (see parse-gemini-cli-shell-failure.ts).
 * Non-JSON lines (stderr), unknown event types and malformed events become warnings. `harness`
 * is Gemini CLI's adapter (its `loadParser` passes itself): its MCP tool naming and its tools.
 */
export function createGeminiCliParser(harness: Pick<HarnessAdapter, 'parseMcpToolName' | 'tools'>, options: TranscriptParserOptions = {}): TranscriptParser {
  const calls = new Map<string, { call: TrajectoryToolCall; step: OpenStep; startedAt: string | undefined }>();
  const steps = new KeptSteps<OpenStep>(options.limits, (call) => {
    if (calls.get(call.id)?.call === call) calls.delete(call.id);
  });
  /** The step being written, kept or not. */
  let current: OpenStep | undefined;
  const warnings = new WarningList();
  let model: string | null = null;
  let sessionId: string | null = null;
  let result: ResultEvent | null = null;
  let firstTimestamp: string | undefined;
  let lastTimestamp: string | undefined;
  let lineNumber = 0;
  let lastLineBroken = false;
  const prompt = new BoundedText();

  const newStep = (source: OpenStep['source'], timestamp: string | undefined): OpenStep => {
    const step: OpenStep = { source, text: new BoundedText(), toolCalls: [], timestamp: timestamp ?? null, answered: false };
    steps.add(step);
    current = step;
    return step;
  };
  /** The model turn in progress, or a new one when the last step is not an unanswered agent turn. */
  const agentStep = (timestamp: string | undefined): OpenStep => {
    const last = current;
    return last?.source === 'agent' && !last.answered ? last : newStep('agent', timestamp);
  };

  const apply = (event: GeminiStreamEvent) => {
    switch (event.type) {
      case 'init':
        sessionId = event.session_id ?? sessionId;
        model = event.model ?? model;
        return;
      case 'message':
        // The CLI echoes the prompt it was given before the model's first event: that is the run's
        // prompt, not a step (the other harnesses' streams carry no such step).
        if (event.role === 'user' && steps.total === 0) prompt.append(event.content);
        else if (event.role === 'user') newStep('user', event.timestamp).text.append(event.content);
        else agentStep(event.timestamp).text.append(event.content);
        return;
      case 'tool_use': {
        const step = agentStep(event.timestamp);
        if (calls.has(event.tool_id)) warnings.add(`line ${lineNumber}: a second tool_use with id "${event.tool_id}"; its result goes to the later one`);
        const call: TrajectoryToolCall = { id: event.tool_id, name: trajectoryToolName(harness, event.tool_name, options.mcpServers), arguments: event.parameters ?? {}, result: null, ok: true, failure: null, exitCode: null, durationMs: null };
        steps.addCall(step, call);
        calls.set(event.tool_id, { call, step, startedAt: event.timestamp });
        return;
      }
      case 'tool_result': {
        const entry = calls.get(event.tool_id);
        if (!entry) {
          warnings.add(`line ${lineNumber}: a tool_result for "${event.tool_id}", which no tool_use named; skipped`);
          return;
        }
        const { call } = entry;
        entry.step.answered = true;
        const output = event.output ?? null;
        const errorText = event.error?.message ?? null;
        // A result with no output (write_file says nothing) is an empty result, not a missing one.
        call.result = capText(output ?? errorText ?? '');
        call.durationMs = millisBetween(entry.startedAt, event.timestamp);
        if (event.status !== 'success') {
          call.failure = errorText ? `${event.error?.type ? `${event.error.type}: ` : ''}${errorText}`.slice(0, 300) : `status ${event.status}`;
          call.exitCode = geminiResultShowsFailure(harness.tools, call.name, output ?? errorText)?.exitCode ?? null;
        } else {
          const shown = geminiResultShowsFailure(harness.tools, call.name, output);
          if (shown) {
            call.failure = shown.failure;
            call.exitCode = shown.exitCode;
          }
        }
        call.ok = call.failure === null;
        // A call past the kept ones is counted now, and forgotten.
        if (steps.settled(call)) calls.delete(event.tool_id);
        return;
      }
      case 'error':
        warnings.add(`line ${lineNumber}: Gemini CLI reported ${event.severity ?? 'an error'}: ${event.message ?? '(no message)'}`);
        return;
      case 'result':
        if (result) warnings.add(`line ${lineNumber}: a second result event; the last one counts`);
        result = event;
        if (event.status !== 'success') warnings.add(`line ${lineNumber}: the run ended with status "${event.status}"${event.error?.message ? `: ${event.error.message}` : ''}`);
        return;
    }
  };

  return {
    push(line) {
      lineNumber++;
      lastLineBroken = false;
      const first = firstNonSpace(line);
      if (first === -1) return;
      if (first !== 0x7b /* { */) {
        warnings.add(`line ${lineNumber}: not JSON (stderr?): ${preview(lineText(line).trim())}`);
        return;
      }
      let value: unknown;
      try {
        value = parseJsonLine(line);
      } catch {
        lastLineBroken = true;
        warnings.add(`line ${lineNumber}: not valid JSON: ${preview(lineText(line).trim())}`);
        return;
      }
      const type = (value as { type?: unknown }).type;
      if (typeof type !== 'string' || !GEMINI_EVENT_TYPES.has(type)) {
        warnings.add(`line ${lineNumber}: unknown event type ${JSON.stringify(typeof type === 'string' ? type : null)}; skipped`);
        return;
      }
      const parsed = GeminiStreamEventSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        warnings.add(`line ${lineNumber}: a "${type}" event with a bad ${issue?.path.join('.') || 'shape'} (${issue?.message ?? 'invalid'}); skipped`);
        return;
      }
      const stamp = parsed.data.timestamp;
      if (stamp) {
        firstTimestamp ??= stamp;
        lastTimestamp = stamp;
      }
      apply(parsed.data);
    },

    finish(options = {}) {
      if (options.partialLastLine && lastLineBroken) warnings.add(`line ${lineNumber}: the transcript ends in the middle of this line (no final newline); it was skipped`);
      const unanswered = [...calls.values()].filter(({ call }) => call.result === null).map(({ call }) => call.id);
      if (unanswered.length > 0) warnings.add(`${unanswered.length} tool call${unanswered.length === 1 ? '' : 's'} never got a result (${unanswered.slice(0, 3).join(', ')}${unanswered.length > 3 ? ', …' : ''})`);
      const final = result as ResultEvent | null;
      if (!final) warnings.add('no result event: Gemini CLI did not finish (killed, timed out or crashed)');
      // The CLI reports 0 ms when it fails before the loop ends; the events' own clock is better then.
      const reported = final?.stats?.duration_ms;
      const omitted = steps.omitted();
      const durationMs = reported !== undefined && reported > 0 ? reported : millisBetween(firstTimestamp, lastTimestamp);
      return {
        format: 'lhb-trajectory/1',
        harness: 'gemini-cli',
        harnessVersion: null,
        model,
        sessionId,
        ...(prompt.toString() !== '' ? { prompt: prompt.toString() } : {}),
        steps: steps.kept.map((step, index) => ({ index, source: step.source, text: step.text.toString(), toolCalls: step.toolCalls, timestamp: step.timestamp, tokens: null })),
        tokens: tokensFrom(final?.stats),
        usageByModel: Object.fromEntries(Object.entries(final?.stats?.models ?? {}).map(([name, stats]): [string, ModelUsage] => [name, { ...tokensFrom(stats), costUsd: null }])),
        costUsd: null,
        durationMs,
        outcome: final ? (final.status === 'success' ? 'completed' : 'failed') : 'unknown',
        warnings: warnings.toArray(),
        ...(omitted ? { omitted } : {}),
      };
    },
  };
}
