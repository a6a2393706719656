import type { Page } from '@playwright/test';

/**
 * Collects what should never happen on our pages: console errors (a CSP violation, an inline
 * style, a refused call), uncaught page errors and HTTP error responses (a failed load is
 * reported by its response, where its address is known). Returns the live list.
 */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) problems.push(`${response.status()} for ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}
