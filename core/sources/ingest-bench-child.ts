// Run by the ingestion benchmarks in a process of its own, so that its peak memory is the
// import's and its first import is a fresh app's: imports the files given on the command line
// into a fresh workspace with two workers and prints the time, the process's peak resident
// memory (main thread and workers) and the start-up warming's time as JSON.
// `--warm=none` imports at once with nothing warmed (a CLI import); `--warm=at-once` starts the
// app's start-up warming (warmUpAtAppStart, as lhb serve and Electron do) and imports at once,
// as a user who imports the moment the app opens; `--warm=after` imports once that warming is done.
// The benchmarks run the compiled copy (dist/core/sources/ingest-bench-child.js) with plain
// Node when dist/ is up to date, as the app runs, else this file through tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApi } from '../api/create-api.ts';
import { warmUpAtAppStart } from '../api/warm-up-at-start.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { importPaths } from './import-sources.ts';

const warmFlag = process.argv.find((arg) => arg.startsWith('--warm='));
const warm = warmFlag?.slice('--warm='.length) ?? 'none';
if (!['none', 'at-once', 'after'].includes(warm)) throw new Error(`--warm takes none, at-once or after, not ${warm}`);
const files = process.argv.slice(2).filter((arg) => arg !== warmFlag);
const dir = mkdtempSync(join(tmpdir(), 'lhb-ingest-bench-ws-'));
try {
  const api = createApi(openWorkspace(dir));
  const warmStarted = performance.now();
  const warming = warm === 'none' ? undefined : warmUpAtAppStart(api);
  let warmMs: number | null = null;
  if (warm === 'after') {
    await warming;
    warmMs = performance.now() - warmStarted;
  }
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const { outcomes } = await importPaths(api.context.workspace, files, { dataRoomId: null, workers: 2 });
  const ms = performance.now() - started;
  // CPU of every thread of this process (main and workers) while the import ran, and since the process began.
  const { user, system } = process.cpuUsage(cpuAtStart);
  const cpuMs = (user + system) / 1000;
  await api.close();
  const usage = process.resourceUsage();
  const processCpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000;
  process.stdout.write(`${JSON.stringify({ ms, cpuMs, processCpuMs, warmMs, maxRssBytes: process.resourceUsage().maxRSS * 1024, outcomes })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
