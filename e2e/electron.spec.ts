import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { findElectronBinary } from '../build/electron-binary.mjs';
import { PRELOAD_BRIDGE_KEYS } from '../electron/preload-bridge-keys.ts';
import { repoRoot } from './launch-app.ts';

const binary = findElectronBinary();

test.describe('Electron', () => {
  // Electron's binary cannot be downloaded on offline machines; the browser-mode specs cover the
  // same renderer and contract there. Where the binary exists these run for real.
  test.skip('missing' in binary, `Electron e2e skipped: ${'missing' in binary ? binary.missing : ''}`);
  if ('missing' in binary) console.log(`Electron e2e skipped: ${binary.missing}.`);

  test('the window shows the shell over IPC, with no Node in the page', async () => {
    if (!('path' in binary)) return;
    const workspace = mkdtempSync(join(tmpdir(), 'lhb-electron-'));
    const app = await electron.launch({
      executablePath: binary.path,
      args: [join(repoRoot, 'dist/electron/main.js'), '--workspace', workspace],
      cwd: repoRoot,
    });
    try {
      const page = await app.firstWindow();
      expect(page.url()).toMatch(/^app:\/\/lhb\//);
      await expect(page.getByRole('banner')).toContainText('Demo: Evaluating a data-dashboard build');
      await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveCount(6);
      const exposure = await page.evaluate(() => ({
        require: typeof (globalThis as { require?: unknown }).require,
        process: typeof (globalThis as { process?: unknown }).process,
        bridge: Object.keys((globalThis as { lhb?: object }).lhb ?? {}).sort(),
      }));
      expect(exposure).toEqual({ require: 'undefined', process: 'undefined', bridge: [...PRELOAD_BRIDGE_KEYS] });
    } finally {
      await app.close();
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});
