import { closeSync, openSync, writeSync } from 'node:fs';

export interface TranscriptCounts {
  steps: number;
  toolCalls: number;
  failedToolCalls: number;
  /** Input and output tokens over the whole transcript. */
  tokens: { input: number; output: number };
}

/**
 * Transcripts of about `targetBytes` made of the smallest events a harness can print, by the
 * million: the shapes where what a parser keeps per step or call, not the text, fills memory.
 * Each returns the true counts its transcript holds.
 */

/** Writes `first`, then `line(n)` for n = 1, 2, … until `targetBytes`, then `last`, in 4 MB writes; returns how many. */
function writeLines(path: string, targetBytes: number, line: (n: number) => string, { first = '', last = '' } = {}): number {
  const fd = openSync(path, 'w');
  let written = 0;
  let n = 0;
  try {
    let buffered: string[] = [first];
    let bufferedChars = first.length;
    while (written + bufferedChars < targetBytes) {
      const text = line(++n);
      buffered.push(text);
      bufferedChars += text.length;
      if (bufferedChars > 4_000_000) {
        written += writeSync(fd, buffered.join(''));
        buffered = [];
        bufferedChars = 0;
      }
    }
    buffered.push(last);
    writeSync(fd, buffered.join(''));
  } finally {
    closeSync(fd);
  }
  return n;
}

/** The command harness: one short `step` line after another. */
export function writeTinyCommandStepsFile(path: string, targetBytes: number): TranscriptCounts {
  const steps = writeLines(path, targetBytes, (n) => `${JSON.stringify({ type: 'step', source: 'agent', text: `Step ${n}: one more look.` })}\n`);
  return { steps, toolCalls: 0, failedToolCalls: 0, tokens: { input: 0, output: 0 } };
}

/** The command harness: tool_call and tool_result pairs with no step lines (all in one agent step); every fifth fails. */
export function writeCommandCallPairsFile(path: string, targetBytes: number): TranscriptCounts {
  const pair = (n: number) =>
    `${JSON.stringify({ type: 'tool_call', id: `c${n}`, name: 'shell', arguments: { command: 'ls' } })}\n${JSON.stringify({ type: 'tool_result', id: `c${n}`, result: 'a.txt', exitCode: n % 5 === 0 ? 1 : 0 })}\n`;
  const toolCalls = writeLines(path, targetBytes, pair);
  return { steps: 1, toolCalls, failedToolCalls: Math.floor(toolCalls / 5), tokens: { input: 0, output: 0 } };
}

/** The command harness: tool calls that never get a result, one after another. */
export function writeCommandCallsWithoutResultsFile(path: string, targetBytes: number): TranscriptCounts {
  const toolCalls = writeLines(path, targetBytes, (n) => `${JSON.stringify({ type: 'tool_call', id: `c${n}`, name: 'shell', arguments: { command: 'ls' } })}\n`);
  return { steps: 1, toolCalls, failedToolCalls: 0, tokens: { input: 0, output: 0 } };
}

/** Claude Code: one tiny Bash call per assistant message and its result; every fifth fails. */
export function writeTinyClaudeCodeCallsFile(path: string, targetBytes: number): TranscriptCounts {
  const session = 'tiny-calls-session';
  const call = (n: number) => {
    const id = `toolu_${n.toString(36)}`;
    const assistant = { type: 'assistant', message: { id: `msg_${n.toString(36)}`, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name: 'Bash', input: { command: 'ls' } }], usage: { input_tokens: 10, output_tokens: 2 } }, parent_tool_use_id: null, session_id: session };
    const user = { type: 'user', message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: 'a.txt', is_error: n % 5 === 0 }] }, parent_tool_use_id: null, session_id: session };
    return `${JSON.stringify(assistant)}\n${JSON.stringify(user)}\n`;
  };
  const init = `${JSON.stringify({ type: 'system', subtype: 'init', session_id: session, model: 'claude-sonnet-4-5', claude_code_version: '2.1.332' })}\n`;
  const result = `${JSON.stringify({ type: 'result', subtype: 'success', is_error: false, duration_ms: 1000, session_id: session })}\n`;
  const toolCalls = writeLines(path, targetBytes, call, { first: init, last: result });
  return { steps: toolCalls, toolCalls, failedToolCalls: Math.floor(toolCalls / 5), tokens: { input: 10 * toolCalls, output: 2 * toolCalls } };
}
