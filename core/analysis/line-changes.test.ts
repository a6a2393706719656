import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createXoshiro128Random } from '../random/xoshiro128-random.ts';
import { countLineChanges, splitLines } from './line-changes.ts';

/** Lines added and removed as GNU diff counts them (its minimal edit script). */
function gnuDiffCounts(before: string[], after: string[]): { added: number; removed: number } {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-line-changes-'));
  try {
    writeFileSync(join(dir, 'a'), before.map((line) => `${line}\n`).join(''));
    writeFileSync(join(dir, 'b'), after.map((line) => `${line}\n`).join(''));
    const out = spawnSync('diff', ['--minimal', join(dir, 'a'), join(dir, 'b')], { encoding: 'utf8' }).stdout.split('\n');
    return { added: out.filter((line) => line.startsWith('> ')).length, removed: out.filter((line) => line.startsWith('< ')).length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('countLineChanges', () => {
  it('counts a rewritten line as one removed and one added, and keeps the rest', () => {
    expect(countLineChanges(['a', 'b', 'c', 'd'], ['a', 'B', 'c', 'd'])).toEqual({ added: 1, removed: 1, kept: 3 });
    expect(countLineChanges([], ['x', 'y'])).toEqual({ added: 2, removed: 0, kept: 0 });
    expect(countLineChanges(['x', 'y'], [])).toEqual({ added: 0, removed: 2, kept: 0 });
    expect(countLineChanges(['a', 'b'], ['a', 'b'])).toEqual({ added: 0, removed: 0, kept: 2 });
  });

  it('agrees with GNU diff --minimal on random edits of a page', () => {
    const source = createXoshiro128Random('line-changes');
    const random = () => source.next();
    for (let trial = 0; trial < 20; trial++) {
      const before = Array.from({ length: 40 + Math.floor(random() * 60) }, () => `line ${Math.floor(random() * 15)}`);
      const after = before.flatMap((line) => {
        const roll = random();
        if (roll < 0.1) return [];
        if (roll < 0.2) return [line, `new ${Math.floor(random() * 15)}`];
        if (roll < 0.25) return [`changed ${Math.floor(random() * 15)}`];
        return [line];
      });
      const counted = countLineChanges(before, after);
      expect({ added: counted.added, removed: counted.removed }).toEqual(gnuDiffCounts(before, after));
      expect(counted.kept).toBe(before.length - counted.removed);
    }
  });

  it('splits a text into lines without an empty last one', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\r\nb')).toEqual(['a', 'b']);
    expect(splitLines('')).toEqual([]);
  });
});
