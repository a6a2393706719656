import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { countJudgments, findJudgment, listJudgments } from '../store/judgment-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { recordSyntheticRun, recordSyntheticTask } from '../runs/synthetic-runs.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { recordJudgment } from './record-judgment.ts';

let dir: string;
let workspace: Workspace;
const now = '2025-01-01T00:00:00.000Z';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-judge-'));
  workspace = openWorkspace(dir);
  recordSyntheticTask(workspace.db, { id: 't1', title: 'Task', instruction: '' }, now);
  recordSyntheticRun(workspace.db, { id: 'r1', taskId: 't1', harness: 'h', model: 'm', versions: { skill: 'v1' }, startedAt: now, finishedAt: now, origin: 'test' }, now);
});

afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

const judgment = { runId: 'r1', judge: 'judge-a', tier: 'output' as const, rubric: 'visual-fidelity', rubricVersion: 'v1', score: 4 };

it('stores a judgment, and a second write under the same id changes nothing', () => {
  const first = recordJudgment(workspace.db, { ...judgment, id: 'j1', rationale: 'close', createdAt: now });
  expect(first).toEqual({ id: 'j1', created: true });
  expect(recordJudgment(workspace.db, { ...judgment, id: 'j1', score: 1 })).toEqual({ id: 'j1', created: false });
  expect(findJudgment(workspace.db, 'j1')).toMatchObject({ run_id: 'r1', score: 4, rationale: 'close', synthetic: 0, created_at: now });
  recordJudgment(workspace.db, { ...judgment, synthetic: true });
  const project = findCurrentProject(workspace.db)!.id;
  expect(listJudgments(workspace.db, project)).toHaveLength(2);
  expect(listJudgments(workspace.db, project, { excludeSynthetic: true })).toHaveLength(1);
});

it('refuses a score off the 1–5 scale, an unknown tier and an unknown run, naming the field', () => {
  expect(() => recordJudgment(workspace.db, { ...judgment, score: 6 })).toThrow(/score/);
  expect(() => recordJudgment(workspace.db, { ...judgment, tier: 'vibes' as never })).toThrow(/tier/);
  expect(() => recordJudgment(workspace.db, { ...judgment, runId: 'nope' })).toThrow(/run nope/);
  expect(countJudgments(workspace.db)).toBe(0);
});

it('goes when its run goes', () => {
  recordJudgment(workspace.db, judgment);
  workspace.db.prepare('DELETE FROM runs WHERE id = ?').run('r1');
  expect(countJudgments(workspace.db)).toBe(0);
});
