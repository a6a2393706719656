import { useMemo } from 'react';
import type { AnalysisTables, Turns } from '../../schemas/analysis.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';

/**
 * Multi-turn runs (tasks with revision requests): each turn's runs, successes, duration, tokens
 * and errors, and how targeted each revision turn was. Shown only when the workspace holds such runs.
 */
export function TurnsSection({ turns, tables }: { turns: Turns; tables: AnalysisTables['turns'] }) {
  const byTurn = useMemo(() => tableView(tables.byTurn), [tables]);
  const revisions = useMemo(() => tableView(tables.revisions), [tables]);
  if (turns.runs === 0) return null;
  return (
    <ReportRegion title="Multi-turn runs">
      <p className="muted">
        {turns.runs} run{turns.runs === 1 ? '' : 's'} of tasks with revision requests, each sent in the same work folder and session once the turn before ended. A targeted revision changes
        few files and lines and leaves most of the turn before&apos;s output untouched.
      </p>
      <ReportTable table={byTurn} />
      {tables.revisions.rows.length > 0 && (
        <ReportRegion title="Revision turns" level={3}>
          <ReportTable table={revisions} />
        </ReportRegion>
      )}
    </ReportRegion>
  );
}
