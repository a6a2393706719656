import { ARTIFACTS_NOT_IMPORTED_FINDING, HARNESS_VERSION_UNKNOWN_FINDING, NO_OUTPUT_FINDING, type RunSummary } from '../../schemas/arena.ts';

export type RunFinding = RunSummary['findings'][number];

/** What frame capture reports, in a researcher's words. */
const FINDING_WORDS: Readonly<Record<string, string>> = {
  'broken-route': 'broken route',
  'blank-render': 'blank render',
  'runtime-error': 'runtime error',
  timeout: 'timeout',
  'capture-skipped': 'capture skipped',
  [ARTIFACTS_NOT_IMPORTED_FINDING]: 'artifacts not imported',
  [HARNESS_VERSION_UNKNOWN_FINDING]: 'harness version unknown',
  [NO_OUTPUT_FINDING]: 'no output',
};

/** The badge word for a finding kind; a kind this screen does not know yet is shown as it is, dashes as spaces. */
export function findingWord(kind: string): string {
  return FINDING_WORDS[kind] ?? kind.replaceAll('-', ' ');
}

/** Findings in frame order (node ids compared part by part, so 3:10 follows 3:2), then by kind. */
export function sortFindings(findings: readonly RunFinding[]): RunFinding[] {
  return [...findings].sort((a, b) => compareNodeIds(a.nodeId, b.nodeId) || a.kind.localeCompare(b.kind));
}

function compareNodeIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

/** How many findings of each kind, most first (ties by word), for the mark on a run. */
export function groupFindings(findings: readonly RunFinding[]): { kind: string; word: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.kind, (counts.get(finding.kind) ?? 0) + 1);
  return [...counts]
    .map(([kind, count]) => ({ kind, word: findingWord(kind), count }))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

/** "2 findings: 1 blank render, 1 broken route", or "No capture findings". */
export function findingsSummary(findings: readonly RunFinding[]): string {
  if (findings.length === 0) return 'No capture findings';
  const groups = groupFindings(findings).map((g) => `${g.count} ${g.word}`);
  return `${findings.length} finding${findings.length === 1 ? '' : 's'}: ${groups.join(', ')}`;
}
