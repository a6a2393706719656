import { describe, expect, it } from 'vitest';
import { SourceLinesCache } from './source-lines-cache.ts';

describe('SourceLinesCache', () => {
  it('loads each text once and serves it split into lines', () => {
    const cache = new SourceLinesCache();
    let loads = 0;
    const load = () => (loads++, 'a\nbb\n');
    const first = cache.get('sha-1', load);
    expect(cache.get('sha-1', load)).toBe(first);
    expect(loads).toBe(1);
    expect([...first.starts]).toEqual([0, 2]);
  });

  it('evicts the least recently used entry beyond its entry limit', () => {
    const cache = new SourceLinesCache();
    const loaded: string[] = [];
    const get = (key: string) => cache.get(key, () => (loaded.push(key), key));
    for (let i = 0; i < 16; i++) get(`k${i}`);
    get('k0'); // now the most recently used
    get('k16'); // evicts k1, the least recently used
    get('k0');
    get('k1');
    expect(loaded.filter((k) => k === 'k0')).toHaveLength(1);
    expect(loaded.filter((k) => k === 'k1')).toHaveLength(2);
  });
});
