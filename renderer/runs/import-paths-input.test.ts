import { describe, expect, it } from 'vitest';
import { parseImportPaths } from './import-paths-input.ts';

describe('the import paths field', () => {
  it('gives one path per non-blank line, trimmed and without repeats', () => {
    expect(parseImportPaths('  /data/tasks \n\n/data/bundles\r\n/data/tasks\n')).toEqual({ ok: true, paths: ['/data/tasks', '/data/bundles'] });
    expect(parseImportPaths('C:\\runs\\b1\n\\\\nas\\runs')).toEqual({ ok: true, paths: ['C:\\runs\\b1', '\\\\nas\\runs'] });
  });

  it('refuses empty input with what to type', () => {
    const parsed = parseImportPaths(' \n\t\n');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/Enter at least one folder path/);
  });

  it('refuses relative paths, naming them', () => {
    const parsed = parseImportPaths('/data/ok\nruns/bundle-01');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain('"runs/bundle-01" is relative');
  });

  it('refuses more paths than one import takes', () => {
    const parsed = parseImportPaths(Array.from({ length: 1001 }, (_, i) => `/b/${i}`).join('\n'));
    expect(parsed.ok).toBe(false);
  });
});
