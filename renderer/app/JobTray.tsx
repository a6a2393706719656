import { useEffect, useState } from 'react';
import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useAppStore } from './app-store.ts';
import { readDismissedJobs, writeDismissedJobs } from './dismissed-jobs.ts';
import { trayJobView } from './tray-job-view.ts';
import { FINISHED_SHOWN_MS, trayIsOpen, type TrayChoice } from './tray-visibility.ts';

/**
 * Long work in progress and recently finished, newest first, running jobs on top. The column takes
 * space only while something runs or has just finished, or when the user opens it; otherwise it is
 * a narrow strip with a Jobs button, so the screens keep the width.
 */
export function JobTray() {
  const [choice, setChoice] = useState<TrayChoice>({ kind: 'none' });
  const [now, setNow] = useState(() => Date.now());
  const jobs = useAppStore((s) => s.jobs);
  const cancelJob = useAppStore((s) => s.cancelJob);
  const connection = useAppStore((s) => s.connection);
  const [dismissed, setDismissed] = useState(readDismissedJobs);
  const isFinished = (job: Job) => FINISHED_JOB_STATES.includes(job.state);
  const dismiss = (ids: string[]) => {
    const next = new Set([...dismissed, ...ids]);
    writeDismissedJobs(next);
    setDismissed(next);
  };
  const ordered = Object.values(jobs).filter((job) => !(dismissed.has(job.id) && isFinished(job))).sort((a, b) => {
    const af = FINISHED_JOB_STATES.includes(a.state) ? 1 : 0;
    const bf = FINISHED_JOB_STATES.includes(b.state) ? 1 : 0;
    return af - bf || b.createdAt.localeCompare(a.createdAt);
  });
  const unfinished = ordered.filter((job) => !FINISHED_JOB_STATES.includes(job.state)).length;
  const finishedIds = ordered.filter(isFinished).map((job) => job.id);
  // While the server is unreachable nothing is known to be running.
  const badge = connection.kind === 'connected' ? `${unfinished} running` : `${unfinished} unknown`;
  const open = trayIsOpen(ordered, choice, now);
  // A finished job keeps the column open for a while: look again once that may have passed.
  useEffect(() => {
    if (!open || choice.kind === 'open') return;
    const timer = window.setInterval(() => setNow(Date.now()), FINISHED_SHOWN_MS / 6);
    return () => window.clearInterval(timer);
  }, [open, choice.kind]);
  // New jobs are judged against the time they arrive, not a stale clock.
  useEffect(() => setNow(Date.now()), [jobs]);

  if (!open) {
    return (
      <aside className="job-tray job-tray--collapsed" aria-labelledby="job-tray-title">
        <h2 id="job-tray-title" className="visually-hidden">
          Jobs
        </h2>
        <button type="button" className="job-tray__open" aria-expanded="false" aria-controls="job-tray-title" title="Show jobs: imports, runs, judging, exports" onClick={() => setChoice({ kind: 'open' })}>
          Jobs{unfinished > 0 ? ` (${unfinished})` : ''}
        </button>
      </aside>
    );
  }

  return (
    <aside className="job-tray" aria-labelledby="job-tray-title">
      <div className="job-tray__head">
        <h2 id="job-tray-title">
          Jobs {unfinished > 0 && <span className="badge" aria-label={badge}>{unfinished}</span>}
        </h2>
        <button type="button" className="job-tray__hide" aria-expanded="true" aria-label="Hide jobs" title="Hide jobs (they show again when one starts)" onClick={() => setChoice({ kind: 'closed', at: Date.now() })}>
          Hide
        </button>
      </div>
      {finishedIds.length > 1 && (
        <button type="button" className="job-tray__clear" onClick={() => dismiss(finishedIds)}>
          Clear finished ({finishedIds.length})
        </button>
      )}
      {ordered.length === 0 ? (
        <p className="muted">Long work (imports, runs, judging, exports) shows its progress here.</p>
      ) : (
        <ul aria-label="Jobs" className="job-list">
          {ordered.slice(0, 20).map((job) => {
            const view = trayJobView(job, connection);
            return (
              <li key={job.id} className={`job job--${view.label === 'Unknown' ? 'unknown' : job.state}`} aria-label={job.title}>
                <div className="job__head">
                  <span className="job__title">{job.title}</span>
                  <span className="job__state">{view.label}</span>
                </div>
                {view.live && <ProgressBar label={`${job.title} progress`} done={job.done} total={job.total} />}
                <p className="job__message" role={job.state === 'failed' ? 'alert' : undefined}>
                  {job.message}
                </p>
                {view.note && <p className="job__message">{view.note}</p>}
                {view.live && (
                  <button type="button" onClick={() => void cancelJob(job.id)} aria-label={`Cancel ${job.title}`}>
                    Cancel
                  </button>
                )}
                {isFinished(job) && (
                  <button type="button" className="job__dismiss" onClick={() => dismiss([job.id])} aria-label={`Dismiss ${job.title}`} title="Clear it from this panel; the job's record stays">
                    Dismiss
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
