import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callInChildProcess } from '../../child-peak-memory.fixture.ts';
import { writeClaudeCodeTranscriptFile } from '../harnesses/claude-code/claude-code-transcript.fixture.ts';
import { writeCommandTranscriptFile } from '../harnesses/command/command-transcript.fixture.ts';
import { writeCommandCallPairsFile, writeCommandCallsWithoutResultsFile, writeTinyClaudeCodeCallsFile, writeTinyCommandStepsFile, type TranscriptCounts } from '../trajectory/many-tiny-transcripts.fixture.ts';

const FIXTURE = new URL('./transcript-memory.fixture.ts', import.meta.url);
const MiB = 1024 * 1024;
/** The budget for a transcript of `bytes`: twice the file and 300 MB. */
const budget = (bytes: number) => 2 * bytes + 300 * MiB;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;

let dir: string;
let commandFile: string;
let commandTurns: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-transcript-memory-'));
  commandFile = join(dir, 'command-transcript.jsonl');
  commandTurns = writeCommandTranscriptFile(commandFile, 100 * MiB);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a 100 MB transcript', () => {
  it('takes the engine no more than twice the file and 300 MB on top of what it held, through the run, its parse and its storing', { timeout: 600_000 }, async () => {
    const size = statSync(commandFile).size;
    const child = await callInChildProcess(FIXTURE, 'runStudyPrinting', [commandFile], 540_000);
    expect(child.outcome, child.stderr).toBe('returned');
    const run = child.value as { status: string; errorMessage: string | null; steps: number; toolCalls: number; rssBeforeBytes: number };
    expect(run.status, run.errorMessage ?? '').toBe('succeeded');
    expect(run.toolCalls).toBe(commandTurns);
    const used = child.maxRssBytes! - run.rssBeforeBytes;
    console.log(`engine for a ${mib(size)} transcript: peak ${mib(child.maxRssBytes!)}, ${mib(used)} over the ${mib(run.rssBeforeBytes)} it held before the run; budget ${mib(budget(size))}`);
    expect(used, `${mib(used)} for a ${mib(size)} transcript`).toBeLessThanOrEqual(budget(size));
  });

  it.each([
    ['command', () => commandFile],
    ['claude-code', () => {
      const file = join(dir, 'claude-code-transcript.jsonl');
      writeClaudeCodeTranscriptFile(file, 100 * MiB, 1 / 30);
      return file;
    }],
  ] as const)('of the %s harness is parsed in a process that peaks at no more than twice the file and 300 MB', { timeout: 300_000 }, async (harness, file) => {
    const path = file();
    const size = statSync(path).size;
    const child = await callInChildProcess(FIXTURE, 'parseTranscriptFile', [path, harness], 240_000);
    expect(child.outcome, child.stderr).toBe('returned');
    expect((child.value as { toolCalls: number }).toolCalls).toBeGreaterThan(1000);
    console.log(`${harness} parse of ${mib(size)}: peak ${mib(child.maxRssBytes!)}; budget ${mib(budget(size))}`);
    expect(child.maxRssBytes!).toBeLessThanOrEqual(budget(size));
  });

  it.each([
    ['command', 'a million tiny steps', writeTinyCommandStepsFile],
    ['command', 'tool calls and results with no steps between', writeCommandCallPairsFile],
    ['command', 'tool calls that never get a result', writeCommandCallsWithoutResultsFile],
    ['claude-code', 'hundreds of thousands of tiny tool calls', writeTinyClaudeCodeCallsFile],
  ] as const)('of the %s harness made of %s is parsed within twice the file and 300 MB, and its summary still counts every step, call, failure and token', { timeout: 300_000 }, async (harness, shape, write) => {
    const path = join(dir, `${shape.replaceAll(' ', '-')}.jsonl`);
    const counts: TranscriptCounts = write(path, 100 * MiB);
    const size = statSync(path).size;
    const child = await callInChildProcess(FIXTURE, 'parseTranscriptFile', [path, harness], 240_000);
    rmSync(path);
    expect(child.outcome, child.stderr).toBe('returned');
    const parsed = child.value as TranscriptCounts & { keptSteps: number; keptToolCalls: number };
    console.log(`${harness} parse of ${mib(size)} of ${shape} (${counts.steps} steps, ${counts.toolCalls} calls): peak ${mib(child.maxRssBytes!)}; budget ${mib(budget(size))}; kept ${parsed.keptSteps} steps, ${parsed.keptToolCalls} calls`);
    expect({ steps: parsed.steps, toolCalls: parsed.toolCalls, failedToolCalls: parsed.failedToolCalls, tokens: parsed.tokens }).toEqual(counts);
    expect(parsed.keptSteps + parsed.keptToolCalls).toBeLessThan(counts.steps + counts.toolCalls);
    expect(child.maxRssBytes!).toBeLessThanOrEqual(budget(size));
  });
});
