import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './run-process.ts';

/**
 * A harness that prints `bytes` of output as fast as it can, run unsandboxed by runProcess in the
 * calling process (a child of its own under callInChildProcess, which reports its peak memory):
 * what reached the transcript file and how the run ended, and the memory the process held before.
 */
export async function runFloodingHarness(bytes: number): Promise<{ exitCode: number | null; outputCapped: boolean; stdoutBytes: number; fileBytes: number; rssBeforeBytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-run-process-output-'));
  try {
    const rssBeforeBytes = process.memoryUsage().rss;
    const stdoutFile = join(dir, 'transcript.jsonl');
    const outcome = await runProcess({
      invocation: { command: '/bin/sh', args: ['-c', `head -c ${bytes} /dev/zero`], cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
      stdoutFile,
      stderrFile: join(dir, 'stderr.log'),
      timeoutMs: 300_000,
      maxOutputBytes: 4 * bytes,
      sandbox: null,
    });
    return { exitCode: outcome.exitCode, outputCapped: outcome.outputCapped, stdoutBytes: outcome.stdoutBytes, fileBytes: statSync(stdoutFile).size, rssBeforeBytes };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
