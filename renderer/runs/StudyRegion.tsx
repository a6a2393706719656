import type { StudyRunView } from '../../schemas/studies.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { useRunViewStore } from './run-view-store.ts';
import { versionsText } from './run-words.ts';
import { useStudiesStore } from './studies-store.ts';
import { elapsedText, runActions, STATUS_WORDS, STUDY_STATE_WORDS, statusTone, studyActions, studyCountsText, tokensText, toolCallsText } from './study-words.ts';

/** The selected study: its state and buttons, and each run's live progress (polled every second while it runs). */
export function StudyRegion() {
  const selectedStudyId = useStudiesStore((s) => s.selectedStudyId);
  const view = useStudiesStore((s) => s.view);
  const phase = useStudiesStore((s) => s.viewPhase);
  const busy = useStudiesStore((s) => s.busy);
  const { cancelStudy, resumeStudy } = useStudiesStore.getState();

  if (!selectedStudyId) return null;
  if (!view) {
    return (
      <section className="runs-region study-view" aria-label="Study" aria-busy={phase === 'loading'}>
        <p className="muted">{phase === 'failed' ? 'The study could not be shown.' : 'Loading the study…'}</p>
      </section>
    );
  }
  const { study, runs } = view;
  const actions = studyActions(study, runs);
  return (
    <section className="runs-region study-view" aria-labelledby="study-view-title">
      <div className="study-view__head">
        <h2 id="study-view-title" tabIndex={-1}>
          Study {study.name}
        </h2>
        <span className={`study-state study-state--${study.state}`} aria-label={`State: ${STUDY_STATE_WORDS[study.state]}`}>
          {STUDY_STATE_WORDS[study.state]}
        </span>
        <div className="study-view__actions">
          <button type="button" disabled={!actions.cancel || busy['cancel-study'] === true} onClick={() => void cancelStudy()}>
            Cancel study
          </button>
          <button type="button" disabled={!actions.resume || busy['resume-study'] === true} onClick={() => void resumeStudy()}>
            Resume study
          </button>
        </div>
      </div>
      <p className="muted study-view__meta">
        {studyCountsText(study)} · {study.executor} executor · folder <span className="path">{study.folder}</span>
      </p>
      <div className="runs-table">
        <table>
          <caption>Runs of this study, in the order they were planned{study.state === 'running' ? '; updated every second' : ''}.</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col">Elapsed</th>
              <th scope="col" className="runs-table__number">
                Steps
              </th>
              <th scope="col">Tool calls</th>
              <th scope="col">Tokens</th>
              <th scope="col">Last event</th>
              {study.executor === 'slurm' && <th scope="col">Slurm job</th>}
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <StudyRunRow key={run.id} run={run} slurm={study.executor === 'slurm'} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StudyRunRow({ run, slurm }: { run: StudyRunView; slurm: boolean }) {
  const now = useStudiesStore((s) => s.now);
  const busy = useStudiesStore((s) => s.busy);
  const client = useConnectedClient();
  const { cancelRun, retryRun } = useStudiesStore.getState();
  const actions = runActions(run);
  const label = `${run.harness} · ${run.model} on ${run.taskId}, repeat ${run.repeat + 1}`;
  return (
    <tr className={`study-run study-run--${statusTone(run.status)}`}>
      <th scope="row">
        <span className="study-run__name">
          {run.harness} · {run.model}
        </span>
        <span className="muted study-run__sub">
          {run.taskId} · repeat {run.repeat + 1} · {versionsText(run.versions, run.harnessVersion)}
        </span>
      </th>
      <td>
        <span className={`study-status study-status--${statusTone(run.status)}`}>{STATUS_WORDS[run.status]}</span>
        {run.attempts > 1 && <span className="muted"> · attempt {run.attempts}</span>}
        {run.errorKind && run.errorKind !== run.status && <span className="study-run__error">{run.errorKind}</span>}
      </td>
      <td className="runs-table__time">{elapsedText(run, now)}</td>
      <td className="runs-table__number">{run.steps ?? '—'}</td>
      <td className={run.failedToolCalls ? 'study-run__failed-calls' : undefined}>{toolCallsText(run.toolCalls, run.failedToolCalls)}</td>
      <td className="runs-table__nowrap">{tokensText(run.tokens)}</td>
      <td className="study-run__event">{run.errorMessage ?? run.lastEvent ?? '—'}</td>
      {slurm && <td className="runs-table__nowrap">{run.slurmJobId ? `${run.slurmJobId} · ${run.slurmState ?? '—'}` : 'not submitted'}</td>}
      <td className="study-run__actions">
        <button type="button" disabled={!actions.open || !client} aria-label={`Open ${label}`} onClick={() => client && void useRunViewStore.getState().open(client, run.id)}>
          Open
        </button>
        <button type="button" disabled={!actions.cancel || busy[`cancel:${run.id}`] === true} aria-label={`Cancel run ${label}`} onClick={() => void cancelRun(run.id)}>
          Cancel run
        </button>
        <button type="button" disabled={!actions.retry || busy[`retry:${run.id}`] === true} aria-label={`Retry run ${label}`} onClick={() => void retryRun(run.id)}>
          Retry run
        </button>
      </td>
    </tr>
  );
}
