/**
 * Limits of a run that names none: generous for a real agent (a Node CLI, a dev server, a
 * Chromium for the verifier, npm installs), small enough that a fork bomb or a runaway
 * allocation stops inside the run (and an agent filling the disk stops before the workspace's disk is full) instead of taking the machine.
 */
export const DEFAULT_SANDBOX_LIMITS = { memoryMb: 16 * 1024, processes: 2048, diskMb: 32 * 1024 } as const;
