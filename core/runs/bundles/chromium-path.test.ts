import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM_PATH, resolveChromiumPath } from './chromium-path.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-chromium-path-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveChromiumPath', () => {
  it('uses LHB_CHROMIUM when it names an executable', () => {
    const binary = join(dir, 'chromium');
    writeFileSync(binary, '#!/bin/sh\n', { mode: 0o755 });
    expect(resolveChromiumPath({ LHB_CHROMIUM: binary })).toBe(binary);
  });

  it('names the missing path and the fix', () => {
    const missing = join(dir, 'nope');
    expect(() => resolveChromiumPath({ LHB_CHROMIUM: missing })).toThrow(missing);
    expect(() => resolveChromiumPath({ LHB_CHROMIUM: missing })).toThrow('apt-get install chromium');
  });

  it('falls back to Debian’s Chromium when LHB_CHROMIUM is unset or blank', () => {
    for (const env of [{}, { LHB_CHROMIUM: '  ' }]) {
      try {
        expect(resolveChromiumPath(env)).toBe(DEFAULT_CHROMIUM_PATH);
      } catch (error) {
        expect(String(error)).toContain(DEFAULT_CHROMIUM_PATH);
      }
    }
  });
});
