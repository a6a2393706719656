import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../schemas/search.ts';
import { TrajectorySchema } from '../../schemas/trajectory.ts';
import { openApi } from '../api/open-api.ts';
import { RARE_ERROR, RARE_TOOL, recordGeneratedStudy } from '../search/generated-runs.fixture.ts';
import { runLhbChild } from './lhb-child-process.fixture.ts';

let dir: string;
let workspace: string;
/** Run ids whose stored trajectory calls the rare tool, and the (run, step) pairs where the rare error appeared. */
let called: string[];
let failedAt: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-search-cli-'));
  workspace = join(dir, 'workspace');
  const api = await openApi(workspace, { emptyProject: { name: 'Search CLI' } });
  try {
    recordGeneratedStudy(api.context.workspace, { studyId: 'cli-study', runs: 20, steps: 150, seed: 'cli' });
    const { db, blobs } = api.context.workspace;
    const rows = db.prepare('SELECT run_id, trajectory_sha256 FROM study_runs ORDER BY run_id').all() as { run_id: string; trajectory_sha256: string }[];
    const trajectories = rows.map((row) => ({ id: row.run_id, steps: TrajectorySchema.parse(JSON.parse(blobs.read(row.trajectory_sha256).toString('utf8'))).steps }));
    called = trajectories.filter((run) => run.steps.some((step) => step.toolCalls.some((call) => call.name === RARE_TOOL))).map((run) => run.id);
    failedAt = trajectories.flatMap((run) => run.steps.filter((step) => step.toolCalls.some((call) => call.result === RARE_ERROR)).map((step) => `${run.id} step ${step.index + 1}`));
  } finally {
    await api.close();
  }
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lhb search', () => {
  it('prints run, step, kind and a snippet per match, and how many runs matched', async () => {
    const result = await runLhbChild(['search', `"${RARE_ERROR}"`, '--kind', 'error', '-w', workspace]);
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^RUN\s+STEP\s+KIND\s+SNIPPET$/);
    expect(lines.slice(1).map((line) => line.split(/\s{2,}/).slice(0, 2).join(' '))).toEqual(failedAt);
    for (const line of lines.slice(1)) expect(line).toContain("«TypeError: Cannot read properties of undefined (reading 'map»')");
    const runs = new Set(failedAt.map((at) => at.split(' ')[0]));
    expect(result.stderr).toContain(`${failedAt.length} match${failedAt.length === 1 ? '' : 'es'} in ${runs.size} run${runs.size === 1 ? '' : 's'}`);
  }, 60_000);

  it('--runs --json finds every run that called a tool and no other', async () => {
    const result = await runLhbChild(['search', RARE_TOOL, '--runs', '--kind', 'tool_call', '--limit', '500', '--json', '-w', workspace]);
    expect(result.status, result.stderr).toBe(0);
    const parsed = JSON.parse(result.stdout) as SearchResult;
    expect(called.length).toBeGreaterThan(0);
    expect([...new Set(parsed.hits.map((hit) => hit.runId))].sort()).toEqual(called);
    expect(parsed.runs).toBe(called.length);
    expect(parsed.hits.every((hit) => hit.kind === 'tool_call' && hit.step !== null)).toBe(true);
  }, 60_000);

  it('pages with --limit and --offset, and says how to get the next page', async () => {
    const first = await runLhbChild(['search', 'chart', '--limit', '3', '-w', workspace]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(4);
    expect(first.stderr).toMatch(/showing 1–3\)\.\nMore: the same command with --offset 3\./);
    const second = await runLhbChild(['search', 'chart', '--limit', '3', '--offset', '3', '-w', workspace]);
    expect(second.stderr).toContain('showing 4–6');
  }, 60_000);

  it('searches a hostile query as words, and refuses an unknown study and a bad limit saying which', async () => {
    const hostile = await runLhbChild(['search', 'NEAR( "chart AND legend* ) OR', '--votes', '-w', workspace]);
    expect(hostile.status, hostile.stderr).toBe(0);
    expect(hostile.stderr).toContain('No match for NEAR( "chart AND legend* ) OR"');
    const nothing = await runLhbChild(['search', '(*)', '-w', workspace]);
    expect(nothing.stderr).toContain('Nothing to search for');
    const study = await runLhbChild(['search', 'chart', '--study', 'nope', '-w', workspace]);
    expect(study.status).toBe(1);
    expect(study.stderr).toContain('No study nope');
    const limit = await runLhbChild(['search', 'chart', '--limit', '0', '-w', workspace]);
    expect(limit.status).not.toBe(0);
    expect(limit.stderr).toContain('--limit is a whole number from 1 to 500');
  }, 120_000);
});
