import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_LAUNCH_TIMEOUT_MS, resolveChromiumPath } from './chromium-path.ts';
import { BLANK_CHECK_SCRIPT } from './frame-capture-blank-check.ts';
import { frameCaptureFileName } from './frame-capture-file-name.ts';
import { routeResolution, serveStaticBuild } from './serve-static-build.ts';

export const DEFAULT_VIEWPORT = { width: 1440, height: 900 } as const;
/** Ground-truth PNGs are 2× Figma exports, so captures are too. */
const DEVICE_SCALE_FACTOR = 2;
const DEFAULT_TIMEOUT_MS = 30_000;
/** Network idle is waited for at most this long (never more than the frame's budget). */
const NETWORK_IDLE_MS = 5_000;

export interface FrameToCapture {
  nodeId: string;
  /** A path on the build, e.g. `/` or `/settings`. */
  targetRoute: string;
  viewport?: { width: number; height: number };
}

export type FrameFindingKind = 'blank-render' | 'runtime-error' | 'broken-route' | 'timeout';

export interface FrameFinding {
  kind: FrameFindingKind;
  detail: string;
}

export interface CapturedFrame {
  nodeId: string;
  /** The PNG written, absent when no screenshot could be taken. */
  path?: string;
  findings: FrameFinding[];
}

export interface CaptureFramesOptions {
  /** The bundle's static build; served read-only on its own loopback origin. */
  distDir: string;
  frames: readonly FrameToCapture[];
  /** Where `<file-safe node id>.png` files go (created when missing). */
  outDir: string;
  /** Defaults to resolveChromiumPath(): LHB_CHROMIUM or Debian's /usr/bin/chromium. */
  chromiumPath?: string;
  /** Budget per frame for load + screenshot; default 30 s. */
  timeoutMs?: number;
}

/**
 * Serves `distDir` on a loopback port and screenshots each frame's route in Chromium (full page,
 * 2×), reporting blank renders, runtime errors, broken routes and timeouts per frame. Captures
 * are offline: every request to another origin is aborted, service workers are blocked.
 * The browser and server are closed however this ends.
 */
export async function captureFrames(options: CaptureFramesOptions): Promise<CapturedFrame[]> {
  const fileNames = options.frames.map((f) => frameCaptureFileName(f.nodeId));
  const clash = fileNames.find((name, i) => fileNames.indexOf(name) !== i);
  if (clash) throw new Error(`Two frames' node ids map to the same file name ${clash}; nothing was captured. Make node ids distinct.`);
  const executablePath = options.chromiumPath ?? resolveChromiumPath();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  await mkdir(options.outDir, { recursive: true });

  const multiPage = (await countHtmlPages(options.distDir)) > 1;
  const server = await serveStaticBuild(options.distDir);
  let browser: Browser | undefined;
  try {
    // Loaded when a capture starts: playwright-core is most of a second of every lhb start otherwise.
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS], timeout: CHROMIUM_LAUNCH_TIMEOUT_MS });
    const results: CapturedFrame[] = [];
    for (const [i, frame] of options.frames.entries()) {
      const captured = await captureFrame(browser, server.origin, frame, join(options.outDir, fileNames[i]!), timeoutMs);
      // A single-page app routes on the client, so its fallback is how every route loads. A
      // multi-page build whose fallback answers the route simply has no page there.
      if (multiPage && (await routeResolution(options.distDir, frame.targetRoute)) === 'fallback') {
        captured.findings.unshift({ kind: 'broken-route', detail: `${frame.targetRoute} has no page in this multi-page build; the server answered with index.html` });
      }
      results.push(captured);
    }
    return results;
  } finally {
    await browser?.close().catch(() => undefined);
    await server.close();
  }
}

async function captureFrame(browser: Browser, origin: string, frame: FrameToCapture, pngPath: string, timeoutMs: number): Promise<CapturedFrame> {
  const findings: FrameFinding[] = [];
  const blocked = new Set<string>();
  // A fresh context per frame: its own viewport, and no storage carried between routes.
  const context = await browser.newContext({
    viewport: frame.viewport ?? DEFAULT_VIEWPORT,
    deviceScaleFactor: DEVICE_SCALE_FACTOR,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  try {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      blocked.add(url);
      return route.abort('blockedbyclient');
    });
    await context.routeWebSocket(/.*/, (ws) => ws.close());
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    page.on('pageerror', (error) => findings.push({ kind: 'runtime-error', detail: `Uncaught: ${error.message}` }));
    page.on('console', (message) => {
      if (message.type() === 'error' && !causedByBlocking(message, blocked)) {
        findings.push({ kind: 'runtime-error', detail: `console.error: ${message.text()}` });
      }
    });

    const started = Date.now();
    const url = origin + (frame.targetRoute.startsWith('/') ? frame.targetRoute : `/${frame.targetRoute}`);
    try {
      const response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
      if (response && response.status() >= 400) {
        findings.push({ kind: 'broken-route', detail: `${frame.targetRoute} answered HTTP ${response.status()}` });
      }
    } catch (error) {
      if (!isPlaywrightTimeout(error)) throw error;
      findings.push({ kind: 'timeout', detail: `${frame.targetRoute} did not finish loading within ${timeoutMs} ms` });
    }
    const left = timeoutMs - (Date.now() - started);
    // A page that keeps polling never goes idle; that alone is not a defect, so no finding.
    await page.waitForLoadState('networkidle', { timeout: Math.max(1, Math.min(NETWORK_IDLE_MS, left)) }).catch(() => undefined);

    const path = await screenshot(page, pngPath, timeoutMs, findings);
    if (await isBlank(page, timeoutMs)) findings.push({ kind: 'blank-render', detail: `${frame.targetRoute} rendered nothing visible` });
    return { nodeId: frame.nodeId, ...(path ? { path } : {}), findings };
  } finally {
    await context.close().catch(() => undefined);
  }
}

async function screenshot(page: Page, pngPath: string, timeoutMs: number, findings: FrameFinding[]): Promise<string | undefined> {
  try {
    await page.screenshot({ path: pngPath, fullPage: true, type: 'png', animations: 'disabled', timeout: timeoutMs });
    return pngPath;
  } catch (error) {
    if (!isPlaywrightTimeout(error)) throw error;
    findings.push({ kind: 'timeout', detail: `The screenshot did not finish within ${timeoutMs} ms` });
    return undefined;
  }
}

/** HTML files in a build (links are not followed), stopping at two: enough to tell an SPA from a site. */
async function countHtmlPages(folder: string, found = 0): Promise<number> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (found > 1) break;
    if (entry.isDirectory()) found = await countHtmlPages(join(folder, entry.name), found);
    else if (entry.isFile() && /\.html?$/i.test(entry.name)) found++;
  }
  return found;
}

/** evaluate() has no timeout of its own, and a page stuck in a loop would never answer. */
async function isBlank(page: Page, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.min(NETWORK_IDLE_MS, timeoutMs));
  });
  try {
    const check = page.evaluate(BLANK_CHECK_SCRIPT).then((blank) => blank === true);
    return await Promise.race([check, giveUp]);
  } catch {
    // The page navigated away mid-check: no evidence either way.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Chromium logs "Failed to load resource" for each request we abort; that is our doing, not the page's. */
function causedByBlocking(message: ConsoleMessage, blocked: ReadonlySet<string>): boolean {
  return blocked.has(message.location().url) || /net::ERR_BLOCKED_BY_CLIENT/.test(message.text());
}

/** Playwright's TimeoutError, known by its name so that playwright-core loads only with a capture. */
function isPlaywrightTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
