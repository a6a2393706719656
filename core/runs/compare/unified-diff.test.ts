import { expect, it } from 'vitest';
import { unifiedLineDiff } from './unified-diff.ts';

it('writes hunks in unified format with three lines of context', () => {
  const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].join('\n') + '\n';
  const after = ['1', '2', '3', '4', 'five', '6', '7', '8', '9', '10', '11'].join('\n') + '\n';
  const diff = unifiedLineDiff(before, after)!;
  expect(diff.added).toBe(2);
  expect(diff.removed).toBe(1);
  expect(diff.unified.split('\n')).toEqual(['@@ -2,9 +2,10 @@', ' 2', ' 3', ' 4', '-5', '+five', ' 6', ' 7', ' 8', ' 9', ' 10', '+11']);
});

it('separate changes far apart are separate hunks; equal texts have none', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`);
  const changed = lines.map((line, i) => (i === 1 || i === 25 ? `${line}!` : line));
  const diff = unifiedLineDiff(lines.join('\n'), changed.join('\n'))!;
  expect(diff.unified.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -1,5 +1,5 @@', '@@ -23,7 +23,7 @@']);
  expect(unifiedLineDiff('same\n', 'same\n')!.unified).toBe('');
});

it('a file emptied or newly filled counts from line 0 on its empty side', () => {
  expect(unifiedLineDiff('', 'a\nb\n')!.unified.split('\n')).toEqual(['@@ -0,0 +1,2 @@', '+a', '+b']);
  expect(unifiedLineDiff('a\n', '')!.unified.split('\n')).toEqual(['@@ -1,1 +0,0 @@', '-a']);
});
