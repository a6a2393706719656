import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const lhb = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-export-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lhb export hf', () => {
  it('writes the chosen subsets as JSON lines with the card, and prints each file with its rows', () => {
    const out = join(dir, 'release');
    const result = lhb(['export', 'hf', '--out', out, '--format', 'jsonl', '--subsets', 'chapters,runs', '--include-synthetic', '-w', join(dir, 'ws')]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^data\/chapters\/train-00000-of-00001\.jsonl\t3 rows\t\d+ bytes$/),
      expect.stringMatching(/^data\/runs\/train-00000-of-00001\.jsonl\t5 rows\t\d+ bytes$/),
      expect.stringMatching(/^data\/runs\/synthetic-00000-of-00001\.jsonl\t48 rows\t\d+ bytes$/),
      'README.md (dataset card)',
    ]);
    expect(result.stderr).toMatch(/^Exported 56 rows to .*release \(with the synthetic split\)\.\n$/);
    expect(readdirSync(out).sort()).toEqual(['README.md', 'data']);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).toMatch(/^---\nlicense: unknown\n/);
  }, 120_000);

  it('refuses an unknown subset or format before opening anything, naming the choices', () => {
    const subsets = lhb(['export', 'hf', '--out', join(dir, 'x'), '--subsets', 'votes', '-w', join(dir, 'ws')]);
    expect(subsets.status).toBe(1);
    expect(subsets.stderr).toContain('--subsets votes: votes is not a subset; choose from sources, chapters, preferences, judgments, runs, rubrics.');
    const format = lhb(['export', 'hf', '--out', join(dir, 'x'), '--format', 'csv', '-w', join(dir, 'ws')]);
    expect(format.status).toBe(1);
    expect(format.stderr).toContain('--format csv is not one of parquet, jsonl.');
    expect(existsSync(join(dir, 'x'))).toBe(false);
  }, 120_000);
});
