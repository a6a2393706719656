import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ProcessOutcome } from '../executors/run-process.ts';
import { readTurnProgress, writeTurnProgress, type EndedTurn } from './turn-progress.ts';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'lhb-turn-progress-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

const outcome: ProcessOutcome = { exitCode: 0, signal: null, timedOut: false, cancelled: false, outputCapped: false, spawnError: null, durationMs: 1200, stdoutBytes: 10, stderrTail: '' };
const turn: EndedTurn = {
  record: { index: 1, prompt: 'Build the page.', status: 'succeeded', resumed: false, durationMs: 1200, artifacts: [{ path: 'dist/index.html', sha256: 'a'.repeat(64), sizeBytes: 3 }], transcript: { offset: 0, bytes: 10 } },
  transcriptFile: 'transcript.jsonl',
  outcome,
};

it('gives back the turns its attempt recorded, as they were', () => {
  writeTurnProgress(folder, 2, [turn]);
  expect(readTurnProgress(folder, 2)).toEqual([turn]);
});

it('keeps nothing of another attempt, of a file cut off, or of none', () => {
  expect(readTurnProgress(folder, 1)).toEqual([]);
  writeTurnProgress(folder, 2, [turn]);
  // The attempt that follows a failed one makes the folder afresh; one stopped before it did finds the old file.
  expect(readTurnProgress(folder, 3)).toEqual([]);
  writeFileSync(join(folder, 'turns.json'), '{"attempt": 2, "turns": [{"rec');
  expect(readTurnProgress(folder, 2)).toEqual([]);
});

it('names each turn’s transcript itself: a turns.json pointing a turn at an outside file is not followed', () => {
  const turn2: EndedTurn = { ...turn, record: { ...turn.record, index: 2, transcript: { offset: 10, bytes: 5 } }, transcriptFile: 'transcript-turn-2.jsonl' };
  writeTurnProgress(folder, 1, [turn, turn2]);
  const forged = readFileSync(join(folder, 'turns.json'), 'utf8').replace('"transcript.jsonl"', '"../../home/.ssh/id_rsa"').replace('"transcript-turn-2.jsonl"', '"/etc/passwd"');
  writeFileSync(join(folder, 'turns.json'), forged);
  expect(readTurnProgress(folder, 1).map((ended) => ended.transcriptFile)).toEqual(['transcript.jsonl', 'transcript-turn-2.jsonl']);
});

it('reads no turns from a turns.json that is a link or a FIFO, and never waits on one', () => {
  const elsewhere = join(folder, 'elsewhere.json');
  writeFileSync(elsewhere, JSON.stringify({ attempt: 1, turns: [turn] }));
  symlinkSync(elsewhere, join(folder, 'turns.json'));
  expect(readTurnProgress(folder, 1)).toEqual([]);
  rmSync(join(folder, 'turns.json'));
  execFileSync('mkfifo', [join(folder, 'turns.json')]);
  expect(readTurnProgress(folder, 1)).toEqual([]);
});
