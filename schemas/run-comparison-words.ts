import type { AlignedRow, ComparedRun, ComparedStep, FileDiff, RunComparison } from './run-comparison.ts';
import { stepNumber } from './trajectory.ts';

/**
 * How a comparison of two runs reads wherever it is shown (`lhb runs compare`, the Runs screen's
 * compare view): one wording, so the CLI and the screen name the divergence alike.
 */

/** `claude-code · claude-sonnet-4-5 · skill base`. */
export function configurationText(run: ComparedRun): string {
  const versions = Object.entries(run.versions).map(([key, value]) => `${key} ${value}`);
  return [run.harness, run.model, ...versions].join(' · ');
}

/** What a step did in one line: each call's tool and target (`shell ls out`), or who spoke when it made none. */
export function stepActionText(step: ComparedStep): string {
  if (step.toolCalls.length === 0) return step.source === 'agent' ? 'message' : `${step.source} message`;
  return step.toolCalls.map((call) => `${call.name}${call.target ? ` ${call.target}` : ''}${call.ok ? '' : ' ✗'}`).join('; ');
}

/** "Step 3 of A and step 3 of B do different things" and the like, for a row of the alignment. */
export function rowText(row: AlignedRow): string {
  if (row.kind === 'only-a') return `Step ${stepNumber(row.a!)} of A has no counterpart in B.`;
  if (row.kind === 'only-b') return `Step ${stepNumber(row.b!)} of B has no counterpart in A.`;
  if (row.kind === 'changed') return `Step ${stepNumber(row.a!)} of A and step ${stepNumber(row.b!)} of B do different things.`;
  return `Step ${stepNumber(row.a!)} of A and step ${stepNumber(row.b!)} of B do the same thing.`;
}

/** "5 alike, 1 different, 2 only in A, 0 only in B". */
export function alignmentCountsText(comparison: RunComparison): string {
  const count = (kind: AlignedRow['kind']) => comparison.rows.filter((row) => row.kind === kind).length;
  return `${count('same')} alike, ${count('changed')} different, ${count('only-a')} only in A, ${count('only-b')} only in B`;
}

/** `1.2 kB` and the like. */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return '-';
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** What changed in one out/ file: `+2 −1 lines`, `12 B → 40 B (binary)`, `added, 1.2 kB`. */
export function fileChangeText(file: FileDiff): string {
  if (file.change === 'added') return `only in B, ${sizeText(file.sizeB)}`;
  if (file.change === 'removed') return `only in A, ${sizeText(file.sizeA)}`;
  if (file.change === 'same') return `the same, ${sizeText(file.sizeA)}`;
  if (file.binary) return `binary, ${sizeText(file.sizeA)} → ${sizeText(file.sizeB)}`;
  if (file.noDiff !== null) return `${sizeText(file.sizeA)} → ${sizeText(file.sizeB)}; ${file.noDiff}`;
  return `+${file.added} −${file.removed} lines`;
}

/** `3 errors, 2 recovered`. */
export function errorsText(run: ComparedRun): string {
  const recovered = run.errors.filter((error) => error.recovered).length;
  return `${run.errors.length} error${run.errors.length === 1 ? '' : 's'}, ${recovered} recovered`;
}
