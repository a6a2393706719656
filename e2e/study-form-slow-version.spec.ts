import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { geminiCliAdapter } from '../core/runs/harnesses/gemini-cli/gemini-cli.ts';
import { harnessInstallPrefix } from '../core/runs/harnesses/harness-tools.ts';
import { launchApp, type LaunchedApp } from './launch-app.ts';
import { openRunsScreen } from './runs-screen.ts';

test.use({ viewport: { width: 1600, height: 1000 } });

let app: LaunchedApp | undefined;
let tools: string;
let answered: string;

test.beforeEach(async () => {
  tools = mkdtempSync(join(tmpdir(), 'lhb-e2e-slow-tools-'));
  answered = join(tools, 'version-answered');
  // A Gemini CLI installed where `lhb harnesses install` puts it, whose --version takes four
  // minutes (a busy machine made the real one take 27.5 s) and marks when it has answered.
  const binDir = join(harnessInstallPrefix(tools, geminiCliAdapter, '0.99.0'), 'node_modules', '.bin');
  mkdirSync(binDir, { recursive: true });
  const bin = join(binDir, geminiCliAdapter.npm!.bin);
  // It gives up once the test has removed its folder, so no process outlives the test.
  const wait = `for i in $(seq 240); do [ -d '${tools}' ] || exit 1; sleep 1; done`;
  writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "--version" ]; then ${wait}; touch '${answered}'; echo 0.99.0; fi\nexit 0\n`);
  chmodSync(bin, 0o755);
  app = await launchApp(['bin/lhb.mjs', 'serve'], { env: { LHB_TOOLS_DIR: tools } });
});

test.afterEach(async () => {
  await app?.stop();
  app = undefined;
  rmSync(tools, { recursive: true, force: true });
});

test('the New study form can be filled in while a harness CLI is still slow to say its version, which it shows as being checked', async ({ page }) => {
  test.setTimeout(180_000);
  await openRunsScreen(page, app!.url);
  await page.getByRole('region', { name: 'Studies' }).getByRole('button', { name: 'New study…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New study' });
  const harness = dialog.getByRole('combobox', { name: 'Harness, configuration 1' });
  await expect(harness).toBeVisible({ timeout: 60_000 });
  // Installed (selectable) before its version is known, and the version field says it is being checked.
  await harness.selectOption('gemini-cli');
  await expect(dialog.getByRole('textbox', { name: 'Harness version, configuration 1' })).toHaveAttribute('placeholder', 'checking its version…');
  await dialog.getByRole('textbox', { name: 'Model, configuration 1' }).fill('gemini-2.5-pro');
  await dialog.getByRole('group', { name: 'Tasks' }).getByRole('checkbox').first().check();
  await expect(dialog.getByRole('textbox', { name: 'Model, configuration 1' })).toHaveValue('gemini-2.5-pro');
  // All of that happened before the CLI answered.
  expect(existsSync(answered)).toBe(false);
});
