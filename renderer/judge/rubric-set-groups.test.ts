import { describe, expect, it } from 'vitest';
import type { RubricSetSummary } from '../../schemas/rubric-library.ts';
import { nextRubricVersion } from '../../schemas/rubric-library.ts';
import { groupRubricSets, taskKindWords, usageOf, usageWords } from './rubric-set-groups.ts';

const summary = (name: string, version: string, scale: 3 | 5, tier: RubricSetSummary['tier'], builtin = true): RubricSetSummary => ({
  name,
  version,
  scale,
  tier,
  title: `${name} ${version}`,
  authoredBy: 'expert',
  taskKinds: ['figma'],
  taskKindsDeclared: true,
  chapterId: null,
  builtin,
  rubricCount: 4,
  digest: 'd',
  createdAt: '2025-01-01T00:00:00Z',
});

describe('the rubric set browser', () => {
  const sets = [summary('figma-output', 'v1', 5, 'output'), summary('figma-process', 'v1', 3, 'process'), summary('figma-output', 'v2', 5, 'output', false), summary('figma-output', 'v1', 3, 'output')];

  it('groups versions per set and scale, process tier first, newest title shown', () => {
    const groups = groupRubricSets(sets);
    expect(groups.map((group) => [group.name, group.scale, group.versions.map((version) => version.version)])).toEqual([
      ['figma-process', 3, ['v1']],
      ['figma-output', 3, ['v1']],
      ['figma-output', 5, ['v1', 'v2']],
    ]);
    expect(groups[2]!.title).toBe('figma-output v2');
    expect(groupRubricSets(sets, 'process').map((group) => group.name)).toEqual(['figma-process']);
  });

  it('says how many judgments used a version, failed ones named', () => {
    const usage = [{ rubricSet: 'figma-output', version: 'v1', scale: 5 as const, judgments: 12, failed: 2, runs: 3, judges: 2 }];
    expect(usageWords(usageOf(usage, { name: 'figma-output', version: 'v1', scale: 5 }))).toBe('used by 12 judgments (2 failed)');
    expect(usageWords(usageOf(usage, { name: 'figma-output', version: 'v1', scale: 3 }))).toBe('used by 0 judgments');
    expect(usageWords({ ...usage[0]!, judgments: 1, failed: 0 })).toBe('used by 1 judgment');
  });

  it('suggests the version after the highest vN', () => {
    expect(nextRubricVersion([])).toBe('v1');
    expect(nextRubricVersion(['v1', 'v10', 'v2', '2025-01-01'])).toBe('v11');
    expect(nextRubricVersion(['draft'])).toBe('v1');
  });

  it('says which task kinds a set judges in words', () => {
    expect(taskKindWords(['figma'])).toBe('Figma tasks');
    expect(taskKindWords(['programmatic'])).toBe('Programmatic tasks');
    expect(taskKindWords(['programmatic', 'figma'])).toBe('Figma and programmatic tasks');
    expect(taskKindWords('any')).toBe('Any task');
  });
});
