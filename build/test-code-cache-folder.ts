import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A global set-up for a test run (vitest's globalSetup, Playwright's globalSetup): pdf.js's V8 code
 * cache (core/sources/load-pdfjs.ts) goes to a folder of this run's, so no test writes to the
 * user's ~/.cache, and the returned teardown removes that folder when the run ends. It is set
 * before the test workers start, which take the environment as it is then (and pass it on to the
 * app and the lhb processes they start). A folder given in LHB_CODE_CACHE_DIR is the caller's own:
 * used as it is and never removed.
 */
export default function useRunCodeCacheFolder(): (() => void) | undefined {
  if (process.env.LHB_CODE_CACHE_DIR) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'lhb-test-code-cache-'));
  process.env.LHB_CODE_CACHE_DIR = dir;
  return () => {
    delete process.env.LHB_CODE_CACHE_DIR;
    rmSync(dir, { recursive: true, force: true });
  };
}
