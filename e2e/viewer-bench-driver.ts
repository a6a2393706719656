// The Node side of renderer/annotator/viewer.bench.ts: a served temp workspace holding a
// 1,000,000-line source (and a 1,000-line peer), Chromium driven by Playwright, and the
// in-page measurements. It lives here, beside the e2e helpers, because it needs Node and
// Playwright, which the renderer's lint and tsconfig rightly refuse.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { median, percentile, type BenchResult } from '../build/bench-harness.ts';
import playwrightConfig, { CHROMIUM_PATH } from '../playwright.config.ts';
import { launchApp } from './launch-app.ts';
import { ServedApi } from './served-api.ts';
import type { SourceSummary } from '../schemas/sources.ts';

/** The e2e suite's Chromium flags, so the bench runs the browser the tests run. */
const CHROMIUM_ARGS = playwrightConfig.use?.launchOptions?.args ?? [];
const BIG_LINES = 1_000_000;
const PEER_LINES = 1_000;
const OPENS = 7;
const SCROLL_FRAMES = 240;
/** A mouse wheel or trackpad (120 px a frame: 7,200 px/s) and a hard flick (900 px: 45 rows a frame). */
const SCROLL_SPEEDS = [120, 900];
const CITES = 10;

/** A plain-text source: a title line, then numbered lines of ordinary prose, `count` in all. */
function writeSource(path: string, count: number, title: string): void {
  const words = ['sources', 'cite', 'chapter', 'evidence', 'judge', 'quote', 'line', 'plan', 'agent', 'rubric', 'dashboard', 'filter'];
  const lines: string[] = new Array(count);
  lines[0] = title;
  for (let i = 1; i < count; i++) {
    lines[i] = `Line ${String(i + 1).padStart(7, '0')}: the ${words[i % 12]} and the ${words[(i * 7) % 12]} meet the ${words[(i * 5) % 12]} here.`;
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

/** Clicks the source's button and resolves with ms from the click until line 1's text is painted. */
async function timeOpen(page: Page, source: SourceSummary): Promise<number> {
  return page.evaluate(async ({ file, name }) => {
    const button = [...document.querySelectorAll<HTMLButtonElement>('.source-item')].find((b) => b.title === file);
    if (!button) throw new Error(`No source imported from ${file}`);
    const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => resolve(performance.now()); channel.port2.postMessage(0); }));
    const started = performance.now();
    button.click();
    for (;;) {
      const painted = await afterPaint();
      const first = document.querySelector('.doc-lines [data-line="1"] [data-line-text]');
      const heading = document.querySelector('.doc-meta__title')?.textContent;
      if (heading === name && first?.textContent) return painted - started;
    }
  }, { file: source.originalName, name: source.title });
}

/**
 * Scrolls `selector` programmatically for SCROLL_FRAMES frames and measures each frame's main-thread
 * work: from the scroll event (capture, so before the viewer's own listener) to the end of that
 * frame's rendering (a message posted from requestAnimationFrame runs after paint). Also returns
 * the rAF intervals, which headless Chromium caps at 60 Hz.
 */
async function measureScroll(page: Page, selector: string, step: number): Promise<{ work: number[]; intervals: number[] }> {
  return page.evaluate(
    async ({ selector, frames, step }) => {
      const el = document.querySelector<HTMLElement>(selector)!;
      const work: number[] = [];
      const intervals: number[] = [];
      let scrollAt: number | undefined;
      const onScroll = () => (scrollAt ??= performance.now());
      window.addEventListener('scroll', onScroll, { capture: true });
      let last = performance.now();
      await new Promise<void>((done) => {
        let n = 0;
        const frame = (now: number) => {
          intervals.push(now - last);
          last = now;
          const start = scrollAt;
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            if (start !== undefined) work.push(performance.now() - start);
          };
          channel.port2.postMessage(0);
          scrollAt = undefined;
          if (el.scrollTop + el.clientHeight + step >= el.scrollHeight) el.scrollTop = 0;
          else el.scrollTop += step;
          if (++n < frames) requestAnimationFrame(frame);
          else setTimeout(done, 50);
        };
        requestAnimationFrame(frame);
      });
      window.removeEventListener('scroll', onScroll, { capture: true });
      return { work, intervals: intervals.slice(1) };
    },
    { selector, frames: SCROLL_FRAMES, step },
  );
}

/**
 * Selects lines `from`..`to` (on screen), presses C, and times until the citation is painted in
 * the Chapters panel (shown at once, marked saving) and until core has confirmed it.
 */
async function timeCite(page: Page, sourceId: string, from: number, to: number): Promise<{ shown: number; confirmed: number }> {
  return page.evaluate(
    async ({ sourceId, from, to }) => {
      const text = (line: number) => document.querySelector(`.doc-lines [data-line="${line}"] [data-line-text]`)!;
      const range = document.createRange();
      range.setStart(text(from).firstChild ?? text(from), 0);
      const end = text(to).firstChild ?? text(to);
      range.setEnd(end, end.textContent?.length ?? 0);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      // selectionchange is async: let the viewer map the selection to lines first.
      await new Promise((r) => setTimeout(r, 30));
      const ref = `${sourceId}:${from}--${to}`;
      const region = document.querySelector('.panel--chapters')!;
      const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => resolve(performance.now()); channel.port2.postMessage(0); }));
      /** Resolves after the first frame painted once `check` holds. */
      const paintedWhen = (check: () => boolean) =>
        new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (!check()) return;
            observer.disconnect();
            void afterPaint().then(resolve);
          });
          observer.observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
        });
      const refs = () => [...region.querySelectorAll('.citation__ref')].filter((b) => b.textContent === ref);
      const shown = paintedWhen(() => refs().length > 0);
      const confirmed = paintedWhen(() => refs().some((b) => !b.closest('.citation--pending')));
      const started = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'c', bubbles: true }));
      return { shown: (await shown) - started, confirmed: (await confirmed) - started };
    },
    { sourceId, from, to },
  );
}

/** The same citation call without the UI: a bare RPC round trip from the page, then undone. */
async function timeRawCite(page: Page, chapterId: string, versionId: string, line: number): Promise<number> {
  return page.evaluate(
    async ({ chapterId, versionId, line }) => {
      const token = sessionStorage.getItem('lhb.token')!;
      const post = (method: string, body: unknown) =>
        fetch(`/rpc/${method}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ id: string }>);
      const started = performance.now();
      const dataRoom = await post('chapters.addCitation', { chapterId, versionId, startLine: line, endLine: line + 1 });
      const elapsed = performance.now() - started;
      await post('annotate.undo', { dataRoomId: dataRoom.id });
      return elapsed;
    },
    { chapterId, versionId, line },
  );
}

export async function benchViewer(): Promise<BenchResult[]> {
  const files = mkdtempSync(join(tmpdir(), 'lhb-viewer-bench-'));
  const big = join(files, 'million-lines.txt');
  const small = join(files, 'thousand-lines.txt');
  writeSource(big, BIG_LINES, 'Benchmark source: one million lines');
  writeSource(small, PEER_LINES, 'Peer source: one thousand lines');
  const app = await launchApp(['bin/lhb.mjs', 'serve']);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  // tsx compiles this file with esbuild's keepNames, which wraps named functions inside the
  // page.evaluate callbacks in __name(…); the page has no such helper, so give it one.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  try {
    const api = ServedApi.fromAppUrl(app.url);
    const importStarted = performance.now();
    const imported = await api.importFiles([
      { name: 'million-lines.txt', bytes: readFileSync(big) },
      { name: 'thousand-lines.txt', bytes: readFileSync(small) },
    ]);
    const importMs = performance.now() - importStarted;
    const bigSource = imported.find((s) => s.originalName === 'million-lines.txt');
    const peerSource = imported.find((s) => s.originalName === 'thousand-lines.txt');
    if (!bigSource || !peerSource) throw new Error(`The import did not list both sources: ${JSON.stringify(imported.map((s) => s.originalName))}`);
    if (bigSource.lineCount !== BIG_LINES) throw new Error(`The big source has ${bigSource.lineCount} lines, not ${BIG_LINES}.`);
    const page = await context.newPage();
    await page.goto(app.url);
    await page.locator(`.source-item[title="${peerSource.originalName}"]`).waitFor();

    // Time to first render: alternate the two sources so neither is already on screen.
    const bigOpens: number[] = [];
    const peerOpens: number[] = [];
    for (let i = 0; i < OPENS; i++) {
      peerOpens.push(await timeOpen(page, peerSource));
      bigOpens.push(await timeOpen(page, bigSource));
    }

    // Scroll: the virtualised viewer on a million lines against a plain <pre> of 5,000 of them.
    const viewerScrolls: Awaited<ReturnType<typeof measureScroll>>[] = [];
    for (const step of SCROLL_SPEEDS) viewerScrolls.push(await measureScroll(page, '.doc-lines', step));
    const peerPage = await context.newPage();
    const preText = readFileSync(small, 'utf8').repeat(5);
    await peerPage.setContent(`<div id="s" style="height:800px;overflow:auto;font:13px/20px monospace"><pre id="p"></pre></div>`);
    await peerPage.evaluate((text) => (document.getElementById('p')!.textContent = text), preText);
    const peerScrolls: Awaited<ReturnType<typeof measureScroll>>[] = [];
    for (const step of SCROLL_SPEEDS) peerScrolls.push(await measureScroll(peerPage, '#s', step));
    // A page behind another gets its frames throttled (about one a second): close the peer, return.
    await peerPage.close();
    await page.bringToFront();

    // Cite: selection → citation painted in Chapters, against the bare RPC call.
    await page.locator('.doc-lines').evaluate((el) => (el.scrollTop = 0));
    await page.getByRole('button', { name: 'Add chapter' }).click();
    await page.locator('.chapter__title[aria-pressed="true"]').waitFor();
    const cites: number[] = [];
    const confirmations: number[] = [];
    for (let i = 0; i < CITES; i++) {
      const { shown, confirmed } = await timeCite(page, bigSource.id, 2 + i * 2, 3 + i * 2);
      cites.push(shown);
      confirmations.push(confirmed);
    }
    const chapterId = (await page.locator('.chapter__title[aria-pressed="true"]').getAttribute('id'))!.replace('chapter-title-', '');
    const raw: number[] = [];
    for (let i = 0; i < CITES; i++) raw.push(await timeRawCite(page, chapterId, bigSource.latestVersionId, 100 + i * 5));

    const firstRender = median(bigOpens);
    const cite = median(cites);
    const scrollResults: BenchResult[] = SCROLL_SPEEDS.map((step, i) => {
      const viewer = viewerScrolls[i]!;
      const p95 = percentile(viewer.work, 0.95);
      const dropped = viewer.intervals.filter((t) => t > 25).length;
      return {
        name: `viewer scroll frame work p95, ${BIG_LINES.toLocaleString('en')} lines (${SCROLL_FRAMES} frames at ${step} px/frame)`,
        unit: 'ms',
        value: p95,
        peer: { name: 'plain <pre> of 5,000 lines, same scroll', value: percentile(peerScrolls[i]!.work, 0.95) },
        target: { text: '≤ 16 ms', met: p95 <= 16 },
        detail: `median ${median(viewer.work).toFixed(1)} ms; rAF interval p95 ${percentile(viewer.intervals, 0.95).toFixed(1)} ms (60 Hz cap), ${dropped} of ${viewer.intervals.length} frames over 25 ms`,
      };
    });
    return [
      {
        name: `viewer first render, ${BIG_LINES.toLocaleString('en')}-line source (median of ${OPENS}, click → line 1 painted)`,
        unit: 'ms',
        value: firstRender,
        peer: { name: `same viewer, ${PEER_LINES.toLocaleString('en')}-line source`, value: median(peerOpens) },
        target: { text: '≤ 300 ms', met: firstRender <= 300 },
        detail: `first open ${bigOpens[0]!.toFixed(1)} ms, max ${Math.max(...bigOpens).toFixed(1)} ms; import of both files took ${(importMs / 1000).toFixed(1)} s`,
      },
      ...scrollResults,
      {
        name: `selection → citation shown (median of ${CITES}, C pressed → ref painted in Chapters, 1,000,000-line source)`,
        unit: 'ms',
        value: cite,
        peer: { name: 'bare chapters.addCitation RPC round trip', value: median(raw) },
        target: { text: '≤ 50 ms', met: cite <= 50 },
        detail: `p90 ${percentile(cites, 0.9).toFixed(1)} ms; shown as saving until core confirms it, ${median(confirmations).toFixed(1)} ms after C (median)`,
      },
    ];
  } finally {
    await browser.close();
    await app.stop();
    rmSync(files, { recursive: true, force: true });
  }
}
