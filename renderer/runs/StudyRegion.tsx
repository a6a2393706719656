import { useState } from 'react';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { StudyRunView, StudySummary } from '../../schemas/studies.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { useRunViewStore } from './run-view-store.ts';
import { versionsText } from './run-words.ts';
import { useStudiesStore } from './studies-store.ts';
import { RetryAttemptDialog } from './RetryAttemptDialog.tsx';
import { StudyCostTable } from './StudyCostTable.tsx';
import { useStudyCost } from './use-study-cost.ts';
import { costLine } from '../../schemas/cost-line.ts';
import type { StudyCost } from '../../schemas/model-prices.ts';
import { costText, elapsedText, keptByRetry, outputText, runActions, runTone, sandboxText, STATUS_WORDS, storedAttemptText, STUDY_STATE_WORDS, statusTone, studyActions, studyCountsText, tokensText, toolCallsText, unsandboxedStudyWarning } from './study-words.ts';

/** The selected study: its state and buttons, and each run's live progress (polled every second while it runs). */
export function StudyRegion() {
  const selectedStudyId = useStudiesStore((s) => s.selectedStudyId);
  const view = useStudiesStore((s) => s.view);
  const phase = useStudiesStore((s) => s.viewPhase);
  const busy = useStudiesStore((s) => s.busy);
  const now = useStudiesStore((s) => s.now);
  const client = useConnectedClient();
  const { cancelStudy, resumeStudy, retryFailedRuns, retryRun } = useStudiesStore.getState();
  // A judged or voted run whose retry waits for the user's yes (its judgments and votes stay with this attempt).
  const [confirming, setConfirming] = useState<StudyRunView | null>(null);
  // Asked again as runs end or are retried: a running study's cost grows run by run.
  const costKey = view ? view.runs.map((run) => `${run.status}${run.attempts}`).join() : '';
  const cost = useStudyCost(client, selectedStudyId ?? null, costKey);

  if (!selectedStudyId) return null;
  if (!view) {
    return (
      <section className="screen-region runs-region study-view" aria-label="Study" aria-busy={phase === 'loading'}>
        <p className="muted">{phase === 'failed' ? 'The study could not be shown.' : 'Loading the study…'}</p>
      </section>
    );
  }
  const { study, runs } = view;
  const actions = studyActions(study, runs);
  const unsandboxed = unsandboxedStudyWarning(view.spec ?? {});
  return (
    <section className="screen-region runs-region study-view" aria-labelledby="study-view-title">
      <div className="study-view__head">
        <h2 id="study-view-title" tabIndex={-1}>
          Study {study.name}
        </h2>
        <span className={`study-state study-state--${study.state}`} aria-label={`State: ${STUDY_STATE_WORDS[study.state]}`}>
          {STUDY_STATE_WORDS[study.state]}
        </span>
        <div className="study-view__actions">
          <button type="button" disabled={!actions.cancel || busy['cancel-study'] === true} aria-describedby={actions.cancelReason ? 'study-cancel-reason' : undefined} onClick={() => void cancelStudy()}>
            Cancel study
          </button>
          <button type="button" disabled={!actions.resume || busy['resume-study'] === true} aria-describedby={actions.resumeReason ? 'study-resume-reason' : undefined} onClick={() => void resumeStudy()}>
            Resume study
          </button>
          <button
            type="button"
            disabled={!actions.retryFailed || busy['retry-failed'] === true}
            aria-describedby={actions.retryFailedReason ? 'study-retry-failed-reason' : undefined}
            onClick={() => void retryFailedRuns()}
          >
            Retry failed runs
          </button>
        </div>
      </div>
      <p className="muted study-view__meta">
        {studyCountsText(study)} · {study.executor} executor · folder <span className="path">{study.folder}</span>
        {study.runner?.where === 'elsewhere' && <> · run by another process ({study.runner.process}); Cancel asks it through the workspace to stop</>}
      </p>
      {unsandboxed && (
        <p className="study-form__warning study-view__unsandboxed" role="note">
          {unsandboxed}
        </p>
      )}
      {(actions.cancelReason ?? actions.resumeReason ?? actions.retryFailedReason) && (
        <p className="muted study-view__reasons">
          {actions.cancelReason && <span id="study-cancel-reason">Cancel study: {actions.cancelReason} </span>}
          {actions.resumeReason && <span id="study-resume-reason">Resume study: {actions.resumeReason} </span>}
          {actions.retryFailedReason && <span id="study-retry-failed-reason">Retry failed runs: {actions.retryFailedReason}</span>}
        </p>
      )}
      <div className="runs-table">
        <DataTable
          caption={`Runs of this study, in the order they were planned${study.state === 'running' ? '; updated as they run' : ''}.`}
          columns={studyRunColumns({ study, now, busy, client, cost, onRetry: (run) => (keptByRetry(run) ? setConfirming(run) : void retryRun(run.id)) })}
          rows={runs}
          rowKey={(run) => run.id}
          rowClassName={(run) => `study-run study-run--${runTone(run)}`}
        />
      </div>
      {confirming && <RetryAttemptDialog run={confirming} label={runLabel(confirming)} onRetry={() => void retryRun(confirming.id)} onClose={() => setConfirming(null)} />}
      {cost && cost.studyId === study.id && <StudyCostTable cost={cost} />}
    </section>
  );
}

/** How a study's run is named on its buttons and in the retry's question. */
const runLabel = (run: StudyRunView) => `${run.harness} · ${run.model} on ${run.taskId}, repeat ${run.repeat + 1}`;

/** A study's runs, column by column; `now` is the clock the elapsed times count to. */
function studyRunColumns({
  study,
  now,
  busy,
  client,
  cost,
  onRetry,
}: {
  study: StudySummary;
  now: number;
  busy: Record<string, true>;
  client: RpcClient | undefined;
  cost: StudyCost | undefined;
  onRetry: (run: StudyRunView) => void;
}): (DataColumn<StudyRunView> | false)[] {
  const { cancelRun } = useStudiesStore.getState();
  const slurm = study.executor === 'slurm';
  const label = runLabel;
  return [
    {
      head: 'Run',
      cell: (run) => (
        <>
          <span className="study-run__name">
            {run.harness} · {run.model}
          </span>
          <span className="muted study-run__sub">
            {run.taskId} · repeat {run.repeat + 1} · {versionsText(run.versions, run.harnessVersion)}
          </span>
        </>
      ),
    },
    {
      head: 'Status',
      cell: (run) => (
        <>
          <span className={`study-status study-status--${statusTone(run.status)}`}>{STATUS_WORDS[run.status]}</span>
          {storedAttemptText(run) ? <span className="muted"> · {storedAttemptText(run)}</span> : run.attempts > 1 && <span className="muted"> · attempt {run.attempts}</span>}
          {run.errorKind && run.errorKind !== run.status && !run.noOutput && <span className="study-run__error">{run.errorKind}</span>}
        </>
      ),
    },
    { head: 'Elapsed', className: 'runs-table__time', cell: (run) => elapsedText(run, now) },
    { head: 'Steps', headClassName: 'runs-table__number', className: 'runs-table__number', cell: (run) => run.steps ?? '—' },
    { head: 'Tool calls', className: (run) => (run.failedToolCalls ? 'study-run__failed-calls' : undefined), cell: (run) => toolCallsText(run.toolCalls, run.failedToolCalls) },
    { head: 'Tokens', className: 'runs-table__nowrap', cell: (run) => tokensText(run.tokens) },
    { head: 'Cost', headClassName: 'runs-table__number', className: 'runs-table__number', cell: (run) => { const known = cost?.runs[run.id]; return known ? costLine(known) : costText(run.costUsd); } },
    // Its own column: a run can end without an error yet leave nothing in out/, and then it is not a plain success.
    { head: 'Output', cell: (run) => <span className={run.noOutput ? 'study-status study-status--bad' : undefined}>{outputText(run)}</span> },
    { head: 'Last event', className: 'study-run__event', cell: (run) => run.errorMessage ?? run.lastEvent ?? '—' },
    { head: 'Sandbox', className: 'study-run__sandbox', cell: (run) => sandboxText(run.sandbox) },
    slurm && { head: 'Slurm job', className: 'runs-table__nowrap', cell: (run) => (run.slurmJobId ? `${run.slurmJobId} · ${run.slurmState ?? '—'}` : 'not submitted') },
    {
      head: 'Actions',
      className: 'study-run__actions',
      cell: (run) => {
        const actions = runActions(run, study);
        const reasonId = `retry-reason-${run.id}`;
        return (
          <>
            <button type="button" disabled={!actions.open || !client} aria-label={`Open ${label(run)}`} onClick={() => client && void useRunViewStore.getState().open(client, run.runId ?? run.id)}>
              Open
            </button>
            <button type="button" disabled={!actions.cancel || busy[`cancel:${run.id}`] === true} aria-label={`Cancel run ${label(run)}`} onClick={() => void cancelRun(run.id)}>
              Cancel run
            </button>
            <button
              type="button"
              disabled={!actions.retry || busy[`retry:${run.id}`] === true}
              aria-label={`Retry run ${label(run)}`}
              aria-describedby={actions.retryReason ? reasonId : undefined}
              title={actions.retryReason}
              onClick={() => onRetry(run)}
            >
              Retry run
            </button>
            {actions.retryReason && (
              <span id={reasonId} className="visually-hidden">
                {actions.retryReason}
              </span>
            )}
          </>
        );
      },
    },
  ];
}
