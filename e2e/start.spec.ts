import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { launchApp } from './launch-app.ts';

test('npm start falls back to browser mode with a clear message when Electron has no binary', async ({ page }) => {
  // Point Electron at an empty folder so the fallback is exercised whether or not this machine
  // has Electron's binary.
  const noElectron = mkdtempSync(join(tmpdir(), 'lhb-no-electron-'));
  const app = await launchApp(['build/start.mjs'], { env: { ELECTRON_OVERRIDE_DIST_PATH: noElectron } });
  try {
    expect(app.stderr()).toContain('Electron is not available');
    expect(app.stderr()).toContain('browser mode');
    expect(app.stdout()).toMatch(/^LH-Bench Studio at http:\/\/127\.0\.0\.1:\d+\/#token=\S+$/m);
    await page.goto(app.url);
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveCount(6);
    await expect(page.getByRole('banner')).toContainText('Demo: Evaluating a data-dashboard build');
  } finally {
    await app.stop();
    rmSync(noElectron, { recursive: true, force: true });
  }
});
