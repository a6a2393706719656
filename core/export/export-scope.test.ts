import { describe, expect, it } from 'vitest';
import { PAGE_ROWS } from './export-context.ts';
import { countInScope, pagesInScope } from './export-scope.ts';

// The judge records' subsets (pairwise verdicts, control judgments, harness guesses) read their
// rows a keyed page at a time and keep those whose runs are all in `--study`'s scope.

/** A store of `n` records by id, each touching two runs, read as the export queries read it: ids after one, in order, up to a limit. */
function records(n: number) {
  const all = Array.from({ length: n }, (_, i) => ({ id: `rec-${String(i).padStart(6, '0')}`, runs: [`run-${i % 5}`, `run-${(i + 1) % 5}`] }));
  const reads: string[] = [];
  const page = (after: string, limit: number) => {
    reads.push(after);
    return all.filter((record) => record.id > after).slice(0, limit);
  };
  return { all, reads, page };
}

describe('pagesInScope', () => {
  it('reads every record across page boundaries, once, and keeps only those whose runs are all in scope', () => {
    const store = records(PAGE_ROWS * 2 + 7);
    const scope = { studies: [], studyIds: new Set<string>(), runs: new Set(['run-1', 'run-2', 'run-3']) };
    const kept = [...pagesInScope({ scope }, store.page, (record) => record.runs)].flat();
    expect(kept.map((record) => record.id)).toEqual(store.all.filter((record) => record.runs.every((run) => scope.runs.has(run))).map((record) => record.id));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(store.all.length);
    // Three pages: the third, short, ends the reading.
    expect(store.reads).toEqual(['', store.all[PAGE_ROWS - 1]!.id, store.all[PAGE_ROWS * 2 - 1]!.id]);
    expect(countInScope({ scope }, () => pagesInScope({ scope }, records(PAGE_ROWS * 2 + 7).page, (record) => record.runs), () => -1)).toBe(kept.length);
  });

  it('keeps every record without a scope, and counts through the store then', () => {
    const store = records(PAGE_ROWS);
    expect([...pagesInScope({ scope: null }, store.page, (record) => record.runs)].flat()).toHaveLength(PAGE_ROWS);
    // A full last page asks once more and gets none.
    expect(store.reads).toHaveLength(2);
    expect(countInScope({ scope: null }, () => pagesInScope({ scope: null }, store.page, (record) => record.runs), () => 42)).toBe(42);
  });
});
