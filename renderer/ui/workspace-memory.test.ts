import { describe, expect, it } from 'vitest';
import { readWorkspaceMemory, writeWorkspaceMemory } from './workspace-memory.ts';
import { memoryStorage } from './memory-storage.fixture.ts';

describe('what a screen remembers for a workspace', () => {
  it('is kept for each workspace and each item apart', () => {
    const storage = memoryStorage();
    writeWorkspaceMemory('judges', '/work/a', '[{"name":"a-judge"}]', storage);
    writeWorkspaceMemory('judges', '/work/b', '[{"name":"b-judge"}]', storage);
    writeWorkspaceMemory('export-license', '/work/a', '{"license":"mit"}', storage);
    expect(readWorkspaceMemory('judges', '/work/a', storage)).toBe('[{"name":"a-judge"}]');
    expect(readWorkspaceMemory('judges', '/work/b', storage)).toBe('[{"name":"b-judge"}]');
    expect(readWorkspaceMemory('export-license', '/work/a', storage)).toBe('{"license":"mit"}');
    expect(readWorkspaceMemory('judges', '/work/c', storage)).toBeUndefined();
  });

  it('reads as nothing when storage refuses, and never throws', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(() => writeWorkspaceMemory('judges', '/work/a', 'x', refusing)).not.toThrow();
    expect(readWorkspaceMemory('judges', '/work/a', refusing)).toBeUndefined();
  });
});
