import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ChildImport {
  /** The import's own time, from the call to its result. */
  ms: number;
  /** CPU time (user + system, every thread: main and workers) while the import ran. */
  cpuMs: number;
  /** CPU time of the whole process, from Node's start to the import's end (its start-up and warming included). */
  processCpuMs: number;
  /** How long the app's start-up warming took before the import (`after` only). */
  warmMs: number | null;
  /** The child's peak resident memory, main thread and workers. */
  maxRssBytes: number;
}

/** How the child's import meets the app's start-up warming (see ingest-bench-child.ts). */
export type WarmAtStart = 'none' | 'at-once' | 'after';

/**
 * Imports `files` in a fresh process (ingest-bench-child.ts): the compiled child under plain
 * Node when dist/ is up to date, as the app runs, else the TypeScript one through tsx, with
 * `env` as its environment. Throws unless every file was added.
 */
export function importInChild(files: string[], warm: WarmAtStart = 'none', env: NodeJS.ProcessEnv = process.env): ChildImport & { compiled: boolean } {
  const compiled = compiledImportChild();
  const args = compiled ? [compiled] : ['--import', 'tsx', fileURLToPath(new URL('./ingest-bench-child.ts', import.meta.url))];
  const result = spawnSync(process.execPath, [...args, `--warm=${warm}`, ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env });
  if (result.status !== 0) throw new Error(`The ingestion benchmark's import failed (exit ${result.status}): ${result.stderr}`);
  const reply = JSON.parse(result.stdout.trim().split('\n').pop()!) as ChildImport & { outcomes: { status: string }[] };
  const failed = reply.outcomes.find((outcome) => outcome.status !== 'added');
  if (failed || reply.outcomes.length !== files.length) throw new Error(`The benchmark import did not add every file: ${JSON.stringify(failed)}`);
  return { ms: reply.ms, cpuMs: reply.cpuMs, processCpuMs: reply.processCpuMs, warmMs: reply.warmMs, maxRssBytes: reply.maxRssBytes, compiled: compiled !== undefined };
}

/** The compiled child (dist/) when dist/ is up to date; else undefined (sources). */
function compiledImportChild(): string | undefined {
  const dist = fileURLToPath(new URL('../../dist/core/sources/ingest-bench-child.js', import.meta.url));
  if (!existsSync(dist)) return undefined;
  const freshness = spawnSync(process.execPath, ['-e', `import(${JSON.stringify(new URL('../../build/build-freshness.mjs', import.meta.url).href)}).then((m) => process.exit(m.buildNeed() === undefined ? 0 : 1))`]);
  return freshness.status === 0 ? dist : undefined;
}
