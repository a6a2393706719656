import { useMemo } from 'react';
import { ablationUnpairedNote, type Ablation, type AnalysisTables } from '../../schemas/analysis.ts';
import { ReportRegion } from './ReportRegion.tsx';
import { ReportTable } from './ReportTable.tsx';
import { readAblationComparison } from './report-readings.ts';
import { tableView } from './table-view.ts';

/**
 * The paired skill ablation: per (harness, model) whose runs differ only in skill version, each
 * arm's runs and scores, and each arm against the reference over matched (study, task, repeat)
 * pairs, with the pairs counted per study and the runs left unpaired listed with why.
 * Shown only when the workspace holds such runs.
 */
export function AblationSection({ ablation, tables }: { ablation: Ablation; tables: AnalysisTables['ablation'] }) {
  if (ablation.groups.length === 0) return null;
  return (
    <ReportRegion title="Skill ablation">
      <p className="muted">
        Runs of one harness and model that differ only in skill version (<code>none</code> = without SKILL.md). Each arm is compared with the reference over pairs of runs of the same study,
        task and repeat of that study (runs of two studies, or imported runs no study made, never pair): the mean paired difference, a 95% paired bootstrap interval and a two-sided sign
        test. The pairs used and every run left unpaired, with why, are listed below.
      </p>
      {ablation.groups.map((group, i) => (
        <AblationGroupPart key={tables[i]!.arms.id} group={group} tables={tables[i]!} />
      ))}
    </ReportRegion>
  );
}

function AblationGroupPart({ group, tables }: { group: Ablation['groups'][number]; tables: AnalysisTables['ablation'][number] }) {
  const arms = useMemo(() => tableView(tables.arms), [tables]);
  const scores = useMemo(() => tableView(tables.scores), [tables]);
  const paired = useMemo(() => tableView(tables.paired), [tables]);
  const pairs = useMemo(() => tableView(tables.pairs), [tables]);
  const unpaired = useMemo(() => tableView(tables.unpaired), [tables]);
  return (
    <ReportRegion title={tables.title} level={3}>
      {group.comparisons.map((comparison) => {
        const reading = readAblationComparison(comparison);
        const note = ablationUnpairedNote(comparison);
        return (
          <div key={comparison.skill}>
            <p>{reading.figures}</p>
            <p className="muted">{reading.verdict}</p>
            {note && (
              <p role="note" aria-label={`Unpaired runs: ${comparison.skill} − ${comparison.reference}`}>
                {note}
              </p>
            )}
          </div>
        );
      })}
      <ReportTable table={arms} />
      {tables.scores.rows.length > 0 ? (
        <>
          <ReportTable table={paired} />
          <ReportTable table={scores} />
        </>
      ) : (
        <p className="analysis-empty">No run of these arms was judged yet: judge them in Judges to compare their scores.</p>
      )}
      <ReportTable table={pairs} />
      {tables.unpaired.rows.length > 0 && <ReportTable table={unpaired} />}
    </ReportRegion>
  );
}
