import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from '../../../build/bench-harness.ts';
import { callInChildProcess } from '../../child-peak-memory.fixture.ts';
import { writeCommandTranscriptFile } from '../harnesses/command/command-transcript.fixture.ts';
import { PYTHON_LINE_READER } from '../trajectory/python-line-reader.fixture.ts';

const MiB = 1024 * 1024;
const SIZES = [100 * MiB, 1024 * MiB];
const FIXTURE = new URL('./transcript-memory.fixture.ts', import.meta.url);
/** A study's output limit per run when it names none (schemas/studies.ts). */
const RUN_OUTPUT_DEFAULT = 256 * MiB;


/**
 * Peak memory of the engine taking a 100 MiB and a 1 GiB transcript through its real path: a
 * child process runs a one-run study whose agent prints the transcript as its stdout, which the
 * engine streams to the run folder, parses and stores (transcript-memory.fixture.ts'
 * runStudyPrinting, with the study's output limit per run raised past the file); against the issue's budget (twice the file and 300 MiB) and Python reading
 * the same file a line at a time with json.loads, in the same run.
 */
export default async function benchTranscriptMemory(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-transcript-memory-bench-'));
  const results: BenchResult[] = [];
  try {
    for (const target of SIZES) {
      const file = join(dir, `command-transcript-${target / MiB}.jsonl`);
      const turns = writeCommandTranscriptFile(file, target);
      const size = statSync(file).size;
      const loadBefore = loadavg()[0]!;
      // A study keeps 256 MiB of output per run unless told more; a user with a 1 GiB transcript raises it.
      const child = await callInChildProcess(FIXTURE, 'runStudyPrinting', [file, Math.max(RUN_OUTPUT_DEFAULT, 2 * size)], 3_600_000);
      const run = child.value as { status: string; errorMessage: string | null; toolCalls: number; rssBeforeBytes: number } | undefined;
      const name = `Engine peak memory for a ${(size / MiB).toFixed(0)} MiB command-harness transcript (run streamed, parsed, stored; whole process)`;
      if (child.outcome !== 'returned' || run?.status !== 'succeeded' || run.toolCalls !== turns) {
        results.push({ name, unit: 'MiB', value: Number.NaN, target: { text: 'the run succeeds and counts every tool call', met: false }, detail: `the run did not finish as it should: ${child.outcome}, ${run?.status ?? ''} ${run?.errorMessage ?? child.message ?? child.stderr.slice(-400)}` });
        continue;
      }
      const python = spawnSync('python3', ['-c', PYTHON_LINE_READER, file], { encoding: 'utf8' });
      const loadAfter = loadavg()[0]!;
      const peerKiB = python.status === 0 ? Number(python.stdout.trim().split(' ')[2]) : undefined;
      const budget = 2 * size + 300 * MiB;
      rmSync(file);
      results.push({
        name,
        unit: 'MiB',
        value: child.maxRssBytes! / MiB,
        ...(peerKiB ? { peer: { name: 'Python 3 `for line in f: json.loads(line)`, peak RSS (parse only: no run, no store)', value: peerKiB / 1024 } } : {}),
        target: { text: `≤ 2 × the file + 300 MiB (${(budget / MiB).toFixed(0)} MiB)`, met: child.maxRssBytes! <= budget },
        detail:
          `${((child.maxRssBytes! - run.rssBeforeBytes) / MiB).toFixed(0)} MiB over the ${(run.rssBeforeBytes / MiB).toFixed(0)} MiB the engine held before the run; ` +
          `${turns} tool calls counted; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after` +
          (peerKiB ? '' : `; python3 did not run: ${python.error?.message ?? python.stderr.trim().split('\n').pop()}`),
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
