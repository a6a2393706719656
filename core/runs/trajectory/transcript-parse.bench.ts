import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchResult } from '../../../build/bench-harness.ts';
import { callInChildProcess } from '../../child-peak-memory.fixture.ts';
import { writeClaudeCodeTranscriptFile } from '../harnesses/claude-code/claude-code-transcript.fixture.ts';
import { parseTranscript, readTranscriptLines } from './read-transcript-lines.ts';
import { createTranscriptParser } from './parse-harness-transcript.ts';
import { PYTHON_LINE_READER } from './python-line-reader.fixture.ts';

const TARGET_BYTES = 200 * 1024 * 1024;
const RUNS = 5;
/** Bump when the generator changes, so a stale cached transcript is not reused. */
const CORPUS_DIR = join(tmpdir(), 'lhb-transcript-bench-v3');

/**
 * Two transcripts of the same shape: tool results where about 1 line in 30 has a non-ASCII
 * character (✓, —, €, é; no emoji, which would make Python's strings 4 bytes a character and slow
 * the peer down), as build logs and code comments do, and the same with ASCII only. A string with
 * any non-ASCII character takes V8's slower UTF-8 decode on Node 20, so the two bracket what real
 * transcripts cost.
 */
const CORPORA = [
  { name: 'results with some non-ASCII text', file: 'claude-code-mixed.jsonl', nonAsciiShare: 1 / 30 },
  { name: 'ASCII-only results', file: 'claude-code-ascii.jsonl', nonAsciiShare: 0 },
];

/** The peer: Python's standard library reading the same file a line at a time, skipping non-JSON lines. */
const PEER_SCRIPT = PYTHON_LINE_READER;

/**
 * Transcript parsing throughput (MB/s) on a ~200 MB Claude Code stream-json transcript, against
 * Python's `for line in f: json.loads(line)` over the same file in the same run. Ours is the
 * whole path a run's transcript file takes (parseTranscript): reading, JSON with long strings cut
 * to the trajectory's 64K-character cap without decoding their middles, on this thread and one
 * worker (2 cores here), and the Claude Code parser's normalisation (steps, calls matched to
 * results, failure verdicts). The peer decodes every byte on one thread and normalises nothing.
 * The one-thread figure (the path a child's stdout takes) is printed beside it.
 */
export default async function benchTranscriptParse(): Promise<BenchResult[]> {
  const hasPython = spawnSync('python3', ['--version']).error === undefined;
  const results: BenchResult[] = [];
  for (const corpusSpec of CORPORA) {
    const path = corpus(corpusSpec.file, corpusSpec.nonAsciiShare);
    const megabytes = statSync(path).size / 1e6;
    const ours: number[] = [];
    const oneThread: number[] = [];
    const peer: number[] = [];
    let summary = '';
    // A first, untimed-for-the-median parse: it starts the worker and warms both threads' compiled
    // code, as a server's first transcript does; its speed is printed as the cold figure.
    const cold = await timeOurParse(path);
    for (let run = 0; run < RUNS; run++) {
      const parsed = await timeOurParse(path);
      ours.push(parsed.ms);
      summary = parsed.summary;
      oneThread.push(await timeOneThread(path));
      if (hasPython) peer.push(timePython(path));
    }
    const oursMBps = megabytes / (median(ours) / 1000);
    const peerMBps = hasPython ? megabytes / (median(peer) / 1000) : undefined;
    const ratio = peerMBps ? oursMBps / peerMBps : undefined;
    results.push(await peakMemory(path, corpusSpec.name, hasPython));
    results.push({
      name: `Transcript parsing, Claude Code stream-json, ${corpusSpec.name} (${megabytes.toFixed(0)} MB: read, JSON, normalisation; two threads)`,
      unit: 'MB/s',
      value: oursMBps,
      ...(peerMBps ? { peer: { name: 'Python 3 `for line in f: json.loads(line)`', value: peerMBps } } : {}),
      target: { text: '≥ 2× Python', met: ratio !== undefined && ratio >= 2 },
      detail: [
        `median of ${RUNS}: ours ${median(ours).toFixed(0)} ms${hasPython ? `, Python ${median(peer).toFixed(0)} ms` : ' (python3 not found: the peer was not measured)'}`,
        `first (cold: worker starting, code not yet compiled) ${(megabytes / (cold.ms / 1000)).toFixed(0)} MB/s`,
        `on one thread ${(megabytes / (median(oneThread) / 1000)).toFixed(0)} MB/s`,
        summary,
      ].join('; '),
    });
  }
  return results;
}

async function timeOurParse(path: string): Promise<{ ms: number; summary: string }> {
  const started = performance.now();
  const parser = await createTranscriptParser('claude-code');
  const trajectory = await parseTranscript(parser, path);
  const ms = performance.now() - started;
  const calls = trajectory.steps.reduce((total, step) => total + step.toolCalls.length, 0);
  const failed = trajectory.steps.reduce((total, step) => total + step.toolCalls.filter((call) => !call.ok).length, 0);
  return { ms, summary: `${trajectory.steps.length} steps, ${calls} tool calls (${failed} failed), ${trajectory.warnings.length} warnings` };
}

/** The same parse on this thread alone (the path a child's stdout or a small file takes). */
async function timeOneThread(path: string): Promise<number> {
  const started = performance.now();
  const parser = await createTranscriptParser('claude-code');
  const stats = await readTranscriptLines(path, (line) => parser.push(line));
  parser.finish({ partialLastLine: stats.partialLastLine });
  return performance.now() - started;
}

/**
 * The peak memory of a process that parses the file as the engine parses a run's transcript,
 * against the issue's budget (twice the file and 300 MB) and Python's line-at-a-time peak.
 */
async function peakMemory(path: string, corpusName: string, hasPython: boolean): Promise<BenchResult> {
  const size = statSync(path).size;
  const child = await callInChildProcess(new URL('../study/transcript-memory.fixture.ts', import.meta.url), 'parseTranscriptFile', [path, 'claude-code'], 600_000);
  if (child.outcome !== 'returned') throw new Error(`The parse in a child process ${child.outcome}: ${child.message ?? child.stderr}`);
  const mib = (bytes: number) => bytes / (1024 * 1024);
  const budget = 2 * size + 300 * 1024 * 1024;
  const python = hasPython ? spawnSync('python3', ['-c', PEER_SCRIPT, path], { encoding: 'utf8', maxBuffer: 1 << 20 }) : undefined;
  const pythonKb = python?.status === 0 ? Number(python.stdout.trim().split(' ')[2]) : undefined;
  return {
    name: `Transcript parsing peak memory, Claude Code stream-json, ${corpusName} (${mib(size).toFixed(0)} MiB file; the whole process)`,
    unit: 'MiB',
    value: mib(child.maxRssBytes!),
    ...(pythonKb ? { peer: { name: 'Python 3 `for line in f: json.loads(line)`, peak', value: pythonKb / 1024 } } : {}),
    target: { text: `≤ 2 × the file + 300 MiB (${mib(budget).toFixed(0)} MiB)`, met: child.maxRssBytes! <= budget },
  };
}

function timePython(path: string): number {
  const result = spawnSync('python3', ['-c', PEER_SCRIPT, path], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`The Python peer failed: ${result.stderr}`);
  return Number(result.stdout.trim().split(' ')[0]) * 1000;
}

/** A generated transcript, made once and kept in the temp folder between runs. */
function corpus(file: string, nonAsciiShare: number): string {
  const path = join(CORPUS_DIR, file);
  if (existsSync(path) && statSync(path).size >= TARGET_BYTES) return path;
  mkdirSync(CORPUS_DIR, { recursive: true });
  const partial = `${path}.partial`;
  writeClaudeCodeTranscriptFile(partial, TARGET_BYTES, nonAsciiShare);
  renameSync(partial, path);
  return path;
}
