import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TranscriptTail } from './transcript-tail.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-tail-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the engine's live view of a Slurm job's transcript", () => {
  it('feeds each complete line once, as the job appends them', () => {
    const file = join(dir, 'transcript.jsonl');
    const lines: string[] = [];
    const tail = new TranscriptTail(file, (line) => lines.push(line));
    tail.read(); // not there yet
    writeFileSync(file, '{"n":1}\n{"n":');
    tail.read();
    appendFileSync(file, '2}\n');
    tail.read();
    expect(lines).toEqual(['{"n":1}', '{"n":2}']);
  });

  it("never reads through a link the agent put at the transcript's name", () => {
    const secret = join(dir, 'id_rsa');
    writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n');
    symlinkSync(secret, join(dir, 'transcript.jsonl'));
    const lines: string[] = [];
    new TranscriptTail(join(dir, 'transcript.jsonl'), (line) => lines.push(line)).read();
    expect(lines).toEqual([]);
  });

  it('returns at once from a FIFO or a device at the name instead of hanging the engine', () => {
    const fifo = join(dir, 'transcript.jsonl');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const lines: string[] = [];
    const started = Date.now();
    new TranscriptTail(fifo, (line) => lines.push(line)).read();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines).toEqual([]);
  });
});
