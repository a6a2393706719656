import type { RunsListRow } from '../../schemas/runs-filter.ts';

const HEADER = ['RUN', 'TASK', 'HARNESS / MODEL', 'STATUS', 'OUTPUT', 'STUDY', 'SCORE', 'WON', 'ARTIFACTS', 'NOTES'] as const;

/**
 * `lhb runs list` as a table: a header row naming each column, then one aligned row per run.
 * OUTPUT says "no output" for a run that ended without an error but left nothing in out/ (not a
 * success in the figures), "-" otherwise. STUDY is the study that ran it (its name), SCORE the mean
 * of its judge scores on 1–5 with how many judgments, WON the arena votes it won.
 * NOTES names the attempt of a run retried after it was judged or voted on ("attempt 1 of 2,
 * superseded": kept with its votes and judgments, no longer counted in the figures).
 * The last column is left unpadded so a synthetic run's line still ends in `[synthetic]`.
 */
export function runsListTable(runs: readonly RunsListRow[]): string[] {
  const rows = runs.map((run) => {
    const versions = Object.entries(run.versions).map(([key, value]) => `${key} ${value}`).join(', ');
    const artifacts = [run.hasBuild ? 'build' : '', run.frames > 0 ? `${run.frames} frame${run.frames === 1 ? '' : 's'}` : '', run.hasVideo ? 'video' : ''].filter(Boolean).join(', ');
    const attempt = run.attemptCount === undefined ? '' : `attempt ${run.attempt} of ${run.attemptCount}${run.superseded ? ', superseded' : ''}`;
    const notes = [attempt, run.findings.length > 0 ? `${run.findings.length} finding${run.findings.length === 1 ? '' : 's'}` : '', run.synthetic ? '[synthetic]' : ''].filter(Boolean).join('  ');
    const harness = run.harnessVersion === null ? run.harness : `${run.harness} ${run.harnessVersion}`;
    const score = run.meanScore === null ? '-' : `${run.meanScore.toFixed(2)} (${run.judgments})`;
    return [run.id, run.taskId, `${harness} / ${run.model}${versions ? ` (${versions})` : ''}`, run.status, run.noOutput ? 'no output' : '-', run.studyName ?? '-', score, String(run.votesWon), artifacts || 'no artifacts', notes];
  });
  const table = [[...HEADER], ...rows];
  const widths = HEADER.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  return table.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
}
