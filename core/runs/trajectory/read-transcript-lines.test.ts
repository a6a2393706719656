import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Trajectory } from '../../../schemas/trajectory.ts';
import { parseTranscript, readTranscriptLines, type TranscriptSource } from './read-transcript-lines.ts';
import { lineText } from './transcript-line.ts';
import type { TranscriptParser } from './transcript-parser.ts';

const temps: string[] = [];
function tempFile(content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-lines-'));
  temps.push(dir);
  const path = join(dir, 'transcript.jsonl');
  writeFileSync(path, content);
  return path;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function linesOf(source: TranscriptSource, options?: { maxLineBytes?: number }) {
  const lines: string[] = [];
  const stats = await readTranscriptLines(source, (line) => lines.push(lineText(line)), options);
  return { lines, stats };
}

/** The bytes as a stream cut into pieces of `size` bytes, wherever that falls (mid-character too). */
function chunked(bytes: Buffer, size: number): Readable {
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
  return Readable.from(pieces);
}

describe('readTranscriptLines', () => {
  it('splits LF and CRLF lines alike and says the file ended with a newline', async () => {
    const { lines, stats } = await linesOf(tempFile('{"a":1}\r\n{"b":2}\n{"c":3}\r\n'));
    expect(lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(stats).toMatchObject({ lines: 3, partialLastLine: false, oversizedLines: [] });
  });

  it('hands over a last line without a newline and flags it as partial', async () => {
    const { lines, stats } = await linesOf(tempFile('{"a":1}\n{"b":2'));
    expect(lines).toEqual(['{"a":1}', '{"b":2']);
    expect(stats.partialLastLine).toBe(true);
  });

  it('keeps blank lines and a lone carriage return inside a line, drops a byte-order mark', async () => {
    const { lines } = await linesOf(tempFile('\uFEFFfirst\n\nmid\rdle\r\n\r\nlast\n'));
    expect(lines).toEqual(['first', '', 'mid\rdle', '', 'last']);
  });

  it('reads an empty file as no lines', async () => {
    const { lines, stats } = await linesOf(tempFile(''));
    expect(lines).toEqual([]);
    expect(stats).toMatchObject({ lines: 0, bytes: 0, partialLastLine: false });
  });

  it('reassembles a 5 MB line across many 1 MiB chunks, with multi-byte characters intact', async () => {
    const big = JSON.stringify({ type: 'tool_result', result: 'ü€😀x'.repeat(700_000) });
    expect(Buffer.byteLength(big)).toBeGreaterThan(5_000_000);
    const { lines } = await linesOf(tempFile(`{"before":true}\n${big}\r\n{"after":true}\n`));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(big);
    expect(lines[2]).toBe('{"after":true}');
  });

  it('gives the same lines whatever the chunking of a stream, even when a chunk ends inside a character or between \\r and \\n', async () => {
    const text = ['\uFEFF{"t":"héllo wörld"}', '', 'plain 😀 text', '{"crlf":"yes"}\r', 'tail'].join('\n');
    const bytes = Buffer.from(text, 'utf8');
    const expected = (await linesOf(tempFile(bytes))).lines;
    expect(expected).toEqual(['{"t":"héllo wörld"}', '', 'plain 😀 text', '{"crlf":"yes"}', 'tail']);
    for (const size of [1, 2, 3, 5, 7, 16]) {
      const { lines, stats } = await linesOf(chunked(bytes, size));
      expect(lines, `chunks of ${size} bytes`).toEqual(expected);
      expect(stats.partialLastLine).toBe(true);
      expect(stats.bytes).toBe(bytes.length);
    }
  });

  it('reads a stream of strings (a stream with an encoding set)', async () => {
    const { lines } = await linesOf(Readable.from(['one\ntw', 'o\r', '\nthree\n']));
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('skips a line over the limit without assembling it and keeps the lines around it', async () => {
    const huge = 'x'.repeat(3000);
    const { lines, stats } = await linesOf(chunked(Buffer.from(`short\n${huge}\nafter\n${huge}`), 1000), { maxLineBytes: 2048 });
    expect(lines).toEqual(['short', 'after']);
    expect(stats.oversizedLines).toEqual([
      { line: 2, bytes: 3000 },
      { line: 4, bytes: 3000 },
    ]);
    expect(stats.partialLastLine).toBe(true);
  });

  it('streams: 256 MiB of transcript passes through without the chunks being kept', async () => {
    const line = `${JSON.stringify({ type: 'tool_result', result: 'r'.repeat(4000) })}\n`;
    const chunk = line.repeat(Math.floor((1 << 20) / line.length));
    const chunks = 256;
    async function* source() {
      // A fresh Buffer each time, as a file stream gives: a kept reference would pin them all.
      for (let i = 0; i < chunks; i++) yield Buffer.from(chunk);
    }
    let peakExternal = 0;
    let seen = 0;
    const stats = await readTranscriptLines(source(), () => {
      if (++seen % 2000 === 0) peakExternal = Math.max(peakExternal, process.memoryUsage().arrayBuffers);
    });
    expect(stats.lines).toBe(seen);
    expect(stats.bytes).toBe(chunk.length * chunks);
    expect(peakExternal).toBeLessThan(96 * 1024 * 1024);
  }, 60_000);
});

describe('parseTranscript', () => {
  const recordingParser = (): TranscriptParser & { pushed: string[]; partial?: boolean } => {
    const parser = {
      pushed: [] as string[],
      partial: undefined as boolean | undefined,
      push(line: string) {
        parser.pushed.push(line);
      },
      finish(options?: { partialLastLine?: boolean }): Trajectory {
        parser.partial = options?.partialLastLine;
        return { format: 'lhb-trajectory/1', harness: 'command', harnessVersion: null, model: null, sessionId: null, steps: [], tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: null, outcome: 'unknown', warnings: [] };
      },
    };
    return parser;
  };

  it('feeds every line to the parser, tells it about a partial last line, and warns about skipped lines', async () => {
    const parser = recordingParser();
    const trajectory = await parseTranscript(parser, chunked(Buffer.from(`a\n${'y'.repeat(50)}\nb`), 8), { maxLineBytes: 20 });
    expect(parser.pushed).toEqual(['a', 'b']);
    expect(parser.partial).toBe(true);
    expect(trajectory.warnings).toEqual(['line 2 was 50 bytes, over the 20-byte line limit, and was skipped']);
  });

  it('tells the parser when the last line was complete', async () => {
    const parser = recordingParser();
    await parseTranscript(parser, tempFile('a\nb\n'));
    expect(parser.partial).toBe(false);
  });
});
