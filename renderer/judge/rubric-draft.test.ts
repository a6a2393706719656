import { describe, expect, it } from 'vitest';
import type { RubricSet } from '../../schemas/judge.ts';
import { blankDraft, changeDraftScale, checkDraft, draftFromSet, evenWeights, toggleTaskKind, weightsBalanced, weightSum, weightSumMessage } from './rubric-draft.ts';

const set: RubricSet = {
  name: 'figma-output',
  version: 'v1',
  tier: 'output',
  scale: 3,
  title: 'Output',
  description: '',
  authoredBy: 'expert',
  taskKinds: ['figma'],
  rubrics: [
    { name: 'Layout', criterion: 'Columns and gaps.', weight: 0.7, anchors: { '0': 'Other structure.', '1': 'Offsets visible.', '2': 'Within a few pixels.' } },
    { name: 'Colour', criterion: 'Palette.', weight: 0.3, anchors: { '0': 'Other palette.', '1': 'One element off.', '2': 'Matches.' } },
  ],
};

describe('the rubric set draft', () => {
  it('an existing set becomes a draft of its next version that validates back to the same rubrics', () => {
    const draft = draftFromSet(set, 'v2');
    expect(draft.version).toBe('v2');
    expect(draft.rubrics.map((rubric) => rubric.weight)).toEqual(['0.7', '0.3']);
    const check = checkDraft(draft);
    expect(check.ok && check.set).toEqual({ ...set, version: 'v2' });
  });

  it('says which task kinds the set judges: an artifact tier starts with its kind, a process set must choose, and "any" is a choice', () => {
    expect(blankDraft('output').taskKinds).toEqual(['figma']);
    expect(blankDraft('content').taskKinds).toEqual(['programmatic']);
    const process = { ...blankDraft('process'), name: 'team-process', title: 'Team', rubrics: blankDraft('process').rubrics.map((rubric) => ({ ...rubric, name: 'Plan', criterion: 'Plans first.', anchors: { '1': 'a', '2': 'b', '3': 'c', '4': 'd', '5': 'e' } })) };
    expect(process.taskKinds).toEqual([]);
    const unsaid = checkDraft(process);
    expect(unsaid.ok === false && unsaid.errors.taskKinds).toBe('Choose the task kinds this set judges, or any task.');
    const both = toggleTaskKind(toggleTaskKind(process.taskKinds, 'programmatic', true), 'figma', true);
    expect(both).toEqual(['programmatic', 'figma']);
    expect(toggleTaskKind('any', 'figma', true)).toEqual(['figma']);
    const anyTask = checkDraft({ ...process, taskKinds: 'any' });
    expect(anyTask.ok && anyTask.set.taskKinds).toBe('any');
  });

  it('the live sum reads 1 for 0.1 + 0.2 + 0.7, and says how far off it is otherwise', () => {
    const draft = draftFromSet(set, 'v2');
    draft.rubrics[0]!.weight = '0.5';
    expect(weightSum(draft)).toBe(0.8);
    expect(weightsBalanced(draft)).toBe(false);
    expect(weightSumMessage(draft)).toBe('Weights sum to 0.8; they must sum to 1 (0.2 short).');
    draft.rubrics[0]!.weight = '0.9';
    expect(weightSumMessage(draft)).toBe('Weights sum to 1.2; they must sum to 1 (0.2 over).');
    const three = { rubrics: ['0.1', '0.2', '0.7'].map((weight) => ({ ...draft.rubrics[0]!, weight })) };
    expect(weightSumMessage(three)).toBe('Weights sum to 1.');
  });

  it('problems are reported at their fields: an empty anchor, a weight that is not a number, the sum, a bad version', () => {
    const draft = draftFromSet(set, 'v 2');
    draft.rubrics[0]!.anchors['1'] = '  ';
    draft.rubrics[1]!.weight = 'abc';
    const check = checkDraft(draft);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      'rubrics.0.anchors.1': 'Describe what a judge sees at level 1.',
      'rubrics.1.weight': 'A weight is a number such as 0.25.',
      version: 'Use a version like v1, 2 or 2025-05-01.',
      rubrics: 'Weights sum to 0.7; they must sum to 1.',
    });
  });

  it('a duplicate rubric name and a blank title are caught before the server sees them', () => {
    const draft = draftFromSet(set, 'v2');
    draft.title = ' ';
    draft.rubrics[1]!.name = 'Layout';
    const check = checkDraft(draft);
    expect(!check.ok && check.errors).toMatchObject({ title: 'Give the set a title.', 'rubrics.1.name': 'Rubric "Layout" appears twice.' });
  });

  it('a blank new set needs a name, a title, a criterion, every anchor and (a process set) its task kinds', () => {
    const check = checkDraft(blankDraft('process', 3));
    expect(!check.ok && Object.keys(check.errors).sort()).toEqual(['name', 'rubrics.0.anchors.0', 'rubrics.0.anchors.1', 'rubrics.0.anchors.2', 'rubrics.0.criterion', 'rubrics.0.name', 'taskKinds', 'title']);
  });

  it('changing the scale keeps the lowest, middle and highest anchors and leaves the new levels empty', () => {
    const five = changeDraftScale(draftFromSet(set, 'v2'), 5);
    expect(five.rubrics[0]!.anchors).toEqual({ '1': 'Other structure.', '2': '', '3': 'Offsets visible.', '4': '', '5': 'Within a few pixels.' });
    const back = changeDraftScale(five, 3);
    expect(back.rubrics[0]!.anchors).toEqual(set.rubrics[0]!.anchors);
  });

  it('spreading weights evenly makes them sum to exactly 1', () => {
    const draft = draftFromSet({ ...set, rubrics: [...set.rubrics, { ...set.rubrics[0]!, name: 'Type' }] }, 'v2');
    const even = evenWeights(draft);
    expect(even.rubrics.map((rubric) => rubric.weight)).toEqual(['0.3333', '0.3333', '0.3334']);
    expect(weightsBalanced(even)).toBe(true);
  });
});
