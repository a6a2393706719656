import { useEffect } from 'react';
import { useConnectedClient } from '../api/connected-client.ts';
import { dateTimeText } from '../ui/date-time-text.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { AblationSection } from './AblationSection.tsx';
import { AgreementSection } from './AgreementSection.tsx';
import { AlignmentSection } from './AlignmentSection.tsx';
import { progressText, useAnalysisStore } from './analysis-store.ts';
import { LeaderboardsSection } from './LeaderboardsSection.tsx';
import { PreferenceSection } from './PreferenceSection.tsx';
import { RecoverySection } from './RecoverySection.tsx';
import { isEmptyReport } from './report-readings.ts';
import { StudySection } from './StudySection.tsx';
import { TurnsSection } from './TurnsSection.tsx';
import './analysis.css';

/**
 * The results section of a paper, recomputed from the raw votes and judgments on each visit:
 * study, leaderboards, inter-judge agreement, human preference and human–judge alignment; and
 * error recovery, from the runs' stored trajectories; and the paired skill ablation, when runs of one
 * harness and model differ only in skill version.
 */
export function AnalysisScreen() {
  const client = useConnectedClient();
  const phase = useAnalysisStore((s) => s.phase);
  const report = useAnalysisStore((s) => s.report);
  const pending = useAnalysisStore((s) => s.pending);
  const staleSince = useAnalysisStore((s) => s.staleSince);
  const error = useAnalysisStore((s) => s.error);
  const announcement = useAnalysisStore((s) => s.announcement);
  const { dismissError } = useAnalysisStore.getState();

  // Each visit shows the stored report at once and recomputes it in the background when votes were
  // cast or runs judged since it was computed.
  useEffect(() => {
    if (!client) return;
    const store = useAnalysisStore.getState();
    if (store.client === client) {
      void store.load();
      // A study started since the last visit joins the picker.
      void store.loadStudies();
    } else store.connect(client);
  }, [client]);

  const busy = phase === 'loading';
  return (
    <div className="analysis" aria-busy={busy}>
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      <StudySection report={report} />
      {pending && (
        <div className="analysis-progress">
          <p>
            {progressText(pending)}
            {report && staleSince && ` Shown meanwhile: the report computed ${dateTimeText(staleSince)}, before the latest changes.`}
          </p>
          <ProgressBar label="Computing the analysis" done={0} total={0} />
        </div>
      )}
      {report &&
        (isEmptyReport(report) ? (
          <>
            <EmptyState title={report.recovery.runs > 0 ? 'No votes or judgments yet' : 'Nothing to analyse yet'}>
              <p>This workspace has no arena votes and no judgments{report.study.synthetic.included || report.study.synthetic.votes + report.study.synthetic.judgments === 0 ? '' : ' once synthetic demo data is left out'}.</p>
              <p>
                <strong>How to get here: </strong>
                cast votes in the Arena and judge finished runs in Judges, then press Recompute. Every figure is recomputed from those raw records.
              </p>
            </EmptyState>
            {/* Runs' trajectories need no votes: their recovery rates show as soon as a run has one. */}
            {(report.recovery.runs > 0 || report.ablation.groups.length > 0 || report.turns.runs > 0) && (
              <div className="analysis-report">
                {report.recovery.runs > 0 && <RecoverySection recovery={report.recovery} tables={report.tables.recovery} />}
                {/* Nor do the skill arms' success, build, error and cost figures. */}
                <AblationSection ablation={report.ablation} tables={report.tables.ablation} />
                <TurnsSection turns={report.turns} tables={report.tables.turns} />
              </div>
            )}
          </>
        ) : (
          <div className="analysis-report">
            <LeaderboardsSection leaderboards={report.tables.leaderboards} />
            <AgreementSection agreement={report.agreement} tables={report.tables.agreement} />
            <PreferenceSection report={report} />
            <AlignmentSection alignment={report.alignment} tables={report.tables.alignment} />
            <RecoverySection recovery={report.recovery} tables={report.tables.recovery} />
            <AblationSection ablation={report.ablation} tables={report.tables.ablation} />
            <TurnsSection turns={report.turns} tables={report.tables.turns} />
          </div>
        ))}
      {phase === 'failed' && !report && (
        <p className="muted">No report yet. Press Recompute once the problem above is fixed.</p>
      )}
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
