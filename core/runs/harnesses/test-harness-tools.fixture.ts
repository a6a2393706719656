import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { HarnessAdapter } from './harness-adapter.ts';
import { installHarness } from './install-harness.ts';

/**
 * Tests run the real harness CLIs, installed from npm once per machine into node_modules/.cache
 * (kept between runs, ignored by git) through the same install path as `lhb harnesses install`.
 */
export const TEST_TOOLS_DIR = join(fileURLToPath(new URL('../../../', import.meta.url)), 'node_modules', '.cache', 'lhb-harness-tools');

export async function ensureTestHarness(adapter: HarnessAdapter): Promise<string> {
  const { binary } = await installHarness(adapter, TEST_TOOLS_DIR);
  return binary;
}
