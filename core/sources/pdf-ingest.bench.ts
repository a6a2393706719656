import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { median, waitedChildrenCpuMs, type BenchResult } from '../../build/bench-harness.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { importPaths as importPathsFromSource } from './import-sources.ts';
import { importInChild } from './ingest-in-child.fixture.ts';

const FILES = 40;
const PAGES_PER_FILE = 20;
const RUNS = 3;
/** Fresh processes per first-import line: each is one cold start, so one alone is noise on a loaded machine. */
const FIRST_RUNS = 2;
/** Both cores: our pool runs two workers, so pdftotext gets two processes at a time. */
const PARALLEL = 2;
/** Bump when the generated corpus changes, so a stale cached copy is not reused. */
const CORPUS = join(tmpdir(), `lhb-pdf-ingest-bench-v1-${FILES}x${PAGES_PER_FILE}`);

type ImportModule = { importPaths: typeof importPathsFromSource };

/**
 * The import as the app runs it: the compiled dist/ when it is up to date (`npm run bench`
 * builds first), whose workers start in a fraction of the time tsx needs for TypeScript.
 */
async function loadImport(): Promise<{ importPaths: ImportModule['importPaths']; from: string }> {
  // build-freshness.mjs has no type declarations; a URL import keeps tsc from asking for them.
  const freshness = new URL('../../build/build-freshness.mjs', import.meta.url).href;
  const { buildNeed } = (await import(freshness)) as { buildNeed: () => string | undefined };
  if (buildNeed() === undefined) {
    const compiled = (await import(new URL('../../dist/core/sources/import-sources.js', import.meta.url).href)) as ImportModule;
    return { importPaths: compiled.importPaths, from: 'dist/' };
  }
  return { importPaths: importPathsFromSource, from: 'TypeScript sources (dist/ is stale: run npm run build)' };
}

/**
 * PDF ingestion throughput (pages/s) against poppler's `pdftotext` on the same 40 × 20-page
 * PDFs, both using two cores and both writing their text to files. Ours is the whole import:
 * read, hash, parse in the worker pool, headings and paragraphs, sections, blobs and rows in a
 * fresh workspace, timed from the import's call to its result. An app's first import is measured
 * in a fresh process of its own (ingest-bench-child.ts), three ways: as the app does it (it warms
 * the workers when it starts: warmUpAtAppStart) with the import begun the moment it starts, as a
 * user who imports at once would; the same once that warming is done, as a user who first opens
 * the Annotator and picks files finds it; and with nothing warmed, as a one-off `lhb sources
 * import` (and the app before it warmed) does. Each finds pdf.js compiled in the V8 code cache an
 * earlier import left (load-pdfjs.ts), as every start but the first after an install does; that
 * first start is measured too, at once, with a cache folder of its own and empty. Later imports
 * reuse the workers in one process. Each line also gives the CPU times of the same runs (ours
 * during the import, every thread, and of its whole process; pdftotext's processes): the issue's
 * 0.4× was last judged on those, since wall times swing with the load of a shared machine.
 */
export default async function benchPdfIngest(): Promise<BenchResult[]> {
  const files = await corpus();
  const { importPaths, from } = await loadImport();
  const totalPages = FILES * PAGES_PER_FILE;
  const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
  // Each of our runs is followed by a pdftotext run, and each line's ratio is against its own
  // runs' peers: on a machine whose load swings, a peer timed minutes later says little. Both are
  // timed by the wall and by the CPU: a ratio of CPU times keeps its meaning on a loaded machine.
  const peerAfter = async (runs: Runs): Promise<void> => {
    const cpuBefore = waitedChildrenCpuMs();
    runs.peer.push(hasPdftotext ? await timePdftotext(files) : Number.NaN);
    runs.peerCpu.push(hasPdftotext ? waitedChildrenCpuMs() - cpuBefore : Number.NaN);
  };
  const modes = ['at-once', 'after', 'none', 'installed'] as const;
  const first = new Map(modes.map((mode) => [mode, { ...noRuns(), warmMs: [] as number[], compiled: false }]));
  for (let round = 0; round < FIRST_RUNS; round++) {
    for (const mode of modes) {
      // The first start after an install or upgrade finds no compiled pdf.js (load-pdfjs.ts): a code cache folder of its own, empty.
      const noCodeCache = mode === 'installed' ? mkdtempSync(join(tmpdir(), 'lhb-pdf-bench-code-cache-')) : undefined;
      const env = noCodeCache ? { ...process.env, LHB_CODE_CACHE_DIR: noCodeCache } : process.env;
      const run = importInChild(files, mode === 'installed' ? 'at-once' : mode, env);
      if (noCodeCache) rmSync(noCodeCache, { recursive: true, force: true });
      const line = first.get(mode)!;
      line.ours.push(run.ms);
      line.oursCpu.push(run.cpuMs);
      line.oursProcessCpu.push(run.processCpuMs);
      if (run.warmMs !== null) line.warmMs.push(run.warmMs);
      line.compiled = run.compiled;
      await peerAfter(line);
    }
  }
  // This process's own first import (not timed) leaves the workers it started kept, as the app's would.
  await timeOurImport(importPaths, files);
  const warm = noRuns();
  for (let run = 0; run < RUNS; run++) {
    const { ms, cpuMs } = await timeOurImport(importPaths, files);
    warm.ours.push(ms);
    warm.oursCpu.push(cpuMs);
    await peerAfter(warm);
  }
  const childFrom = first.get('none')!.compiled ? 'dist/' : 'TypeScript sources';
  const result = (label: string, runs: Runs, how: string, target: boolean): BenchResult => {
    const ms = median(runs.ours);
    const pagesPerSecond = totalPages / (ms / 1000);
    const peerPagesPerSecond = hasPdftotext ? totalPages / (median(runs.peer) / 1000) : undefined;
    const ratio = peerPagesPerSecond ? pagesPerSecond / peerPagesPerSecond : undefined;
    return {
      name: `PDF ingestion throughput, ${label} (${FILES} files × ${PAGES_PER_FILE} pages, ${PARALLEL} workers)`,
      unit: 'pages/s',
      value: pagesPerSecond,
      ...(peerPagesPerSecond ? { peer: { name: `pdftotext, ${PARALLEL} at a time, run after each of ours`, value: peerPagesPerSecond } } : {}),
      // Issues 13 and 41: pdf.js (one extractor everywhere, so line numbers stay stable) at 0.4 of poppler's speed or better, the app's first import included.
      ...(target ? { target: { text: '≥ 0.4× pdftotext', met: ratio !== undefined && ratio >= 0.4 } } : {}),
      detail: hasPdftotext
        ? `${how}: ours ${msList(runs.ours)} ms, pdftotext after each ${msList(runs.peer)} ms (medians compared); ${cpuText(runs)}`
        : 'pdftotext not found: install it (apt-get install -y poppler-utils) to measure the peer',
    };
  };
  const afterWarming = first.get('after')!;
  return [
    result("the app's first import, begun as it starts (its start-up warming under way)", first.get('at-once')!, `${FIRST_RUNS} fresh processes (${childFrom})`, true),
    result("the app's first import, after its start-up warming", afterWarming, `${FIRST_RUNS} fresh processes (${childFrom}), whose start-up warming took ${afterWarming.warmMs.map((v) => v.toFixed(0)).join(', ')} ms before it`, true),
    result('a first import with nothing warmed (a one-off lhb sources import)', first.get('none')!, `${FIRST_RUNS} fresh processes (${childFrom})`, false),
    result("the app's first import after an install or upgrade, begun as it starts (no compiled pdf.js kept yet)", first.get('installed')!, `${FIRST_RUNS} fresh processes (${childFrom}), each with an empty code cache folder`, false),
    result('next imports (workers kept)', warm, `${RUNS} runs in one process (${from})`, true),
  ];
}

/** One line's runs: ours and pdftotext's after each, by the wall and by the CPU (ours during the import, and of the whole process when it had one of its own). */
interface Runs {
  ours: number[];
  oursCpu: number[];
  oursProcessCpu: number[];
  peer: number[];
  peerCpu: number[];
}

function noRuns(): Runs {
  return { ours: [], oursCpu: [], oursProcessCpu: [], peer: [], peerCpu: [] };
}

const msList = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');

/** The CPU times of a line's runs and the ratio of their medians (pdftotext's ÷ ours, as the pages/s ratio reads). */
function cpuText(runs: Runs): string {
  if (runs.peerCpu.some((v) => Number.isNaN(v))) return 'CPU times need Linux /proc';
  const ratio = (ours: number[]) => (median(runs.peerCpu) / median(ours)).toFixed(2);
  const whole = runs.oursProcessCpu.length > 0 ? `, ${msList(runs.oursProcessCpu)} ms the whole process (ratio ${ratio(runs.oursProcessCpu)})` : '';
  return `CPU: ours ${msList(runs.oursCpu)} ms during the import${whole}, pdftotext ${msList(runs.peerCpu)} ms; pdftotext ÷ ours by the CPU = ${ratio(runs.oursCpu)} during the import`;
}

async function timeOurImport(importPaths: ImportModule['importPaths'], files: string[]): Promise<{ ms: number; cpuMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-pdf-bench-ws-'));
  const workspace = openWorkspace(dir);
  try {
    const started = performance.now();
    // Every thread of this process: the workers' CPU is counted here too.
    const cpuAtStart = process.cpuUsage();
    const { outcomes } = await importPaths(workspace, files, { dataRoomId: null, workers: PARALLEL });
    const elapsed = performance.now() - started;
    const { user, system } = process.cpuUsage(cpuAtStart);
    const failed = outcomes.filter((o) => o.status !== 'added');
    if (failed.length > 0) throw new Error(`The benchmark import did not add every file: ${JSON.stringify(failed[0])}`);
    return { ms: elapsed, cpuMs: (user + system) / 1000 };
  } finally {
    workspace.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext writes each file's text to a file, as ours writes each Markdown blob. */
async function timePdftotext(files: string[]): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), 'lhb-pdftotext-bench-'));
  try {
    return await timePdftotextInto(files, out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function timePdftotextInto(files: string[], out: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  const runOne = (file: string) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn('pdftotext', ['-q', file, join(out, `${basename(file, '.pdf')}.txt`)], { stdio: ['ignore', 'ignore', 'ignore'] });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pdftotext ${file} exited ${code}`))));
    });
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < files.length) await runOne(files[next++]!);
    }),
  );
  return performance.now() - started;
}

/** The generated PDFs, made once and kept in the temp folder between runs. */
async function corpus(): Promise<string[]> {
  const existing = existsSync(CORPUS) ? readdirSync(CORPUS).filter((f) => f.endsWith('.pdf')) : [];
  if (existing.length !== FILES) {
    mkdirSync(CORPUS, { recursive: true });
    for (let i = 0; i < FILES; i++) writeFileSync(join(CORPUS, `report-${String(i + 1).padStart(2, '0')}.pdf`), await makeReport(i));
  }
  return readdirSync(CORPUS)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((f) => join(CORPUS, f));
}

const WORDS = 'the dashboard weekly orders region totals shipment transit label chart colour panel empty error state team reviewer finding brief build agent judge score view number partial week sample data table sorted'.split(' ');

/** A report of PAGES_PER_FILE pages: a bold heading per page and 44 lines of body text, some hyphenated. */
async function makeReport(seed: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let state = seed * 7919 + 1;
  const word = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return WORDS[state % WORDS.length]!;
  };
  for (let p = 0; p < PAGES_PER_FILE; p++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Section ${p + 1}: findings on ${word()} and ${word()}`, { x: 72, y: 720, size: 16, font: bold });
    let y = 690;
    for (let line = 0; line < 44; line++) {
      const words = Array.from({ length: 12 }, word).join(' ');
      const text = line % 7 === 6 ? `${words} evalu-` : line % 7 === 0 && line > 0 ? `ation ${words}.` : words;
      page.drawText(text, { x: 72, y, size: 10, font: regular });
      y -= line % 8 === 7 ? 20 : 13;
    }
  }
  return pdf.save();
}
