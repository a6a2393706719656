import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scaleLevels, type RubricSet } from '../../../schemas/judge.ts';
import { recordSyntheticRun, recordSyntheticTask } from '../../runs/synthetic-runs.ts';
import { insertJudgment } from '../../store/judgment-repository.ts';
import { openWorkspace, type Workspace } from '../../workspace/open-workspace.ts';
import { readBuiltinRubricSets } from './builtin-rubric-sets.ts';
import { loadBuiltinRubricSets, openRubricLibrary } from './rubric-library.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';

let dir: string;
let workspace: Workspace;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-rubrics-'));
  workspace = openWorkspace(dir);
});
afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

const SHIPPED = ['figma-output', 'figma-process', 'generic-process', 'programmatic-content', 'programmatic-process'].flatMap((name) => [`${name}@v1:3`, `${name}@v1:5`]);
const key = (set: { name: string; version: string; scale: number }) => `${set.name}@${set.version}:${set.scale}`;

function caught(action: () => unknown): LhbError {
  try {
    action();
  } catch (error) {
    if (error instanceof LhbError) return error;
    throw error;
  }
  throw new Error('expected a LhbError');
}

describe('the shipped rubric sets', () => {
  it('every file parses, and each tier comes at 3 and 5 points with the rubrics the method names', () => {
    const sets = readBuiltinRubricSets();
    expect(sets.map(key).sort()).toEqual([...SHIPPED].sort());
    const rubricNames = (name: string, scale: number) => sets.find((set) => set.name === name && set.scale === scale)!.rubrics.map((rubric) => rubric.name);
    expect(rubricNames('figma-process', 5)).toEqual(['Design inspection', 'Token and style extraction', 'Component architecture', 'Build verification']);
    expect(rubricNames('figma-output', 3)).toHaveLength(8);
    expect(rubricNames('programmatic-content', 5)).toEqual([
      'Content relevance and clarity',
      'Visual design and production quality',
      'Pedagogical effectiveness',
      'Audio-visual synchronisation',
      'Technical accuracy of visualisations',
    ]);
    for (const set of sets) {
      // The 3- and 5-point forms judge the same rubrics with the same weights.
      const other = sets.find((o) => o.name === set.name && o.scale !== set.scale)!;
      expect(other.rubrics.map((r) => [r.name, r.weight])).toEqual(set.rubrics.map((r) => [r.name, r.weight]));
      expect(set.authoredBy).toBe(set.name === 'generic-process' ? 'llm-generic' : 'expert');
      for (const rubric of set.rubrics) {
        const anchors = scaleLevels(set.scale).map((level) => rubric.anchors[level]!);
        expect(new Set(anchors).size, `${key(set)} ${rubric.name}: each level reads differently`).toBe(anchors.length);
      }
    }
  });

  it('each declares the task kinds it is for, so each kind has its own process set and its artifact tier\'s set', () => {
    const sets = readBuiltinRubricSets();
    const kinds = Object.fromEntries(sets.map((set) => [set.name, set.taskKinds]));
    expect(kinds).toEqual({
      'figma-output': ['figma'],
      'figma-process': ['figma'],
      'generic-process': ['figma'],
      'programmatic-content': ['programmatic'],
      'programmatic-process': ['programmatic'],
    });
    const expertTiers = (kind: string) => [...new Set(sets.filter((set) => set.authoredBy === 'expert' && set.taskKinds !== 'any' && set.taskKinds!.includes(kind as 'figma')).map((set) => set.tier))].sort();
    expect(expertTiers('figma')).toEqual(['output', 'process']);
    expect(expertTiers('programmatic')).toEqual(['content', 'process']);
  });

  it('the expert anchors say more than the generic ones, which is the contrast the comparison measures', () => {
    const sets = readBuiltinRubricSets();
    const meanAnchorWords = (name: string) => {
      const anchors = sets.filter((set) => set.name === name).flatMap((set) => set.rubrics.flatMap((rubric) => Object.values(rubric.anchors)));
      return anchors.reduce((sum, text) => sum + text.split(/\s+/).length, 0) / anchors.length;
    };
    expect(meanAnchorWords('figma-process')).toBeGreaterThan(3 * meanAnchorWords('generic-process'));
    const generic = sets.filter((set) => set.name === 'generic-process');
    expect(generic.map((set) => set.tier)).toEqual(['process', 'process']);
  });

  it('load into the workspace once, as built-in, and opening again (another connection) adds nothing', () => {
    const library = openRubricLibrary(workspace.db);
    const listed = library.list();
    expect(listed.map(key).sort()).toEqual([...SHIPPED].sort());
    expect(listed.every((set) => set.builtin)).toBe(true);
    expect(library.warnings()).toEqual([]);

    expect(loadBuiltinRubricSets(workspace.db)).toEqual({ added: [], unchanged: 10, conflicts: [] });
    workspace.close();
    workspace = openWorkspace(dir);
    expect(openRubricLibrary(workspace.db).list()).toHaveLength(10);
    const stored = openRubricLibrary(workspace.db).require('figma-output', 'v1', 5);
    expect(stored.set.rubrics[0]!.anchors['5']).toMatch(/close inspection/);
    expect(stored.builtin).toBe(true);
  });

  it('a shipped set changed without a new version is reported and the stored one kept', () => {
    openRubricLibrary(workspace.db);
    const [first] = readBuiltinRubricSets();
    const changed: RubricSet = { ...first!, title: `${first!.title} (edited)` };
    const report = loadBuiltinRubricSets(workspace.db, [changed]);
    expect(report.conflicts).toEqual([`${first!.name}@v1 (${first!.scale}-point)`]);
    expect(openRubricLibrary(workspace.db).require(first!.name, 'v1', first!.scale).set.title).toBe(first!.title);
  });

  it('a read-only workspace that has not stored them still lists them, and stores nothing', () => {
    workspace.db.exec('DELETE FROM rubric_sets');
    const reader = new BetterSqlite3(workspace.databasePath, { readonly: true });
    try {
      const library = openRubricLibrary(reader);
      expect(library.list()).toHaveLength(10);
      expect(library.get('figma-process', 'v1', 3)?.set.rubrics).toHaveLength(4);
    } finally {
      reader.close();
    }
    expect(workspace.db.prepare('SELECT count(*) AS n FROM rubric_sets').get()).toEqual({ n: 0 });
  });
});

describe('authoring sets', () => {
  const edited = (set: RubricSet, version: string): RubricSet => ({
    ...set,
    version,
    rubrics: set.rubrics.map((rubric, i) => (i === 0 ? { ...rubric, anchors: { ...rubric.anchors, '1': 'The frame is blank or shows an error.' } } : rubric)),
  });

  it('a changed anchor under a stored version is refused with "make a new version"; as v2 it is stored beside v1', () => {
    const library = openRubricLibrary(workspace.db);
    const v1 = library.require('figma-output', 'v1', 5).set;

    const refused = caught(() => library.save(edited(v1, 'v1')));
    expect(refused.code).toBe('conflict');
    expect(refused.message).toContain('Nothing was saved. Make a new version: save it as figma-output@v2.');
    expect(library.require('figma-output', 'v1', 5).set.rubrics[0]!.anchors['1']).toBe(v1.rubrics[0]!.anchors['1']);

    expect(library.save(edited(v1, 'v2')).created).toBe(true);
    // Saving the same contents again is harmless.
    expect(library.save(edited(v1, 'v2')).created).toBe(false);
    const v2 = library.require('figma-output', 'v2', 5);
    expect(v2.builtin).toBe(false);
    expect(v2.set.rubrics[0]!.anchors['1']).toBe('The frame is blank or shows an error.');
    expect(library.list().filter((set) => set.name === 'figma-output' && set.scale === 5).map((set) => [set.version, set.builtin])).toEqual([
      ['v1', true],
      ['v2', false],
    ]);
    // The next refusal suggests the version after v2.
    expect(caught(() => library.save({ ...edited(v1, 'v2'), title: 'Other' })).message).toContain('figma-output@v3');
  });

  it('an invalid set is refused naming each problem, and nothing is stored', () => {
    const library = openRubricLibrary(workspace.db);
    const v1 = library.require('figma-process', 'v1', 3).set;
    const bad = { ...v1, version: 'v2', rubrics: v1.rubrics.map((rubric, i) => (i === 0 ? { ...rubric, weight: 0.5, anchors: { '0': 'x', '1': 'y' } } : rubric)) };
    const error = caught(() => library.save(bad));
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('rubrics.0.anchors: needs exactly one anchor for each level 0, 1, 2');
    expect(error.message).toContain('weights sum to 1.2; they must sum to 1');
    expect(library.get('figma-process', 'v2', 3)).toBeUndefined();
  });

  it('a new version keeps its tier, and an unknown set names the versions that exist', () => {
    const library = openRubricLibrary(workspace.db);
    const v1 = library.require('figma-process', 'v1', 3).set;
    expect(caught(() => library.save({ ...v1, version: 'v2', tier: 'output' })).message).toContain('figma-process is a process-tier set');
    const missing = caught(() => library.require('figma-process', 'v9', 3));
    expect(missing.code).toBe('not_found');
    expect(missing.message).toContain('Stored versions of figma-process: v1 (3-point), v1 (5-point).');
  });

  it('a set says which task kinds it is for: saved without them it is refused; other kinds under a stored version are refused naming the next version; "any" is fine', () => {
    const library = openRubricLibrary(workspace.db);
    const v1 = library.require('figma-process', 'v1', 5).set;
    const { taskKinds: _kinds, ...withoutKinds } = v1;
    const unsaid = caught(() => library.save({ ...withoutKinds, name: 'my-process', version: 'v1' }));
    expect(unsaid.code).toBe('bad_request');
    expect(unsaid.message).toContain('does not say which task kinds it is for');
    const otherKinds = caught(() => library.save({ ...v1, taskKinds: ['programmatic'] }));
    expect(otherKinds.code).toBe('conflict');
    expect(otherKinds.message).toContain('figma-process@v1 (5-point) is already stored for figma tasks, not programmatic tasks');
    expect(otherKinds.message).toContain('save it as figma-process@v2');
    const saved = library.save({ ...v1, name: 'my-process', taskKinds: 'any' });
    expect(saved.stored.set.taskKinds).toBe('any');
    expect(library.list().find((set) => set.name === 'my-process')).toMatchObject({ taskKinds: 'any', taskKindsDeclared: true });
    expect(library.save({ ...v1, version: 'v2', taskKinds: ['figma', 'programmatic'] }).stored.set.taskKinds).toEqual(['figma', 'programmatic']);
  });

  it('a version saved before sets declared their kinds is read with its set\'s kinds; one of an artifact tier with that tier\'s kind; else any', () => {
    const library = openRubricLibrary(workspace.db);
    const v1 = library.require('figma-process', 'v1', 5).set;
    const output = library.require('figma-output', 'v1', 5).set;
    library.save({ ...v1, version: 'v2', title: 'Edited on the Judges screen' });
    library.save({ ...v1, name: 'team-process', title: 'A team set' });
    library.save({ ...output, name: 'team-output', title: 'A team output set' });
    // As a workspace stored them before this change: no kinds in the stored definition.
    workspace.db.prepare("UPDATE rubric_sets SET definition_json = json_remove(definition_json, '$.taskKinds') WHERE builtin = 0").run();
    const reopened = openRubricLibrary(workspace.db);
    expect(reopened.require('figma-process', 'v2', 5)).toMatchObject({ set: { taskKinds: ['figma'] }, taskKindsDeclared: false });
    expect(reopened.require('team-process', 'v1', 5).set.taskKinds).toBe('any');
    expect(reopened.require('team-output', 'v1', 5).set.taskKinds).toEqual(['figma']);
  });

  it('a chapter set for a chapter that does not exist is refused as not found', () => {
    const library = openRubricLibrary(workspace.db);
    const v1 = library.require('programmatic-content', 'v1', 5).set;
    const error = caught(() => library.save({ ...v1, name: 'chapter-x', authoredBy: 'chapter', chapterId: 'no-such-chapter' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('Chapter no-such-chapter does not exist');
  });
});

describe('which judgments used which version', () => {
  it('counts judgments per set version and scale, failed ones included and counted', () => {
    const now = '2025-01-01T00:00:00.000Z';
    recordSyntheticTask(workspace.db, { id: 't1', title: 'Task', instruction: '' }, now);
    for (const run of ['r1', 'r2']) recordSyntheticRun(workspace.db, { id: run, taskId: 't1', harness: 'h', model: 'm', versions: { skill: 'v1' }, startedAt: now, finishedAt: now, origin: 'test' }, now);
    const judgment = (id: string, run: string, judge: string, version: string, scale: 3 | 5, score: number | null) =>
      insertJudgment(workspace.db, {
        id,
        run_id: run,
        judge,
        tier: 'output',
        rubric: 'Visual fidelity',
        rubric_set: 'figma-output',
        rubric_version: version,
        scale,
        status: score === null ? 'failed' : 'ok',
        score,
        rationale: '',
        synthetic: 0,
        created_at: now,
      });
    judgment('a', 'r1', 'j1', 'v1', 5, 4);
    judgment('b', 'r2', 'j1', 'v1', 5, 3);
    judgment('c', 'r2', 'j2', 'v1', 5, null);
    judgment('d', 'r1', 'j1', 'v1', 3, 2);
    judgment('e', 'r1', 'j1', 'v2', 5, 5);
    const usage = openRubricLibrary(workspace.db).usage().filter((row) => row.rubricSet === 'figma-output');
    expect(usage).toEqual([
      { rubricSet: 'figma-output', version: 'v1', scale: 3, judgments: 1, failed: 0, runs: 1, judges: 1 },
      { rubricSet: 'figma-output', version: 'v1', scale: 5, judgments: 3, failed: 1, runs: 2, judges: 2 },
      { rubricSet: 'figma-output', version: 'v2', scale: 5, judgments: 1, failed: 0, runs: 1, judges: 1 },
    ]);
  });
});
