import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDatasetDir } from '../../app-paths.ts';
import { callInChildProcess } from '../../child-peak-memory.fixture.ts';

// A bundle's or trial's JSON file that is a named pipe would hang the import (a read waits for a
// writer forever), so the import runs in a child process with a guard: a regression fails the test.

const PROBE = new URL('./import-bundles-probe.fixture.ts', import.meta.url);
const GUARD_MS = 60_000;
const demoArena = join(demoDatasetDir, 'arena');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-bundle-fifos-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function importInChild(paths: string[]) {
  const result = await callInChildProcess(PROBE, 'importBundlesForProbe', [join(dir, 'ws'), paths], GUARD_MS);
  expect(result.outcome, `the import ${result.outcome}: ${result.message ?? ''} ${result.stderr.slice(-1500)}`).toBe('returned');
  return result.value as { status: string; reason?: string }[];
}

describe('bundle files that are named pipes', () => {
  it("an output bundle's run.json is refused at once, saying it is a named pipe", async () => {
    const bundle = join(dir, 'run-json-fifo');
    cpSync(join(demoArena, 'bundles', 'bundle-01'), bundle, { recursive: true });
    rmSync(join(bundle, 'run.json'));
    execFileSync('mkfifo', [join(bundle, 'run.json')]);
    const outcomes = await importInChild([join(demoArena, 'tasks'), bundle]);
    expect(outcomes.at(-1)).toEqual({ status: 'failed', reason: expect.stringMatching(/run\.json.*named pipe \(FIFO\)/) });
  }, GUARD_MS + 10_000);

  it("a Harbor trial's result.json is refused at once, saying it is a named pipe", async () => {
    const trial = join(dir, 'trial-fifo');
    mkdirSync(join(trial, 'agent'), { recursive: true });
    writeFileSync(join(trial, 'agent', 'trajectory.json'), '{}');
    execFileSync('mkfifo', [join(trial, 'result.json')]);
    const outcomes = await importInChild([trial]);
    expect(outcomes.at(-1)).toEqual({ status: 'failed', reason: expect.stringMatching(/result\.json.*named pipe \(FIFO\)/) });
  }, GUARD_MS + 10_000);
});
