import { describe, expect, it } from 'vitest';
import { summariseImport } from './import-summary.ts';

describe('summariseImport', () => {
  it('counts what was stored and lists the first failures with their reasons', () => {
    const message = summariseImport([
      { status: 'added', name: 'a.pdf', sourceId: 'a', versionId: '1' },
      { status: 'added', name: 'b.md', sourceId: 'b', versionId: '2' },
      { status: 'new-version', name: 'c.md', sourceId: 'c', versionId: '3', version: 2 },
      { status: 'unchanged', name: 'd.md', sourceId: 'd', versionId: '4' },
      { status: 'failed', name: 'broken.pdf', reason: 'broken.pdf is a truncated PDF' },
      { status: 'failed', name: 'locked.pdf', reason: `locked.pdf is encrypted${' and long'.repeat(30)}` },
    ]);
    expect(message).toMatch(/^Imported 2 sources, 1 new version, 1 unchanged; 2 failed: broken\.pdf is a truncated PDF; locked\.pdf is encrypted[ a-z]+…$/);
    expect(message.length).toBeLessThan(220);
  });

  it('says when nothing was stored, and names skipped files', () => {
    expect(summariseImport([{ status: 'failed', name: 'x.pdf', reason: 'x.pdf is empty' }], [{ path: '/room/logo.png' }])).toBe(
      'Imported nothing; 1 failed: x.pdf is empty; skipped 1 other file (logo.png)',
    );
    expect(summariseImport([], [])).toBe('Imported nothing');
  });
});
