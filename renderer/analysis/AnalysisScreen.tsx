import { useEffect, useRef, useState } from 'react';
import { useConnectedClient } from '../api/connected-client.ts';
import { dateTimeText } from '../ui/date-time-text.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { progressText, useAnalysisStore } from './analysis-store.ts';
import { PublishReportDialog } from './PublishReportDialog.tsx';
import { onServerMachine, usePublishStore } from './publish-store.ts';
import { ReportSectionView } from './ReportSectionView.tsx';
import { StudySection } from './StudySection.tsx';
import { isEmptyReport } from './study-readings.ts';
import './analysis.css';

/**
 * The results section of a paper, recomputed from the raw votes and judgments on each visit: the
 * study it rests on (with its Recompute form), then each section of the report as core/analysis
 * rendered it (core/analysis/report-sections.ts: leaderboards, inter-judge agreement, human
 * preference, human–judge alignment, error recovery, the skill ablation, multi-turn runs). Without
 * votes or judgments, the sections that rest on runs alone still show when they have something.
 */
export function AnalysisScreen() {
  const client = useConnectedClient();
  const phase = useAnalysisStore((s) => s.phase);
  const report = useAnalysisStore((s) => s.report);
  const pending = useAnalysisStore((s) => s.pending);
  const staleSince = useAnalysisStore((s) => s.staleSince);
  const error = useAnalysisStore((s) => s.error);
  const announcement = useAnalysisStore((s) => s.announcement);
  const shown = useAnalysisStore((s) => s.shown);
  const { dismissError } = useAnalysisStore.getState();
  const [publishing, setPublishing] = useState(false);
  const publishButton = useRef<HTMLButtonElement>(null);
  // The report is written on the server's disk: only a page on that machine can say where.
  const local = onServerMachine(window as Window & { lhb?: unknown });

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
  const withoutVotes = report ? report.sections.filter((section) => section.withoutVotes && !section.empty) : [];
  return (
    <div className="analysis" aria-busy={busy}>
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      <StudySection report={report} />
      <div className="analysis-publish">
        <button type="button" ref={publishButton} disabled={!local || !report || !shown} aria-describedby="analysis-publish-help" onClick={() => setPublishing(true)}>
          Publish report…
        </button>
        <span id="analysis-publish-help" className="muted">
          {local
            ? report
              ? ' A folder of pages for colleagues without the app, with the same figures as this screen.'
              : ' Available once the analysis is shown.'
            : ' Reports are written to a folder on the machine running the app, so publish from a browser on that machine (or the desktop app).'}
        </span>
      </div>
      {publishing && shown && (
        <PublishReportDialog
          request={shown}
          onClose={() => {
            setPublishing(false);
            usePublishStore.getState().reset();
            publishButton.current?.focus();
          }}
        />
      )}
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
            {/* Runs' trajectories, the skill arms' success, build, error and cost figures and multi-turn runs need no votes. */}
            {withoutVotes.length > 0 && (
              <div className="analysis-report">
                {withoutVotes.map((section) => (
                  <ReportSectionView key={section.id} section={section} />
                ))}
              </div>
            )}
          </>
        ) : (
          <div className="analysis-report">
            {report.sections.map((section) => (
              <ReportSectionView key={section.id} section={section} />
            ))}
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
