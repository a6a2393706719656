import { FINISHED_JOB_STATES } from '../../schemas/jobs.ts';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useAppStore } from './app-store.ts';
import { trayJobView } from './tray-job-view.ts';

/** Long work in progress and recently finished, newest first, running jobs on top. */
export function JobTray() {
  const jobs = useAppStore((s) => s.jobs);
  const cancelJob = useAppStore((s) => s.cancelJob);
  const connection = useAppStore((s) => s.connection);
  const ordered = Object.values(jobs).sort((a, b) => {
    const af = FINISHED_JOB_STATES.includes(a.state) ? 1 : 0;
    const bf = FINISHED_JOB_STATES.includes(b.state) ? 1 : 0;
    return af - bf || b.createdAt.localeCompare(a.createdAt);
  });
  const unfinished = ordered.filter((job) => !FINISHED_JOB_STATES.includes(job.state)).length;
  // While the server is unreachable nothing is known to be running.
  const badge = connection.kind === 'connected' ? `${unfinished} running` : `${unfinished} unknown`;

  return (
    <aside className="job-tray" aria-labelledby="job-tray-title">
      <h2 id="job-tray-title">
        Jobs {unfinished > 0 && <span className="badge" aria-label={badge}>{unfinished}</span>}
      </h2>
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
              </li>
            );
          })}
        </ul>
      )}
    </aside>
  );
}
