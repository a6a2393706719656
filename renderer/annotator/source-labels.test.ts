import { describe, expect, it } from 'vitest';
import { readPlace, writePlace } from './remembered-place.ts';
import { SOURCE_TYPE_BADGE, charRangeLabel, formatLineCount, formatLineRange, sourcesWithSharedTitles } from './source-labels.ts';

describe('source labels', () => {
  it('writes ranges with an en dash, and one line alone', () => {
    expect(formatLineRange(10, 13)).toBe('L10–13');
    expect(formatLineRange(7, 7)).toBe('L7');
    expect(charRangeLabel(3, 12, 5, 40)).toBe('3:12–5:40');
  });

  it('badges each type and counts lines readably', () => {
    expect(Object.values(SOURCE_TYPE_BADGE).map((t) => t.badge)).toEqual(['PDF', 'Web', 'MD', 'TXT']);
    expect(formatLineCount(1)).toBe('1 line');
    expect(formatLineCount(1_000_000)).toBe('1,000,000 lines');
  });

  it('names the sources whose titles collide, so the list can show their file names', () => {
    const sources = [
      { id: 'a', title: 'URL' },
      { id: 'b', title: 'Interview notes' },
      { id: 'c', title: 'url ' },
      { id: 'd', title: 'C++ addons' },
    ];
    expect([...sourcesWithSharedTitles(sources)].sort()).toEqual(['a', 'c']);
    expect(sourcesWithSharedTitles(sources.slice(0, 2)).size).toBe(0);
  });
});

describe('remembered place', () => {
  it('round-trips through storage and reads garbage or nothing as no place', () => {
    const stored = new Map<string, string>();
    const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
    writePlace({ dataRoomId: 'c1', sourceId: 's1', chapterId: 'ch2' }, storage);
    expect(readPlace(storage)).toEqual({ dataRoomId: 'c1', sourceId: 's1', chapterId: 'ch2' });
    stored.set('lhb.annotator.place', '{not json');
    expect(readPlace(storage)).toEqual({});
    stored.set('lhb.annotator.place', JSON.stringify({ dataRoomId: 42 }));
    expect(readPlace(storage)).toEqual({});
    expect(readPlace(undefined)).toEqual({});
  });
});
