import { useMemo } from 'react';
import type { Alignment, AnalysisTables } from '../../schemas/analysis.ts';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';
import { ReportRegion } from './ReportRegion.tsx';

type Group = AnalysisTables['alignment'][number];

/** Per tier, rubric set and scale: whether the judges pick the winner people voted for, win rates side by side, and agreement per pair of configurations. */
export function AlignmentSection({ alignment, tables }: { alignment: Alignment; tables: AnalysisTables['alignment'] }) {
  const voted = alignment.groups.some((group) => group.together.n > 0);
  return (
    <ReportRegion title="Human–judge alignment">
      {!voted ? (
        <p className="analysis-empty">Alignment needs human votes on pairs whose two runs the judges have scored.</p>
      ) : (
        <>
          <p className="muted">
            For each rubric set: on the pairs people voted on, the run with the higher score wins and equal scores tie. n counts the votes on pairs whose two runs
            were scored with the set.
          </p>
          {tables.map((group, i) => (
            <GroupAlignment key={group.judges.id} group={group} voted={alignment.groups[i]!.together.n > 0} />
          ))}
        </>
      )}
    </ReportRegion>
  );
}

function GroupAlignment({ group, voted }: { group: Group; voted: boolean }) {
  const views = useMemo(() => [group.judges, group.winRates, group.pairs].map(tableView), [group]);
  return (
    <ReportRegion title={group.title} level={3}>
      {voted ? views.map((table) => <ReportTable key={table.id} table={table} />) : <p className="analysis-empty">No human vote on a pair both of whose runs were scored with this set.</p>}
    </ReportRegion>
  );
}
