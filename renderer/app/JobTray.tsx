import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useAppStore } from './app-store.ts';

const STATE_LABEL: Record<Job['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Long work in progress and recently finished, newest first, running jobs on top. */
export function JobTray() {
  const jobs = useAppStore((s) => s.jobs);
  const cancelJob = useAppStore((s) => s.cancelJob);
  const ordered = Object.values(jobs).sort((a, b) => {
    const af = FINISHED_JOB_STATES.includes(a.state) ? 1 : 0;
    const bf = FINISHED_JOB_STATES.includes(b.state) ? 1 : 0;
    return af - bf || b.createdAt.localeCompare(a.createdAt);
  });
  const running = ordered.filter((job) => !FINISHED_JOB_STATES.includes(job.state)).length;

  return (
    <aside className="job-tray" aria-labelledby="job-tray-title">
      <h2 id="job-tray-title">
        Jobs {running > 0 && <span className="badge" aria-label={`${running} running`}>{running}</span>}
      </h2>
      {ordered.length === 0 ? (
        <p className="muted">Long work (imports, runs, judging, exports) shows its progress here.</p>
      ) : (
        <ul aria-label="Jobs" className="job-list">
          {ordered.slice(0, 20).map((job) => (
            <li key={job.id} className={`job job--${job.state}`} aria-label={job.title}>
              <div className="job__head">
                <span className="job__title">{job.title}</span>
                <span className="job__state">{STATE_LABEL[job.state]}</span>
              </div>
              {!FINISHED_JOB_STATES.includes(job.state) && <ProgressBar label={`${job.title} progress`} done={job.done} total={job.total} />}
              <p className="job__message" role={job.state === 'failed' ? 'alert' : undefined}>
                {job.message}
              </p>
              {!FINISHED_JOB_STATES.includes(job.state) && (
                <button type="button" onClick={() => void cancelJob(job.id)} aria-label={`Cancel ${job.title}`}>
                  Cancel
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
