import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisReportSchema } from '../../schemas/analysis.ts';
import { openApi } from '../api/open-api.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const lhb = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-analyze-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb analyze', () => {
  it('--json prints the same report as analysis.report for the same seed and resamples', async () => {
    const workspace = join(dir, 'workspace');
    const result = lhb(['analyze', '--json', '--resamples', '300', '--seed', 's1', '-w', workspace]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = AnalysisReportSchema.parse(JSON.parse(result.stdout));
    expect(report.study).toMatchObject({ includesSynthetic: true, seed: 's1', resamples: 300, votes: 300 });
    expect(report.preference.elo.length).toBeGreaterThanOrEqual(3);
    const api = await openApi(workspace);
    try {
      const viaRpc = AnalysisReportSchema.parse(await api.call('analysis.report', { resamples: 300, seed: 's1' }));
      expect({ ...viaRpc, generatedAt: '' }).toEqual({ ...report, generatedAt: '' });
    } finally {
      await api.close();
    }

    const md = join(dir, 'report.md');
    const written = lhb(['analyze', '--md', '--out', md, '-w', workspace]);
    expect(written.status).toBe(0);
    expect(written.stdout).toBe('');
    expect(written.stderr).toContain('includes synthetic data');
    const text = readFileSync(md, 'utf8');
    expect(text).toContain('Includes synthetic data');
    for (const heading of ['## Leaderboards', '## Judge agreement', '## Human preference', '## Human–judge alignment']) expect(text).toContain(heading);
    expect(text).toContain('| claude-code · claude-sonnet-4-5 · skill v2 |');

    const excluded = lhb(['analyze', '--json', '--exclude-synthetic', '-w', workspace]);
    expect(JSON.parse(excluded.stdout)).toMatchObject({ study: { includesSynthetic: false, votes: 0 } });
  }, 180_000);

  it('refuses resamples out of range with a message naming the range', () => {
    const result = lhb(['analyze', '--resamples', '5', '-w', join(dir, 'unused')]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('100 to 20000');
  });
});
