// Run by text-ingest.bench.ts in a process of its own, so that its peak memory is the import's:
// imports the files given on the command line into a fresh workspace with two workers and
// prints the time and the process's peak resident memory (main thread and workers) as JSON.
// The benchmark runs the compiled copy (dist/core/sources/ingest-bench-child.js) with plain
// Node when dist/ is up to date, as the app runs, else this file through tsx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { importPaths } from './import-sources.ts';

const files = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'lhb-ingest-bench-ws-'));
try {
  const workspace = openWorkspace(dir);
  const started = performance.now();
  const { outcomes } = await importPaths(workspace, files, { dataRoomId: null, workers: 2 });
  const ms = performance.now() - started;
  workspace.close();
  process.stdout.write(`${JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, outcomes })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
