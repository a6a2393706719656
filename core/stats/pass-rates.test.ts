import { describe, expect, it } from 'vitest';
import { passRates, type TaskRating } from './pass-rates.ts';

const row = (task: string, configuration: string, rating: number): TaskRating => ({ task, configuration, rating });

describe('passRates', () => {
  it('counts a rating of 4 or more as a pass, overall and per configuration', () => {
    const result = passRates([row('t1', 'base', 4), row('t1', 'skill', 5), row('t2', 'base', 3), row('t2', 'skill', 4), row('t3', 'base', 1), row('t3', 'skill', 2)]);
    expect(result.passRate).toBe(3 / 6);
    expect(result.byConfiguration).toEqual({ base: { ratings: 3, passed: 1, passRate: 1 / 3 }, skill: { ratings: 3, passed: 2, passRate: 2 / 3 } });
    // t1 both pass, t3 both fail: only t2 tells base from skill.
    expect(result).toMatchObject({ tasks: 3, discriminatingTasks: 1, discriminatingShare: 1 / 3 });
  });

  it('judges repeated runs of one configuration on a task by their mean rating', () => {
    // base: mean 3.5 fails t1; skill: mean 4 passes.
    const result = passRates([row('t1', 'base', 5), row('t1', 'base', 2), row('t1', 'skill', 4), row('t1', 'skill', 4)]);
    expect(result.discriminatingTasks).toBe(1);
    expect(result.passRate).toBe(3 / 4);
  });

  it('names the field it rejects', () => {
    expect(() => passRates([])).toThrow('ratings must hold at least one rating');
    expect(() => passRates([row('t1', 'base', Number.NaN)])).toThrow('ratings[0].rating must be a finite number');
    expect(() => passRates([row('', 'base', 4)])).toThrow('ratings[0].task must be a non-empty string');
  });
});
