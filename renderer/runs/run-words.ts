import type { RunSummary } from '../../schemas/arena.ts';
import { durationText } from '../../schemas/run-duration.ts';
import { dateTimeRangeText, type DateTimeTextOptions } from '../ui/date-time-text.ts';

/** "6 Oct 2025, 09:15–09:59 UTC (44 min)", in the user's locale and time zone; the finish carries its date when it is another day. */
export function timeRangeText(startedAt: string, finishedAt: string, options: DateTimeTextOptions = {}): string {
  const duration = durationText(Date.parse(finishedAt) - Date.parse(startedAt));
  return `${dateTimeRangeText(startedAt, finishedAt, options)}${duration ? ` (${duration})` : ''}`;
}

/** The components researchers compare first; the rest follow alphabetically (the store keeps them sorted by name). */
const LEADING_VERSIONS = ['skill', 'harness'];

function versionRank(name: string): number {
  const index = LEADING_VERSIONS.indexOf(name);
  return index === -1 ? LEADING_VERSIONS.length : index;
}

/**
 * "skill v2, harness 2.0.14, node 20.19.0": skill and harness first, then the others by name; "none
 * recorded" when empty. A run's harness version (not part of its configuration) reads as `harness`.
 */
export function versionsText(versions: Readonly<Record<string, string>>, harnessVersion: string | null = null): string {
  const entries = Object.entries(harnessVersion === null ? versions : { ...versions, harness: harnessVersion }).sort(([a], [b]) => versionRank(a) - versionRank(b) || a.localeCompare(b));
  return entries.length === 0 ? 'none recorded' : entries.map(([name, version]) => `${name} ${version}`).join(', ');
}

/** What the bundle brought: "build, 3 frames, video", or "no artifacts". */
export function artifactsText(run: Pick<RunSummary, 'hasBuild' | 'frames' | 'hasVideo'>): string {
  const parts = [
    ...(run.hasBuild ? ['build'] : []),
    ...(run.frames > 0 ? [`${run.frames} frame${run.frames === 1 ? '' : 's'}`] : []),
    ...(run.hasVideo ? ['video'] : []),
  ];
  return parts.length === 0 ? 'no artifacts' : parts.join(', ');
}

/**
 * "3 runs of Pricing; 1 with capture findings", and for the demo study's generated runs
 * "; all synthetic (generated for the demo study, never executed)", so they never pass for real ones.
 */
export function runsCaption(runs: readonly Pick<RunSummary, 'findings' | 'synthetic'>[], title: string): string {
  const flagged = runs.filter((run) => run.findings.length > 0).length;
  const synthetic = runs.filter((run) => run.synthetic).length;
  return [
    `${runs.length} run${runs.length === 1 ? '' : 's'} of ${title}`,
    ...(flagged > 0 ? [`${flagged} with capture findings`] : []),
    ...(synthetic > 0 ? [`${synthetic === runs.length ? 'all' : synthetic} synthetic (generated for the demo study, never executed)`] : []),
  ].join('; ');
}
