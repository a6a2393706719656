import { describe, expect, it } from 'vitest';
import { LineWindowCache } from './line-window-cache.ts';

/** A source of `count` lines whose requests resolve only when the test says so. */
function fakeSource(count: number) {
  const asked: [number, number][] = [];
  const pending: (() => void)[] = [];
  const fetch = (start: number, end: number) => {
    asked.push([start, end]);
    return new Promise<{ lines: string[] }>((resolve, reject) => {
      pending.push(() => {
        if (start > count) reject(new Error(`lines ${start}–${end} are past the end`));
        else resolve({ lines: Array.from({ length: Math.min(end, count) - start + 1 }, (_, i) => `line ${start + i}`) });
      });
    });
  };
  const settle = async () => {
    while (pending.length > 0) {
      pending.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { fetch, asked, settle };
}

describe('LineWindowCache', () => {
  it('fetches the windows covering the asked range once and serves lines from them', async () => {
    const source = fakeSource(1000);
    const cache = new LineWindowCache(source.fetch, { windowSize: 100 });
    let changes = 0;
    cache.subscribe(() => changes++);
    cache.want(95, 130);
    cache.want(95, 130);
    expect(source.asked).toEqual([
      [1, 100],
      [101, 200],
    ]);
    expect(cache.getLine(95)).toBeUndefined();
    await source.settle();
    expect(cache.getLine(95)).toBe('line 95');
    expect(cache.getText(99, 101)).toBe('line 99\nline 100\nline 101');
    expect(changes).toBe(2);
    cache.want(150, 160);
    expect(source.asked).toHaveLength(2);
  });

  it('limits requests in flight and drops queued windows that scrolled away', async () => {
    const source = fakeSource(1_000_000);
    const cache = new LineWindowCache(source.fetch, { windowSize: 100, maxInFlight: 2 });
    cache.want(1, 500);
    expect(source.asked).toHaveLength(2);
    cache.want(900_001, 900_050);
    await source.settle();
    expect(source.asked.map(([start]) => start)).toEqual([1, 101, 900_001]);
    expect(cache.getLine(900_010)).toBe('line 900010');
  });

  it('keeps at most maxWindows, dropping the least recently used first', async () => {
    const source = fakeSource(10_000);
    const cache = new LineWindowCache(source.fetch, { windowSize: 10, maxWindows: 3 });
    for (const start of [1, 11, 21]) {
      cache.want(start, start);
      await source.settle();
    }
    cache.want(1, 1); // touch window 0 so window 1 is the oldest
    cache.want(31, 31);
    await source.settle();
    expect(cache.getLine(1)).toBe('line 1');
    expect(cache.getLine(11)).toBeUndefined();
    expect(cache.getLine(31)).toBe('line 31');
  });

  it('reports a failed window and asks again only on retry', async () => {
    const source = fakeSource(5);
    const cache = new LineWindowCache(source.fetch, { windowSize: 10 });
    cache.want(11, 12);
    await source.settle();
    expect(cache.errorAt(12)).toBe('lines 11–20 are past the end');
    cache.want(11, 12);
    expect(source.asked).toHaveLength(1);
    cache.retry();
    expect(source.asked).toHaveLength(2);
  });
});
