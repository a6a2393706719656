import { describe, expect, it } from 'vitest';
import { buildPreference } from './preference.ts';
import type { StudyData, StudyVote } from './study-data.ts';

const OPTIONS = { resamples: 50, seed: 'tiny-n' };

/** Votes between configurations (one run each); `winner` says which side won. */
function studyOf(votes: { a: string; b: string; winner: 'a' | 'b' }[]): StudyData {
  const configs = [...new Set(votes.flatMap((v) => [v.a, v.b]))];
  const runs = new Map(configs.map((config) => [`run-${config}`, { id: `run-${config}`, task: 't1', config, synthetic: false }]));
  const rows: StudyVote[] = votes.map((vote, i) => {
    const [runA, runB] = [`run-${vote.a}`, `run-${vote.b}`];
    return {
      id: `v${i}`, annotator_id: 'ann', task_id: 't1', run_a: runA, run_b: runB, left_run: runA, right_run: runB,
      choice: vote.winner === 'a' ? 'left' : 'right', winner_run: vote.winner === 'a' ? runA : runB, rating_left: 3, rating_right: 3, synthetic: false, fast: false,
    };
  });
  return {
    runs, labels: new Map(configs.map((c) => [c, c.toUpperCase()])), votes: rows, judgments: [], judgmentsLeftOut: 0, repeatVotes: { counted: false, votes: 0 }, fastVotes: { excluded: false, votes: 0 },
    synthetic: { included: true, reason: 'requested', votes: 0, judgments: 0 },
  };
}

describe('buildPreference with pairs that never met', () => {
  it('tests and sizes only the pairs that were compared', () => {
    // x met y and y met z; x and z never met.
    const data = studyOf([
      { a: 'x', b: 'y', winner: 'a' }, { a: 'x', b: 'y', winner: 'b' }, { a: 'x', b: 'y', winner: 'a' },
      { a: 'y', b: 'z', winner: 'a' }, { a: 'y', b: 'z', winner: 'b' }, { a: 'y', b: 'z', winner: 'a' },
    ]);
    const pairs = buildPreference(data, OPTIONS).pairwise.map((p) => [p.a, p.b].sort().join('–'));
    expect(pairs.sort()).toEqual(['x–y', 'y–z']);
  });
});

describe('buildPreference at tiny n', () => {
  it('counts the comparisons each configuration took part in, beside its Elo', () => {
    const data = studyOf([
      { a: 'x', b: 'y', winner: 'a' }, { a: 'x', b: 'y', winner: 'a' }, { a: 'x', b: 'y', winner: 'b' },
      { a: 'y', b: 'z', winner: 'a' },
    ]);
    const elo = buildPreference(data, OPTIONS).elo;
    expect(Object.fromEntries(elo.map((row) => [row.config, row.comparisons]))).toEqual({ x: 3, y: 4, z: 1 });
  });
});

describe('buildPreference with two runs of one configuration in a vote', () => {
  it('leaves the vote out of the ranking and says so, naming the configuration', () => {
    const data = studyOf([
      { a: 'x', b: 'y', winner: 'a' }, { a: 'x', b: 'y', winner: 'b' }, { a: 'y', b: 'x', winner: 'a' },
    ]);
    // A second run of x (as when two build numbers became one configuration): a vote between x's two runs compares nothing.
    data.runs.set('run-x2', { id: 'run-x2', task: 't1', config: 'x', synthetic: false });
    data.votes.push({ ...data.votes[0]!, id: 'self', run_b: 'run-x2', right_run: 'run-x2', winner_run: 'run-x' });
    const preference = buildPreference(data, OPTIONS);
    expect(preference.votes).toBe(3);
    expect(preference.flags).toContain('1 of 4 votes compares two runs of one configuration (X) and is left out: an agent is not ranked against itself.');
    expect(Object.fromEntries(preference.elo.map((row) => [row.config, row.comparisons]))).toEqual({ x: 3, y: 3 });
  });
});
