import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { createApi, type Api } from '../api/create-api.ts';
import { addRevisionTurns, REVISING_AGENT } from '../analysis/multi-turn-workspace.fixture.ts';
import { recordJudgment } from '../judge/record-judgment.ts';
import { insertJudgment } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { findRun, listRuns } from '../store/run-repository.ts';
import { importBundles } from '../runs/bundles/import-bundles.ts';
import { exportAtif } from '../runs/trajectory/atif.ts';
import { importTestTask, writeTestSkill } from '../runs/study/study-engine.fixture.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { runLhbChild } from './lhb-child-process.fixture.ts';

// Acceptance for "an import keeps every figure": a workspace with two studies of skill arms and
// repeats (multi-turn runs among them, errors recovered and not, some runs leaving a deployable
// build) and two bundles imported with ATIF trajectories, judged by three judges (two stored sets
// of unequal weights) and voted on, analysed with `lhb analyze --json`, exported with `lhb export
// hf`, imported with `lhb import hf` into a new (empty) workspace and analysed again; then both
// workspaces exported once more, to see that what the import kept travels on.

/** A one-turn agent that writes a page outside dist/ (no deployable build) after a failed `ls`, recovered when it was given a skill (arm v2) and not without (arm none). */
const ONE_TURN_AGENT = [
  'cat > /dev/null; mkdir -p out; printf "<p>hi</p>\\n" > out/page.html',
  `echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls missing"}}'; echo '{"type":"tool_result","result":"ls: missing: No such file or directory","exitCode":2}'`,
  `if [ -d .agents/skills ]; then echo '{"type":"tool_call","name":"shell","arguments":{"command":"ls out"}}'; echo '{"type":"tool_result","result":"page.html","exitCode":0}'; fi`,
].join('\n');

const SEED = 'round-trip';
let dir: string;
let api: Api | undefined;

/** A small deterministic score from a text: the same run and judge always score the same. */
const scoreOf = (text: string) => ([...text].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 9973, 7) % 5) + 1;

async function seedStudyWorkspace(workspace: string): Promise<void> {
  api = createApi(openWorkspace(workspace, { emptyProject: { name: 'Round trip' } }));
  const multiTurn = await importTestTask(api.context.workspace, dir, 'engine-task');
  addRevisionTurns(multiTurn);
  const other = await importTestTask(api.context.workspace, dir, 'second-task');
  const { studyId } = await api.call('runs.start', {
    tasks: ['engine-task', 'second-task'],
    configurations: [
      { harness: 'command', model: 'scripted', command: REVISING_AGENT },
      { harness: 'command', model: 'one-turn', command: ONE_TURN_AGENT },
    ],
    skill: { dir: writeTestSkill(dir), versions: ['none', 'v2'] },
    repeats: 2,
    taskFolders: { 'engine-task': multiTurn, 'second-task': other },
  });
  await api.context.jobs.idle();
  // A second study of one configuration again: the store then lists runs, studies and errors in an
  // order (newest study first, each by position) an import cannot reproduce.
  const { studyId: againId } = await api.call('runs.start', {
    tasks: ['second-task', 'engine-task'],
    configurations: [{ harness: 'command', model: 'one-turn', command: ONE_TURN_AGENT }],
    skill: { dir: join(dir, 'demo-skill'), versions: ['v2', 'none'] },
    repeats: 2,
    taskFolders: { 'engine-task': multiTurn, 'second-task': other },
  });
  await api.context.jobs.idle();
  const runIds: string[] = [];
  for (const id of [studyId, againId]) {
    const view = await api.call('runs.study', { studyId: id });
    runIds.push(...view.runs.flatMap((run) => (run.runId === null ? [] : [run.runId])));
  }
  expect(runIds.length).toBeGreaterThanOrEqual(20);
  // Two bundles imported with ATIF trajectories (no study): their tokens, cost and errors are the trajectory's.
  for (const skill of ['none', 'v2']) runIds.push(await importAtifBundle(api, skill));
  const db = api.context.workspace.db;
  let second = 0;
  const at = () => new Date(Date.UTC(2026, 1, 2, 10, 0, second++)).toISOString();
  // Judgments made before sets were stored (no set, equal weights)…
  for (const runId of runIds) {
    for (const judge of ['judge-a', 'judge-b']) {
      for (const [tier, rubric] of [['output', 'output.fidelity'], ['output', 'output.completeness'], ['process', 'process.planning']] as const) {
        recordJudgment(db, { runId, judge, tier, rubric, rubricVersion: 'v1', score: scoreOf(`${runId}/${judge}/${rubric}`), createdAt: at() });
      }
    }
  }
  // …and with two stored sets of unequal weights, a 5-point expert set and a 3-point generic one; a
  // multi-turn run judged at its last turn and, apart, at its second.
  const anchors = (levels: number[]) => Object.fromEntries(levels.map((level) => [String(level), `level ${level}`]));
  const sets = [
    { name: 'study-content', tier: 'content', scale: 5, authoredBy: 'expert', taskKinds: ['programmatic'], rubrics: [['accuracy', 0.7], ['clarity', 0.3]] },
    { name: 'study-process', tier: 'process', scale: 3, authoredBy: 'llm-generic', taskKinds: 'any', rubrics: [['planning', 0.6], ['recovery', 0.4]] },
  ] as const;
  for (const set of sets) {
    const levels = set.scale === 5 ? [1, 2, 3, 4, 5] : [0, 1, 2];
    await api.call('rubrics.save', {
      set: { name: set.name, version: 'v1', tier: set.tier, scale: set.scale, title: set.name, authoredBy: set.authoredBy, taskKinds: set.taskKinds === 'any' ? 'any' : [...set.taskKinds], rubrics: set.rubrics.map(([name, weight]) => ({ name, criterion: `the ${name}`, weight, anchors: anchors(levels) })) },
    });
  }
  for (const runId of runIds) {
    const multiTurn = findRun(db, runId)!.task_id === 'engine-task';
    for (const turn of multiTurn ? [2, 3] : [null]) {
      for (const judge of ['judge-a', 'judge-b', 'judge-c']) {
        for (const set of sets) {
          for (const [rubric] of set.rubrics) {
            const score = set.scale === 5 ? scoreOf(`${runId}/${judge}/${rubric}/${turn}`) : scoreOf(`${runId}/${judge}/${rubric}/${turn}`) % 3;
            insertJudgment(db, { id: `${runId}/${judge}/${set.name}/${rubric}/${turn}`, run_id: runId, judge, tier: set.tier, rubric, rubric_set: set.name, rubric_version: 'v1', scale: set.scale, score, rationale: '', synthetic: 0, created_at: at(), turn });
          }
        }
      }
    }
  }
  for (const [name, times] of [['Alice Example', [4200, 1200, 5100, 3900, 8000, 2500]], ['Bruno Example', [6100, 7000, 900, 4400, 5200, 3300]]] as const) {
    const annotator = await api.call('arena.createAnnotator', { name });
    for (const [n, timeOnItemMs] of times.entries()) {
      const next = await api.call('arena.nextPair', { annotatorId: annotator.id });
      if (!next.item) break;
      const choice = (['left', 'right', 'tie', 'left', 'both-bad', 'right'] as const)[n]!;
      await api.call('arena.vote', { token: next.item.token, choice, ratingLeft: 1 + (n % 5), ratingRight: 1 + ((n + 2) % 5), reason: '', timeOnItemMs });
    }
  }
  await api.close();
  api = undefined;
}

/** A claude-code run of engine-task with skill `skill`, imported as a bundle with an ATIF trajectory: one failed call, recovered in arm v2 only. */
async function importAtifBundle(target: Api, skill: string): Promise<string> {
  const bundle = join(dir, `atif-${skill}`);
  mkdirSync(bundle);
  writeFileSync(join(bundle, 'run.json'), JSON.stringify({ task_id: 'engine-task', harness: 'claude-code', model: 'sonnet', versions: { skill }, started_at: '2026-02-01T12:00:00Z', finished_at: '2026-02-01T12:01:00Z', status: 'succeeded' }));
  const call = (id: string, command: string, ok: boolean) => ({ id, name: 'Bash', arguments: { command }, result: ok ? 'year' : 'No such file', ok, failure: ok ? null : 'exit code 1', exitCode: ok ? 0 : 1, durationMs: null });
  const calls = [call('a', 'cat missing.txt', false), ...(skill === 'v2' ? [call('b', 'cat data.csv', true)] : [])];
  writeFileSync(join(bundle, 'trajectory.json'), JSON.stringify(exportAtif({
    format: 'lhb-trajectory/1', harness: 'claude-code', harnessVersion: '2.1.3', model: 'sonnet', sessionId: `s-${skill}`, tokens: { input: skill === 'v2' ? 900 : 1200, output: 300, cacheRead: 0, cacheWrite: 0 },
    costUsd: skill === 'v2' ? 0.015 : 0.02, durationMs: 60_000, outcome: 'completed', warnings: [],
    steps: [{ index: 0, source: 'agent', text: '', timestamp: null, tokens: null, toolCalls: calls }],
  })));
  const imported = await importBundles(target.context.workspace, [bundle]);
  expect(imported.outcomes[0]).toMatchObject({ status: 'imported' });
  const run = listRuns(target.context.workspace.db, findCurrentProject(target.context.workspace.db)!.id).find((candidate) => candidate.harness === 'claude-code' && candidate.versions_json.includes(`"${skill}"`));
  return run!.id;
}

async function analyze(workspace: string): Promise<AnalysisReport> {
  const result = await runLhbChild(['analyze', '--json', '--seed', SEED, '--resamples', '500', '-w', workspace]);
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as AnalysisReport;
}

/** The report without its one clock reading (`generatedAt`, when it was computed), which is all two computations of one study may differ in. */
function withoutClock(report: AnalysisReport): Omit<AnalysisReport, 'generatedAt'> {
  const { generatedAt: _generatedAt, ...rest } = report;
  return rest;
}

let before: AnalysisReport;
let after: AnalysisReport;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-analysis-round-trip-'));
  const workspace = join(dir, 'ws');
  await seedStudyWorkspace(workspace);
  before = await analyze(workspace);
  const exported = await runLhbChild(['export', 'hf', '--out', join(dir, 'release'), '-w', workspace]);
  expect(exported.status, exported.stderr).toBe(0);
  const imported = await runLhbChild(['import', 'hf', join(dir, 'release'), '-w', join(dir, 'fresh')]);
  expect(imported.status, imported.stderr).toBe(0);
  after = await analyze(join(dir, 'fresh'));
  for (const [workspaceDir, out] of [[workspace, 'again-source'], [join(dir, 'fresh'), 'again-fresh']] as const) {
    const again = await runLhbChild(['export', 'hf', '--format', 'jsonl', '--out', join(dir, out), '-w', workspaceDir]);
    expect(again.status, again.stderr).toBe(0);
  }
}, 600_000);

/** The rows of one subset of a JSON lines export, as text lines. */
const subsetLines = (out: string, subset: string) =>
  readdirSync(join(dir, out, 'data', subset)).sort().flatMap((file) => readFileSync(join(dir, out, 'data', subset, file), 'utf8').split('\n').filter(Boolean));

afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('lhb analyze after lhb export hf and lhb import hf into an empty workspace', () => {
  it('analyses a study with every kind of figure: arms, multi-turn runs, deployable builds, recoveries, three judges with two weighted sets, and votes', () => {
    expect(before.study.judges).toEqual(['judge-a', 'judge-b', 'judge-c']);
    expect(before.study.votes).toBeGreaterThanOrEqual(8);
    expect(before.turns.runs).toBeGreaterThanOrEqual(2);
    expect(before.turns.revisions.some((revision) => revision.runs > 0)).toBe(true);
    const arms = before.ablation.groups.flatMap((group) => group.arms);
    expect(arms.some((arm) => arm.deployable > 0)).toBe(true);
    expect(arms.some((arm) => arm.deployable < arm.runs)).toBe(true);
    expect(before.recovery.overall.errors).toBeGreaterThan(0);
    expect(before.preference.elo.length).toBeGreaterThanOrEqual(2);
    expect(before.recovery.importedRuns).toBe(2);
    expect(before.ablation.groups.find((group) => group.harness === 'claude-code')?.arms.map((arm) => arm.tokensInput.mean)).toEqual([1200, 900]);
    expect([...new Set(before.alignment.groups.map((group) => group.rubricSet))].sort()).toEqual(['', 'study-content', 'study-process']);
  });

  it('prints the same report, to the last digit, but for the time it was generated', () => {
    expect(withoutClock(after)).toEqual(withoutClock(before));
  });

  it('exports the imported runs, judgments and votes again as the first workspace does, turns and artifacts included', () => {
    for (const subset of ['runs', 'judgments', 'preferences']) expect(subsetLines('again-fresh', subset), subset).toEqual(subsetLines('again-source', subset));
    const runs = subsetLines('again-fresh', 'runs').map((line) => JSON.parse(line) as { turns: unknown[]; artifacts: { path: string }[] });
    expect(runs.some((run) => run.turns.length === 3)).toBe(true);
    expect(runs.some((run) => run.artifacts.some((artifact) => artifact.path === 'dist/index.html'))).toBe(true);
  });

  it('exports the tasks, studies and trajectories of the first workspace, one trajectory per run, which the import reads without changing any figure', () => {
    const runs = subsetLines('again-source', 'runs').map((line) => (JSON.parse(line) as { run_id: string }).run_id);
    const trajectories = subsetLines('again-source', 'trajectories').map((line) => JSON.parse(line) as { run_id: string; source: string; steps: unknown[] });
    expect(trajectories.map((row) => row.run_id)).toEqual(runs);
    expect(trajectories.filter((row) => row.source === 'study').length).toBeGreaterThanOrEqual(20);
    expect(trajectories.filter((row) => row.source === 'atif')).toHaveLength(2);
    expect(subsetLines('again-source', 'studies')).toHaveLength(2);
    expect(subsetLines('again-source', 'tasks').map((line) => (JSON.parse(line) as { task_id: string }).task_id)).toEqual(['engine-task', 'second-task']);
  });

  it('derives the same preference pairs from the imported votes (their prompts and outputs read the task and trajectories, which do not travel yet)', () => {
    const pairs = (out: string) =>
      subsetLines(out, 'preference_pairs').map((line) => {
        const { prompt: _prompt, chosen: _chosen, rejected: _rejected, ...rest } = JSON.parse(line) as Record<string, unknown>;
        return rest;
      });
    const votes = subsetLines('again-source', 'preferences').map((line) => JSON.parse(line) as { vote_id: string; winner_run: string | null });
    expect(pairs('again-source').map((pair) => pair.vote_id)).toEqual(votes.filter((vote) => vote.winner_run !== null).map((vote) => vote.vote_id));
    expect(pairs('again-source').length).toBeGreaterThan(0);
    expect(pairs('again-fresh')).toEqual(pairs('again-source'));
  });
});
