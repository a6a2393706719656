import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalysisReportSchema } from '../../schemas/analysis.ts';
import type { ErrorType, TrajectoryError } from '../../schemas/trajectory.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { configIdOf } from '../runs/run-configuration.ts';
import { importTestTask } from '../runs/study/study-engine.fixture.ts';
import { exportAtif } from '../runs/trajectory/atif.ts';
import { bootstrapInterval } from '../stats/bootstrap.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { finishStudyRun, insertStudy } from '../store/study-repository.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { buildAnalysisReport } from './build-analysis-report.ts';
import { buildRecovery, recoveryRate } from './recovery.ts';
import type { RunErrorSet } from './recovery-data.ts';
import { renderAnalysisMarkdown } from './report-markdown.ts';

const OPTIONS = { resamples: 500, seed: 'recovery-test' };
const errors = (...list: [ErrorType, boolean][]) => list.map(([type, recovered]) => ({ type, recovered }));
const set = (run: string, config: string, list: RunErrorSet['errors'], imported = false): RunErrorSet => ({ run, config, label: `label ${config}`, imported, errors: list });

describe('recovery rates from known errors', () => {
  const SETS = [
    set('a1', 'A', errors(['tool', true], ['tool', true], ['build', false])),
    set('a2', 'A', errors(['not-found', true]), true),
    set('b1', 'B', errors(['build', true])),
    set('b2', 'B', []),
    set('b3', 'B', errors(['test', false], ['test', false])),
  ];

  it('pools errors overall, per type (most frequent first) and per configuration, counting runs without errors', () => {
    const recovery = buildRecovery(SETS, OPTIONS);
    expect(recovery).toMatchObject({ runs: 5, importedRuns: 1, overall: { errors: 7, recovered: 4, rate: 4 / 7, runs: 5 } });
    expect(recovery.byType.map((row) => [row.type, row.errors, row.recovered, row.rate, row.runs])).toEqual([
      ['tool', 2, 2, 1, 1],
      ['build', 2, 1, 0.5, 2],
      ['test', 2, 0, 0, 1],
      ['not-found', 1, 1, 1, 1],
    ]);
    expect(recovery.byConfiguration.map((row) => [row.config, row.label, row.runs, row.errors, row.recovered, row.rate])).toEqual([
      ['A', 'label A', 2, 4, 3, 0.75],
      ['B', 'label B', 3, 3, 1, 1 / 3],
    ]);
  });

  it('gives each rate a seeded 95% interval that resamples runs, not single errors', () => {
    const recovery = buildRecovery(SETS, OPTIONS);
    const overall = recovery.overall;
    expect(overall.lo!).toBeLessThanOrEqual(overall.rate!);
    expect(overall.hi!).toBeGreaterThanOrEqual(overall.rate!);
    const values = [1, 1, 0, 1, 1, 0, 0];
    const clustered = bootstrapInterval(values, { clusters: ['a1', 'a1', 'a1', 'a2', 'b1', 'b3', 'b3'], ...OPTIONS });
    expect([overall.lo, overall.hi]).toEqual([clustered.lo, clustered.hi]);
    expect(buildRecovery(SETS, OPTIONS)).toEqual(recovery);
    // All of "tool" comes from one run: resampling runs cannot move it, where resampling errors would.
    const tool = recovery.byType.find((row) => row.type === 'tool')!;
    expect([tool.lo, tool.hi]).toEqual([1, 1]);
    const test = recovery.byType.find((row) => row.type === 'test')!;
    expect([test.lo, test.hi]).toEqual([0, 0]);
  });

  it('reads the method authors\' kind of headline: 703 of 1,000 errors recovered is 70.3%', () => {
    const runs = Array.from({ length: 100 }, (_, r) => set(`r${r}`, 'C', errors(...Array.from({ length: 10 }, (_, e): [ErrorType, boolean] => ['tool', r * 10 + e < 703]))));
    const { overall } = buildRecovery(runs, OPTIONS);
    expect(overall.rate).toBeCloseTo(0.703, 12);
    expect(overall.lo!).toBeLessThan(0.703);
    expect(overall.hi!).toBeGreaterThan(0.703);
  });

  it('says there is no rate, rather than 0% or 100%, without errors', () => {
    expect(recoveryRate([], 3, OPTIONS)).toEqual({ errors: 0, recovered: 0, rate: null, lo: null, hi: null, runs: 3 });
    expect(buildRecovery([], OPTIONS)).toEqual({ runs: 0, importedRuns: 0, overall: { errors: 0, recovered: 0, rate: null, lo: null, hi: null, runs: 0 }, byType: [], byConfiguration: [] });
  });
});

describe('the analysis report\'s recovery section', () => {
  let dir: string;
  let workspace: Workspace;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lhb-recovery-'));
    workspace = openWorkspace(join(dir, 'ws'));
    await importTestTask(workspace, dir);
  });
  afterEach(() => {
    workspace.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const storedError = (step: number, type: ErrorType, recovered: boolean): TrajectoryError => ({ step, toolCallId: `c${step}`, type, message: `${type} failed`, recovered, recoveredAtStep: recovered ? step + 1 : null });

  /** A study of one configuration whose runs finished (or not) with these errors. */
  function seedExecutedRuns(runs: { status: 'succeeded' | 'failed' | 'cancelled'; errors: TrajectoryError[] }[]): void {
    const project = findCurrentProject(workspace.db)!;
    const now = '2025-11-03T12:00:00.000Z';
    insertStudy(
      workspace.db,
      { id: 'study-1', project_id: project.id, name: 's', spec_json: '{}', config_digest: 'd', executor: 'local', folder: dir, state: 'finished', job_id: null, cancel_requested_at: null, created_at: now, updated_at: now },
      runs.map((_, position) => ({ id: `sr-${position}`, study_id: 'study-1', position, task_id: 'engine-task', harness: 'command', model: 'scripted', versions_json: '{"skill":"none"}', config_id: configIdOf('command', 'scripted', { skill: 'none' }), config_index: 0, repeat_index: position, updated_at: now })),
    );
    runs.forEach((run, position) =>
      finishStudyRun(workspace.db, `sr-${position}`, {
        status: run.status, error_kind: null, error_message: null, finished_at: now, duration_ms: 10, steps: 3, tool_calls: 3, failed_tool_calls: run.errors.length,
        tokens_input: 1, tokens_output: 1, cost_usd: null, last_event: null, transcript_sha256: null, trajectory_sha256: null, errors_json: JSON.stringify(run.errors), run_id: null,
      }),
    );
  }

  it('counts executed runs\' and imported runs\' stored errors per configuration, leaves cancelled runs out, and prints them in Markdown', async () => {
    seedExecutedRuns([
      { status: 'succeeded', errors: [storedError(1, 'not-found', true), storedError(2, 'build', false)] },
      { status: 'failed', errors: [storedError(1, 'build', true)] },
      { status: 'cancelled', errors: [storedError(1, 'network', false)] },
    ]);
    // An imported run: a bundle with an ATIF trajectory whose one failed call is recovered.
    const bundle = join(dir, 'bundle');
    mkdirSync(bundle);
    writeFileSync(join(bundle, 'run.json'), JSON.stringify({ task_id: 'engine-task', harness: 'claude-code', model: 'sonnet', versions: {}, started_at: '2025-11-03T12:00:00Z', finished_at: '2025-11-03T12:01:00Z', status: 'succeeded' }));
    const call = (id: string, command: string, result: string, ok: boolean) => ({ id, name: 'Bash', arguments: { command }, result, ok, failure: ok ? null : 'exit code 1', exitCode: ok ? 0 : 1, durationMs: null });
    writeFileSync(join(bundle, 'trajectory.json'), JSON.stringify(exportAtif({
      format: 'lhb-trajectory/1', harness: 'claude-code', harnessVersion: '2.1.3', model: 'sonnet', sessionId: 's', tokens: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, costUsd: null, durationMs: null, outcome: 'completed', warnings: [],
      steps: [{ index: 0, source: 'agent', text: '', timestamp: null, tokens: null, toolCalls: [call('a', 'cat missing.txt', 'cat: missing.txt: No such file or directory', false), call('b', 'cat data.csv', 'year', true)] }],
    })));
    expect((await importBundles(workspace, [bundle])).outcomes[0]).toMatchObject({ status: 'imported' });

    const report = buildAnalysisReport(workspace.db, { ...OPTIONS, synthetic: 'include' });
    const { recovery } = AnalysisReportSchema.parse(report);
    expect(recovery).toMatchObject({ runs: 3, importedRuns: 1, overall: { errors: 4, recovered: 3, rate: 0.75 } });
    expect(recovery.byConfiguration.map((row) => [row.label, row.runs, row.errors, row.recovered])).toEqual([
      ['command · scripted · skill none', 2, 3, 2],
      ['claude-code · sonnet', 1, 1, 1],
    ]);
    // Equally frequent types keep ErrorType's order.
    expect(recovery.byType.map((row) => [row.type, row.errors, row.recovered])).toEqual([
      ['build', 2, 1],
      ['not-found', 2, 2],
    ]);

    const markdown = renderAnalysisMarkdown(report);
    expect(markdown).toContain('## Error recovery');
    expect(markdown).toContain(`75.0% of errors recovered: 3 of 4, 95% CI [${(recovery.overall.lo! * 100).toFixed(1)}%, ${(recovery.overall.hi! * 100).toFixed(1)}%], over 3 runs with a trajectory (1 imported).`);
    expect(markdown).toContain('| command · scripted · skill none | 2 | 3 | 2 | 66.7% |');
    expect(markdown).toContain('| Not found | 2 | 2 | 100.0% |');
  });

  it('says so when no run has a trajectory', () => {
    const report = buildAnalysisReport(workspace.db, OPTIONS);
    expect(report.recovery.runs).toBe(0);
    expect(renderAnalysisMarkdown(report)).toContain('_No run with a trajectory yet');
  });
});
