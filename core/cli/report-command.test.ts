import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTwoStudyAblation, STUDY_RUNS, TWO_STUDIES } from '../analysis/two-study-ablation.fixture.ts';
import { seedWorkspace } from './seeded-workspace.fixture.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', timeout: 180_000 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-report-cli-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb report', () => {
  it('writes the folder for one study, prints where its index is, and refuses to write over it again', async () => {
    const workspace = join(dir, 'workspace');
    await seedWorkspace(workspace, seedTwoStudyAblation);
    const out = join(dir, 'report');
    const first = lhb(['report', '--out', out, '--study', TWO_STUDIES.two.id.slice(0, 9), '--resamples', '200', '-w', workspace]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toBe(`${join(out, 'index.html')}\n`);
    expect(first.stderr).toMatch(new RegExp(`^Wrote the report to ${out}: \\d+ sections, ${STUDY_RUNS.two.length} run pages, 0 frames\\. Open index\\.html`, 'm'));
    expect(readdirSync(join(out, 'runs')).sort()).toEqual(STUDY_RUNS.two.map((id) => `${id}.html`).sort());

    const again = lhb(['report', '--out', out, '-w', workspace]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`${out} already exists and is not an empty folder. No report was written and nothing there was changed`);

    const both = lhb(['report', '--out', join(dir, 'other'), '--include-synthetic', '--exclude-synthetic', '-w', workspace]);
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('choose one of --include-synthetic and --exclude-synthetic.');
    expect(existsSync(join(dir, 'other'))).toBe(false);
  }, 300_000);
});
