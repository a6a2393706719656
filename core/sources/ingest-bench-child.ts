// Run by text-ingest.bench.ts in a process of its own, so that its peak memory is the import's:
// imports the files given on the command line into a fresh workspace with two workers and
// prints the time and the process's peak resident memory (main thread and workers) as JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { importPaths as importFromSource } from './import-sources.ts';

const files = process.argv.slice(2);
const compiled = process.env.LHB_BENCH_DIST;
const { importPaths } = compiled ? ((await import(compiled)) as { importPaths: typeof importFromSource }) : { importPaths: importFromSource };
const dir = mkdtempSync(join(tmpdir(), 'lhb-ingest-bench-ws-'));
try {
  const workspace = openWorkspace(dir);
  const started = performance.now();
  const { outcomes } = await importPaths(workspace, files, { courseId: null, workers: 2 });
  const ms = performance.now() - started;
  workspace.close();
  process.stdout.write(`${JSON.stringify({ ms, maxRssBytes: process.resourceUsage().maxRSS * 1024, outcomes })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
