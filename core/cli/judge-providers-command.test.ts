import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeProviderListings } from '../judge/providers/judge-providers.ts';
import { runLhbChild } from './lhb-child-process.fixture.ts';

/** A printed table's rows as their cells (columns are two or more spaces apart). */
const cellsOf = (text: string): string[][] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.trim().split(/ {2,}/));

// Where a user finds the judges a file may name: printed from the providers' list, so a new
// provider shows up without a README edit, and the README's example is a true start of it.
describe('lhb judge providers', () => {
  it('prints every provider of the list with its model API, base URL and key variable, as a table and as JSON, without a workspace', async () => {
    const listings = judgeProviderListings();
    const folder = mkdtempSync(join(tmpdir(), 'lhb-judge-providers-'));
    const workspace = join(folder, 'ws');
    const table = await runLhbChild(['judge', 'providers'], { LHB_WORKSPACE: workspace });
    expect(existsSync(workspace)).toBe(false);
    rmSync(folder, { recursive: true, force: true });
    expect(table.status, table.stderr).toBe(0);
    expect(cellsOf(table.stdout)).toEqual([['PROVIDER', 'MODEL API', 'EXAMPLE BASE URL', 'KEY VARIABLE'], ...listings.map((l) => [l.provider, l.api, l.baseUrl, l.apiKeyEnv])]);

    const json = await runLhbChild(['judge', 'providers', '--json']);
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(listings);
  }, 60_000);

  it("is where the README's Judging section sends the reader, and the rows it shows are the command's first", async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const judging = readme.split('\n## Judging\n')[1]!.split('\n## ')[0]!;
    expect(judging).toContain('`lhb judge providers`');
    const example = /\n```\n(PROVIDER .*?)```\n/s.exec(judging)?.[1];
    expect(example, "the Judging section shows the command's output").toBeDefined();
    const printed = await runLhbChild(['judge', 'providers']);
    const shown = cellsOf(example!);
    expect(shown.length).toBeGreaterThan(1);
    expect(cellsOf(printed.stdout).slice(0, shown.length)).toEqual(shown);
  }, 60_000);
});
