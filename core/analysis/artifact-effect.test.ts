import { describe, expect, it } from 'vitest';
import { artifactEffectTable } from './controls-tables.ts';
import { artifactEffectThreshold, compareWithControl, type ScoredItem } from './artifact-effect.ts';

const OPTIONS = { resamples: 2000, seed: 'artifact-effect' };
const item = (run: string, rubric: string, score: number, judge = 'j1'): ScoredItem => ({ run, judge, tier: 'output', rubricSet: 'figma-output', version: '1', scale: 5, rubric, score });
const taskOf = (run: string) => run.split('/')[0]!;

// Six tasks of two runs each. "Colour" scores the same with or without the artifact; "Layout"
// scores 2 points higher with it on every task; "Text" moves by 3 on half the tasks and by −1 on
// the others (a mean effect of 1, above the threshold, whose interval straddles 0).
const tasks = ['t1', 't2', 't3', 't4', 't5', 't6'];
const runs = tasks.flatMap((task) => [`${task}/a`, `${task}/b`]);
const real = runs.flatMap((run, i) => [item(run, 'Colour', 3 + (i % 2)), item(run, 'Layout', 4), item(run, 'Text', 4)]);
const control = runs.flatMap((run, i) => [item(run, 'Colour', 3 + (i % 2)), item(run, 'Layout', 2), item(run, 'Text', tasks.indexOf(taskOf(run)) % 2 === 0 ? 1 : 5)]);

describe('how much the artifact moves each rubric', () => {
  const rows = compareWithControl(real, control, taskOf, OPTIONS);
  const byRubric = new Map(rows.map((row) => [row.rubric, row]));

  it('flags a rubric scored the same without the artifact as below the threshold, and one whose interval contains 0 as such', () => {
    expect(byRubric.get('Colour')).toMatchObject({ effect: 0, notMoved: true, why: 'below-threshold', runs: 12, tasks: 6, threshold: 0.4 });
    expect(byRubric.get('Layout')).toMatchObject({ effect: 2, lo: 2, hi: 2, notMoved: false, why: null, real: 4, control: 2 });
    const text = byRubric.get('Text')!;
    expect(text.effect).toBeCloseTo(1, 12);
    expect(text.lo!).toBeLessThan(0);
    expect(text.hi!).toBeGreaterThan(0);
    expect(text).toMatchObject({ notMoved: true, why: 'interval-contains-zero' });
  });

  it('pairs only runs a judge scored both ways, averages a run\'s turns, and gives no interval under three tasks', () => {
    const two = compareWithControl(
      [item('t1/a', 'Colour', 5), item('t1/a', 'Colour', 3), item('t2/a', 'Colour', 5), item('t3/a', 'Colour', 5), item('t1/a', 'Colour', 5, 'j2')],
      [item('t1/a', 'Colour', 1), item('t2/a', 'Colour', 2)],
      taskOf,
      OPTIONS,
    );
    expect(two).toHaveLength(1);
    expect(two[0]).toMatchObject({ judge: 'j1', runs: 2, tasks: 2, real: 4.5, control: 1.5, effect: 3, lo: null, hi: null, notMoved: false });
    expect(artifactEffectThreshold(3)).toBe(0.2);
  });

  it('prints each rubric with whether the artifact moves it and which rule flagged it', () => {
    const table = artifactEffectTable({ noArtifactJudgments: control.length, artifactEffect: rows });
    const moved = table.columns.findIndex((column) => column.key === 'moved');
    expect(Object.fromEntries(table.rows.map((row) => [row[2]!.text, row[moved]!.text]))).toEqual({
      Colour: 'no: effect under 0.4 (a tenth of the scale)',
      Layout: 'yes',
      Text: 'no: interval contains 0',
    });
  });
});
