import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendRunFile, createRunFileWriteStream, openRunFile, readRunFile, readRunFileText, replaceRunFile, RunFileRefusedError, writeRunFile } from './run-file.ts';

// The module is what holds when the run folder's layout does not: each test plants in the run
// folder what a hostile agent could if it could reach it (a link to a secret, a FIFO, /dev/zero).
let dir: string;
let run: string;
let secret: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-run-file-'));
  run = join(dir, 'run');
  mkdirSync(run);
  mkdirSync(join(dir, 'home', '.ssh'), { recursive: true });
  secret = join(dir, 'home', '.ssh', 'id_rsa');
  writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY----- not for the store');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mkfifo = (path: string) => execFileSync('mkfifo', [path]);
const refusal = (fn: () => unknown): RunFileRefusedError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof RunFileRefusedError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('reading a run file', () => {
  it('reads the engine’s own file, and says there is none when it is missing', () => {
    writeFileSync(join(run, 'transcript.jsonl'), '{"type":"x"}\n');
    expect(readRunFile(join(run, 'transcript.jsonl'), 1024)).toEqual({ bytes: Buffer.from('{"type":"x"}\n'), cut: false });
    expect(readRunFile(join(run, 'missing.jsonl'), 1024)).toBeUndefined();
    expect(readRunFileText(join(run, 'missing.json'))).toBeUndefined();
  });

  it('refuses a transcript replaced by a link to a secret file, naming the file and the link', () => {
    symlinkSync(secret, join(run, 'transcript.jsonl'));
    const error = refusal(() => readRunFile(join(run, 'transcript.jsonl'), 1 << 20));
    expect(error.message).toContain(join(run, 'transcript.jsonl'));
    expect(error.message).toMatch(/symbolic link.*replaced it/);
    expect(error.message).not.toContain('PRIVATE KEY');
    expect(() => openRunFile(join(run, 'transcript.jsonl'), 1 << 20)).toThrow(RunFileRefusedError);
  });

  it('refuses a FIFO at once instead of waiting for a writer that never comes', () => {
    mkfifo(join(run, 'transcript.jsonl'));
    const started = Date.now();
    expect(refusal(() => readRunFile(join(run, 'transcript.jsonl'), 1 << 20)).message).toMatch(/is a FIFO, not the file the engine wrote/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses /dev/zero, as a link or named directly, instead of reading without end', () => {
    symlinkSync('/dev/zero', join(run, 'transcript.jsonl'));
    expect(refusal(() => readRunFile(join(run, 'transcript.jsonl'), 1 << 20)).message).toMatch(/symbolic link/);
    expect(refusal(() => readRunFile('/dev/zero', 1 << 20)).message).toMatch(/is a device/);
  });

  it('refuses a folder where the file should be, and a file in a folder that is a link', () => {
    mkdirSync(join(run, 'turns.json'));
    expect(refusal(() => readRunFileText(join(run, 'turns.json'))).message).toMatch(/is a folder/);
    symlinkSync(join(dir, 'home', '.ssh'), join(run, 'slurm'));
    expect(refusal(() => readRunFileText(join(run, 'slurm', 'id_rsa'))).message).toMatch(/slurm is a symbolic link, not the run's own folder/);
  });

  it('stops reading at its cap and says the file was cut; a JSON file over its cap is refused whole', () => {
    writeFileSync(join(run, 'stderr.log'), 'x'.repeat(5000));
    const read = readRunFile(join(run, 'stderr.log'), 1000)!;
    expect(read.bytes.length).toBe(1000);
    expect(read.cut).toBe(true);
    expect(refusal(() => readRunFileText(join(run, 'stderr.log'), 1000)).message).toMatch(/larger than/);
  });
});

describe('writing a run file', () => {
  it('replaces a planted link with a new file and leaves the link’s target as it was', () => {
    symlinkSync(secret, join(run, 'manifest.json'));
    writeRunFile(join(run, 'manifest.json'), '{"status":"running"}\n');
    expect(readFileSync(secret, 'utf8')).toContain('not for the store');
    expect(lstatSync(join(run, 'manifest.json')).isFile()).toBe(true);
    expect(readFileSync(join(run, 'manifest.json'), 'utf8')).toBe('{"status":"running"}\n');
  });

  it('writes through neither a link at <file>.tmp nor one at the file when replacing it', () => {
    const victim = join(dir, 'home', 'authorized_keys');
    writeFileSync(victim, 'ssh-ed25519 the-users-own-key\n');
    symlinkSync(victim, join(run, 'turns.json.tmp'));
    symlinkSync(victim, join(run, 'turns.json'));
    replaceRunFile(join(run, 'turns.json'), '{"attempt":1,"turns":[]}\n');
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 the-users-own-key\n');
    expect(readRunFileText(join(run, 'turns.json'))).toBe('{"attempt":1,"turns":[]}\n');
  });

  it('streams a harness’s output into a new file, never through a link planted at its name', async () => {
    const victim = join(dir, 'home', 'authorized_keys');
    writeFileSync(victim, 'ssh-ed25519 the-users-own-key\n');
    symlinkSync(victim, join(run, 'transcript-turn-2.jsonl'));
    const stream = createRunFileWriteStream(join(run, 'transcript-turn-2.jsonl'));
    await new Promise<void>((resolve, reject) => stream.on('error', reject).end('ssh-ed25519 the-agents-key\n', resolve));
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 the-users-own-key\n');
    expect(readFileSync(join(run, 'transcript-turn-2.jsonl'), 'utf8')).toBe('ssh-ed25519 the-agents-key\n');
  });

  it('appends only to a regular file: a link or a FIFO at the name is refused, and appending never blocks', () => {
    appendRunFile(join(run, 'submissions.jsonl'), 'one\n');
    appendRunFile(join(run, 'submissions.jsonl'), 'two\n');
    expect(readFileSync(join(run, 'submissions.jsonl'), 'utf8')).toBe('one\ntwo\n');
    symlinkSync(secret, join(run, 'findings.jsonl'));
    expect(refusal(() => appendRunFile(join(run, 'findings.jsonl'), 'forged\n')).message).toMatch(/symbolic link/);
    expect(readFileSync(secret, 'utf8')).not.toContain('forged');
    mkfifo(join(run, 'log.jsonl'));
    expect(refusal(() => appendRunFile(join(run, 'log.jsonl'), 'x\n')).message).toMatch(/FIFO/);
  });

  it('refuses to write into a folder that is a link to somewhere else', () => {
    symlinkSync(join(dir, 'home', '.ssh'), join(run, 'slurm'));
    expect(refusal(() => writeRunFile(join(run, 'slurm', 'exec.json.tmp'), '{}')).message).toMatch(/not the run's own folder/);
    expect(() => lstatSync(join(dir, 'home', '.ssh', 'exec.json.tmp'))).toThrow();
  });
});
