import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from '../../../build/bench-harness.ts';
import { median } from '../../../build/bench-harness.ts';
import { runProcess } from '../executors/run-process.ts';
import { planRunSandbox } from './sandbox-plan.ts';
import { sandboxProblem } from './sandbox-availability.ts';

const RUNS = 20;

/**
 * What the sandbox adds to each run's start: a trivial command (`/bin/true`) run to its end through
 * the engine's process runner, in bubblewrap (namespaces, mounts, the run's cgroups or rlimits)
 * and as a plain process, interleaved so both see the same machine load.
 */
export default async function benchSandboxStartup(): Promise<BenchResult[]> {
  const problem = sandboxProblem();
  if (problem) {
    console.log(`  skipped: ${problem}`);
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), 'lhb-sandbox-bench-'));
  try {
    const sandboxed: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      for (const [samples, inSandbox] of [[sandboxed, true], [plain, false]] as const) {
        const folder = join(dir, `run-${i}-${inSandbox ? 's' : 'p'}`);
        mkdirSync(join(folder, 'work'), { recursive: true });
        const plan = planRunSandbox({ network: 'host', limits: undefined, runFolder: folder, binary: '/bin/true', toolsDir: join(dir, 'tools'), workspaceDir: dir, endpoint: undefined });
        const started = performance.now();
        const outcome = await runProcess({
          invocation: { command: '/bin/true', args: [], cwd: join(folder, 'work'), env: { PATH: '/usr/bin:/bin' } },
          stdoutFile: join(folder, 'transcript.jsonl'),
          stderrFile: join(folder, 'stderr.log'),
          timeoutMs: 30_000,
          maxOutputBytes: 1_000_000,
          sandbox: inSandbox ? { plan, runKey: `bench-${i}` } : null,
        });
        if (outcome.exitCode !== 0) throw new Error(`/bin/true ${inSandbox ? 'in the sandbox ' : ''}exited ${outcome.exitCode}: ${outcome.stderrTail}`);
        if (i > 0) samples.push(performance.now() - started); // the first of each is a warm-up
      }
    }
    return [
      {
        name: `run start-up to end of a trivial command, sandboxed (median of ${RUNS})`,
        unit: 'ms',
        value: median(sandboxed),
        peer: { name: 'the same command unsandboxed', value: median(plain) },
        detail: `sandbox cost per run ${(median(sandboxed) - median(plain)).toFixed(1)} ms: bwrap's namespaces and mounts, the run's cgroups or prlimit`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
