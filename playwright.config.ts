import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH } from './core/runs/bundles/chromium-path.ts';

/**
 * E2E runs against Debian's Chromium (never a downloaded browser). Each spec starts its own
 * `lhb serve` on a free port with its own temp workspace, so specs run in parallel safely.
 */
export const CHROMIUM_PATH = process.env.LHB_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // The app each spec starts keeps pdf.js's code cache in a folder of this run's, removed at its end, not in ~/.cache.
  globalSetup: './build/test-code-cache-folder.ts',
  workers: 2,
  retries: 0,
  // Budgets, not speed checks: CI runs on a loaded two-core machine where starting `lhb serve` and
  // Chromium, or a screen's first report, took several times as long as here (a 5 s expect and a
  // 30 s set-up both ran out there). A wait still ends as soon as its condition holds.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
