import { expect, it } from 'vitest';
import { alignSequences } from './align-sequences.ts';

const align = (a: string[], b: string[]) => alignSequences(a, b, { pairUnequal: true })!;
const kinds = (a: string[], b: string[]) => align(a, b).map((row) => row.kind);
const firstDivergence = (a: string[], b: string[]) => align(a, b).findIndex((row) => row.kind !== 'same');

const steps = ['read:task.md', 'shell:ls', 'write:out/index.html', 'shell:npm run build', 'agent'];

it('aligns identical step lists row for row, with no divergence', () => {
  expect(align(steps, [...steps])).toEqual(steps.map((_, i) => ({ kind: 'same', a: i, b: i })));
  expect(firstDivergence(steps, [...steps])).toBe(-1);
});

it('an inserted step is a row of B only, and the steps after it pair up again', () => {
  const b = [...steps.slice(0, 2), 'tool:preview', ...steps.slice(2)];
  const rows = align(steps, b);
  expect(rows.map((r) => r.kind)).toEqual(['same', 'same', 'only-b', 'same', 'same', 'same']);
  expect(rows[2]).toEqual({ kind: 'only-b', a: null, b: 2 });
  expect(rows[3]).toEqual({ kind: 'same', a: 2, b: 3 });
  expect(firstDivergence(steps, b)).toBe(2);
  // And the other way round: a step A has and B lacks.
  expect(kinds(b, steps)).toEqual(['same', 'same', 'only-a', 'same', 'same', 'same']);
});

it('a replaced step is one changed row, not a removal and an insertion', () => {
  const b = [...steps];
  b[3] = 'shell:npx vite build';
  const rows = align(steps, b);
  expect(rows.map((r) => r.kind)).toEqual(['same', 'same', 'same', 'changed', 'same']);
  expect(rows[3]).toEqual({ kind: 'changed', a: 3, b: 3 });
  expect(firstDivergence(steps, b)).toBe(3);
});

it('totally different lists diverge at the first row and keep every step of both', () => {
  const b = ['tool:web_fetch', 'write:src/App.tsx', 'shell:pytest'];
  const rows = align(steps, b);
  expect(firstDivergence(steps, b)).toBe(0);
  expect(rows.every((r) => r.kind !== 'same')).toBe(true);
  expect(rows.flatMap((r) => (r.a === null ? [] : [r.a]))).toEqual([0, 1, 2, 3, 4]);
  expect(rows.flatMap((r) => (r.b === null ? [] : [r.b]))).toEqual([0, 1, 2]);
});

it('empty lists: one side empty is all rows of the other', () => {
  expect(align([], [])).toEqual([]);
  expect(kinds(['x', 'y'], [])).toEqual(['only-a', 'only-a']);
  expect(kinds([], ['x'])).toEqual(['only-b']);
});

it('without pairing unequal items it is a longest common subsequence (a line diff)', () => {
  const rows = alignSequences(['a', 'b', 'c'], ['a', 'x', 'c'], { pairUnequal: false })!;
  expect(rows.map((r) => r.kind)).toEqual(['same', 'only-a', 'only-b', 'same']);
});
