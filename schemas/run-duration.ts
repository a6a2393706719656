/**
 * How a run's duration reads wherever it is shown (the CLI, the Runs screen): the one duration
 * of a run is the harness process's wall time (core/runs/run-duration.ts says where it comes from).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "45 s", "12 min", "2 min 30 s", "1 h 5 min"; undefined for a negative or unknown span. */
export function durationText(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (ms < HOUR) {
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    return rest === 0 || minutes >= 10 ? `${minutes} min` : `${minutes} min ${rest} s`;
  }
  const minutes = Math.round(ms / MINUTE);
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** How long a run has taken: its duration once it has one, else the time since it started (it is still running); undefined before it started. */
export function elapsedMs(run: { startedAt: string | null; finishedAt: string | null; durationMs: number | null }, now: number): number | undefined {
  if (run.durationMs !== null) return run.durationMs;
  if (run.startedAt === null) return undefined;
  const start = Date.parse(run.startedAt);
  if (Number.isNaN(start)) return undefined;
  const end = run.finishedAt === null ? now : Date.parse(run.finishedAt);
  return Number.isNaN(end) ? undefined : Math.max(0, end - start);
}
