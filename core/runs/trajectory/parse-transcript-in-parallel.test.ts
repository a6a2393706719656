import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { createXoshiro128Random } from '../../random/xoshiro128-random.ts';
import { PARALLEL_MIN_BYTES, parseTranscriptInParallel, transcriptWorkerReady } from './parse-transcript-in-parallel.ts';
import { parseTranscript } from './read-transcript-lines.ts';
import { createTranscriptParser } from './parse-harness-transcript.ts';
import { openRunFile } from '../run-file.ts';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A Claude Code transcript of ~`megabytes` MB with what real ones hold: results from a few bytes
 * to several MB (non-ASCII, escapes), `tool_use_result` copies, stderr between events, a blank
 * line, CRLF line ends, and, if asked, a last line cut off mid-event.
 */
function writeTranscript(megabytes: number, options: { cutLastLine?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-parallel-parse-'));
  temps.push(dir);
  const path = join(dir, 'transcript.jsonl');
  const fd = openSync(path, 'w');
  const random = createXoshiro128Random('parallel-parse');
  let written = 0;
  const write = (text: string) => {
    written += writeSync(fd, text);
  };
  write(`${JSON.stringify({ type: 'system', subtype: 'init', model: 'claude-sonnet-4-5', session_id: 's', claude_code_version: '2.1.332' })}\n`);
  for (let turn = 0; written < megabytes * 1e6; turn++) {
    const roll = random.next();
    const size = roll < 0.7 ? random.int(2000) : roll < 0.95 ? 5000 + random.int(60_000) : 100_000 + random.int(900_000);
    const output = `${turn % 9 === 0 ? 'Exit code 1\n' : ''}${'build — ✓ "ok" \\ line\n'.repeat(Math.ceil(size / 24))}`;
    const id = `toolu_${turn}`;
    write(`${JSON.stringify({ type: 'assistant', message: { id: `msg_${turn}`, model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name: 'Bash', input: { command: `step ${turn}` } }], usage: { input_tokens: turn, output_tokens: 1 } }, timestamp: new Date(Date.UTC(2026, 10, 30) + turn * 1000).toISOString() })}${turn % 5 === 0 ? '\r\n' : '\n'}`);
    write(`${JSON.stringify({ type: 'user', message: { content: [{ tool_use_id: id, type: 'tool_result', content: output, is_error: turn % 9 === 0 }] }, tool_use_result: { stdout: output, stderr: '', interrupted: turn % 13 === 0 }, timestamp: new Date(Date.UTC(2026, 10, 30) + turn * 1000 + 500).toISOString() })}\n`);
    if (turn % 97 === 0) write('(node:4242) Warning: on stderr "between" events\n');
    if (turn % 131 === 0) write('\n');
  }
  write(`${JSON.stringify({ type: 'result', subtype: 'success', is_error: false, duration_ms: 1000, total_cost_usd: 1.5, usage: { input_tokens: 10, output_tokens: 20 } })}\n`);
  if (options.cutLastLine) write('{"type":"user","message":{"content":[{"tool_use_id":"toolu_x","type":"tool_result","content":"cut off he');
  closeSync(fd);
  return path;
}

/** The one-thread reading of the same file: these test files are under PARALLEL_MIN_BYTES, so parseTranscript reads them on one thread. */
async function oneThread(harness: HarnessId, path: string, maxLineBytes?: number) {
  expect(statSync(path).size).toBeLessThan(PARALLEL_MIN_BYTES);
  return parseTranscript(await createTranscriptParser(harness), path, { maxLineBytes });
}

describe('parseTranscriptInParallel', () => {
  it('gives exactly the one-thread trajectory: every step, call, verdict, capped result and warning', async () => {
    const path = writeTranscript(24, { cutLastLine: true });
    const expected = await oneThread('claude-code', path);
    expect(expected.steps.length).toBeGreaterThan(200);
    expect(expected.warnings.some((warning) => warning.includes('mid-line'))).toBe(true);
    expect(expected.warnings.some((warning) => warning.includes('not JSON'))).toBe(true);
    // Cold: this parse starts the worker, which joins when it has loaded (or never, if the parse ends first).
    const cold = await parseTranscriptInParallel(await createTranscriptParser('claude-code'), path, { maxLineBytes: 128 * 1024 * 1024 });
    expect(cold).toEqual(expected);
    // Warm: the worker takes its share of the segments.
    expect(await transcriptWorkerReady()).toBe(true);
    let split = { segments: 0, parsedByWorker: 0 };
    const warm = await parseTranscriptInParallel(await createTranscriptParser('claude-code'), path, { maxLineBytes: 128 * 1024 * 1024, onFinished: (s) => (split = s) });
    expect(split.segments).toBeGreaterThan(3);
    expect(split.parsedByWorker).toBeGreaterThan(0);
    expect(warm).toEqual(expected);
  });

  it('skips a line over the line limit with the same warning and line number as one thread', async () => {
    const path = writeTranscript(12);
    const maxLineBytes = 1024 * 1024;
    const expected = await oneThread('claude-code', path, maxLineBytes);
    expect(expected.warnings.some((warning) => warning.includes('over the 1048576-byte line limit'))).toBe(true);
    const parallel = await parseTranscriptInParallel(await createTranscriptParser('claude-code'), path, { maxLineBytes });
    expect(parallel).toEqual(expected);
  });

  it('reads the other harnesses’ lines as they would on one thread (their non-JSON lines read back from the file)', async () => {
    const path = writeTranscript(10);
    for (const harness of ['codex', 'gemini-cli', 'command'] as const) {
      const parallel = await parseTranscriptInParallel(await createTranscriptParser(harness), path, { maxLineBytes: 128 * 1024 * 1024 });
      expect(parallel).toEqual(await oneThread(harness, path));
    }
  });

  it('parses a run file the engine opened on both threads, and only up to its cap', async () => {
    const path = writeTranscript(12);
    const expected = await oneThread('claude-code', path);
    expect(await transcriptWorkerReady()).toBe(true);
    const opened = openRunFile(path, Number.MAX_SAFE_INTEGER)!;
    let split = { segments: 0, parsedByWorker: 0 };
    try {
      // The worker opens the file again (never through a link) and parses only the same file.
      expect(await parseTranscriptInParallel(await createTranscriptParser('claude-code'), opened, { maxLineBytes: 128 * 1024 * 1024, onFinished: (s) => (split = s) })).toEqual(expected);
    } finally {
      opened.close();
    }
    expect(split.parsedByWorker).toBeGreaterThan(0);
    // Capped: what is read is the file's first bytes, exactly as if it had ended there.
    const cap = 3_000_000;
    const cutCopy = `${path}.cut`;
    writeFileSync(cutCopy, readFileSync(path).subarray(0, cap));
    const capped = openRunFile(path, cap)!;
    try {
      expect(capped.cut).toBe(true);
      expect(await parseTranscriptInParallel(await createTranscriptParser('claude-code'), capped, { maxLineBytes: 128 * 1024 * 1024 })).toEqual(await oneThread('claude-code', cutCopy));
      expect(await parseTranscript(await createTranscriptParser('claude-code'), capped)).toEqual(await oneThread('claude-code', cutCopy));
    } finally {
      capped.close();
    }
  });
});
