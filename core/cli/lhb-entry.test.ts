import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIVE_SYSTEMS } from '../stats/comparisons.fixture.ts';

// The `lhb` entry sends `lhb stats <name>` straight to its module and everything else to main.ts
// (commander): both ways must print what main.ts alone prints.
const ENTRY = fileURLToPath(new URL('./lhb.ts', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const SPAWNING_TEST_TIMEOUT_MS = 60_000;

const run = (script: string, args: string[], input = '') => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', input });

describe('the lhb entry', () => {
  it('answers lhb stats bt, and a bad statistic name, as main.ts does', () => {
    const input = JSON.stringify({ comparisons: FIVE_SYSTEMS, bootstrap: 100, seed: 4 });
    const direct = run(ENTRY, ['stats', 'bt'], input);
    expect(direct.stderr).toBe('');
    expect(direct.status).toBe(0);
    expect(direct.stdout).toBe(run(MAIN, ['stats', 'bt'], input).stdout);
    const unknown = run(ENTRY, ['stats', 'median'], '{}');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe(run(MAIN, ['stats', 'median'], '{}').stderr);
  }, SPAWNING_TEST_TIMEOUT_MS);

  it('leaves every other command line to commander', () => {
    expect(run(ENTRY, ['stats', '--help']).stdout).toContain('Usage: lhb stats [options] <name>');
    const extra = run(ENTRY, ['stats', 'bt', 'extra']);
    expect(extra.status).toBe(1);
    expect(extra.stderr).toContain('too many arguments');
    expect(run(ENTRY, ['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  }, SPAWNING_TEST_TIMEOUT_MS);
});
