import { expect, type Page } from '@playwright/test';

/** Opens the served app at its Runs screen (the token page first, so the session is kept). */
export async function openRunsScreen(page: Page, appUrl: string): Promise<void> {
  const url = new URL(appUrl);
  await page.goto(url.href);
  url.hash = '#/runs';
  await page.goto(url.href);
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
}
