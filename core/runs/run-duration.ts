/** What a run's duration is read from: the engine's measurement for a run executed here, else the run's own times. */
export interface RunTimes {
  /** A study of this workspace ran it (it has a study_runs row). */
  executedHere: boolean;
  /** study_runs.duration_ms: spawn to exit of the harness process, null when it never started. */
  engineMs: number | null | undefined;
  startedAt: string | null | undefined;
  finishedAt: string | null | undefined;
}

/**
 * A run's one duration, wherever it is shown or exported (`lhb runs show`, `lhb runs status`, the
 * Runs screen, the dataset's `duration_ms`, an ATIF export's `run_duration_ms`): the harness
 * process's wall time. For a run executed here that is what the engine measured from spawn to
 * exit; for an imported run, its run.json's start to finish (a Harbor trial's agent execution).
 * What a harness reports of itself (Claude Code's `duration_ms`, a command's outcome line) is
 * not it, and neither is the time spent preparing the run folder or importing its artifacts.
 */
export function runDurationMs(run: RunTimes): number | null {
  if (run.executedHere) return run.engineMs ?? null;
  if (!run.startedAt || !run.finishedAt) return null;
  const ms = Date.parse(run.finishedAt) - Date.parse(run.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}
