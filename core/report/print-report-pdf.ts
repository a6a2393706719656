import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS, CHROMIUM_LAUNCH_TIMEOUT_MS } from '../runs/bundles/chromium-path.ts';

/** How long printing the index may take once the browser is up (a report of many sections is a long page). */
const PRINT_TIMEOUT_MS = 120_000;

/**
 * Prints a report's index page to a PDF through Chromium (the page's own print styles: A4
 * landscape, rows kept whole, headers repeated). The page is opened from disk, and any request that
 * would leave the report's folder is refused, as the page's policy refuses it in a browser.
 */
export async function printReportPdf(indexFile: string, pdfFile: string, chromiumPath: string): Promise<void> {
  // Loaded when a report is printed: playwright-core is most of a second of every lhb start otherwise.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS], timeout: CHROMIUM_LAUNCH_TIMEOUT_MS });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
    await context.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort('blockedbyclient')));
    const page = await context.newPage();
    page.setDefaultTimeout(PRINT_TIMEOUT_MS);
    await page.goto(pathToFileURL(indexFile).href, { waitUntil: 'load' });
    await page.emulateMedia({ media: 'print' });
    // The page's own @page rule (A4 landscape, its margins) decides the paper.
    await page.pdf({ path: pdfFile, preferCSSPageSize: true, printBackground: true, outline: true, tagged: true });
  } finally {
    await browser.close().catch(() => undefined);
  }
}
