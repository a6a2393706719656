import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

export type AnalysisRegion = 'Study' | 'Leaderboards' | 'Inter-judge agreement' | 'Human preference' | 'Human–judge alignment' | 'Error recovery' | 'Skill ablation';

/** The Analysis screen found by roles and accessible names only. Open it with `open(url)`. */
export class AnalysisPage {
  constructor(readonly page: Page) {}

  /** Opens the app from its launch URL (which carries the session token) and goes to Analysis (#/analysis). */
  async open(appUrl: string): Promise<void> {
    await this.page.goto(appUrl);
    await this.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Analysis' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Analysis' })).toBeVisible();
    expect(new URL(this.page.url()).hash).toBe('#/analysis');
    await this.waitForReport();
  }

  region(name: AnalysisRegion): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** Waits until no computation is running and a report (or the empty state) is on screen. */
  async waitForReport(timeout = 120_000): Promise<void> {
    await expect(this.page.getByText(/^Computing… /)).toHaveCount(0, { timeout });
    // A report with figures, or its empty state (runs of the user's own with no vote or judgment yet say so).
    const empty = this.page.getByRole('heading', { name: 'Nothing to analyse yet' }).or(this.page.getByRole('heading', { name: 'No votes or judgments yet' }));
    await expect(this.region('Leaderboards').or(empty)).toBeVisible({ timeout });
  }

  table(scope: Locator, name: RegExp | string): Locator {
    return scope.getByRole('table', { name });
  }

  /** The body rows' cell texts (row head first), as a reader sees them: a figure's own text, without the interval printed under it. */
  async rows(table: Locator): Promise<string[][]> {
    await expect(table).toBeVisible();
    return table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => {
          const text = (cell as HTMLElement).innerText;
          const interval = cell.querySelector<HTMLElement>('.analysis-table__ci')?.innerText;
          return (interval ? text.replace(interval, '') : text).trim();
        }),
      ),
    );
  }

  /** Clicks an export button inside `scope` and returns the downloaded file's name and bytes. */
  async download(scope: Locator, button: string): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), scope.getByRole('button', { name: button }).first().click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: await readFile(path) };
  }
}
