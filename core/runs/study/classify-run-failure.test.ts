import { describe, expect, it } from 'vitest';
import type { ProcessOutcome } from '../executors/run-process.ts';
import { classifyRunFailure } from './classify-run-failure.ts';

const LIMITS = { timeoutMs: 60_000, maxOutputBytes: 1 << 20 };
/** A run that exited 0 under rlimits alone (no cgroup could be made where it ran). */
const underRlimits = (stderrTail: string): ProcessOutcome => ({
  exitCode: 0,
  signal: null,
  timedOut: false,
  cancelled: false,
  outputCapped: false,
  spawnError: null,
  durationMs: 1000,
  stdoutBytes: 10,
  stderrTail,
  sandbox: { mode: 'bubblewrap', network: 'none', limits: { memoryBytes: 256 * 1048576, memoryVia: 'rlimit', processes: 32, processesVia: 'rlimit' } },
});

describe('a run that exited 0 under rlimits', () => {
  it("fails as resource-limit when its stderr has a shell's or runtime's report of a refused fork or allocation", () => {
    expect(classifyRunFailure(underRlimits('sh: 1: Cannot fork\n'), '', LIMITS)).toEqual({
      kind: 'resource-limit',
      message: 'The harness exited with code 0, but the run was refused a new process at its process limit of 32 (rlimit); raise `limits` in the study file if the task needs more.',
    });
    expect(classifyRunFailure(underRlimits('bash: fork: retry: Resource temporarily unavailable\n'), '', LIMITS)?.kind).toBe('resource-limit');
    expect(classifyRunFailure(underRlimits('Traceback (most recent call last):\nMemoryError\n'), '', LIMITS)?.message).toMatch(/a process of the run was refused memory at its memory limit of 256 MiB \(rlimit\)/);
  });

  it('succeeds on a bare EAGAIN or ENOMEM, or when only the agent talks of memory errors', () => {
    expect(classifyRunFailure(underRlimits('Error: read EAGAIN (retried)\n'), '', LIMITS)).toBeNull();
    expect(classifyRunFailure(underRlimits('warning: ENOMEM from a cache, using a smaller one\n'), '', LIMITS)).toBeNull();
    expect(classifyRunFailure(underRlimits(''), 'I fixed the MemoryError in parse.py and Cannot fork no longer shows.', LIMITS)).toBeNull();
  });
});
