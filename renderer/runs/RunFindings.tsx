import type { RunSummary } from '../../schemas/arena.ts';
import { findingWord, findingsSummary, sortFindings } from './finding-words.ts';

/** What frame capture found in one run, frame by frame (node id, a badge for the kind, the detail), and run-wide findings. */
export function RunFindings({ run }: { run: RunSummary }) {
  if (run.findings.length === 0) return <span className="muted">none</span>;
  return (
    <>
      <strong className="runs-findings__summary">{findingsSummary(run.findings)}</strong>
      <ul className="runs-findings" aria-label={`Capture findings of ${run.harness}, ${run.model}`}>
        {sortFindings(run.findings).map((finding, i) => (
          <li key={`${finding.nodeId}:${finding.kind}:${i}`} className="runs-finding">
            {/* A run-wide finding (artifacts not imported) names no frame. */}
            {finding.nodeId !== '' && (
              <>
                <span className="runs-finding__node">
                  <span className="visually-hidden">Frame </span>
                  {finding.nodeId}
                </span>{' '}
              </>
            )}
            <span className={`runs-badge runs-badge--finding runs-badge--${finding.kind}`}>{findingWord(finding.kind)}</span>{' '}
            <span className="runs-finding__detail">{finding.detail}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
