import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';
import type { ConnectionState } from '../api/connection-state.ts';
import { dateTimeText } from '../ui/date-time-text.ts';

const STATE_LABEL: Record<Job['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export interface TrayJobView {
  label: string;
  /** Progress bar and Cancel: only for unfinished jobs the tab still hears about. */
  live: boolean;
  /** Said under the job's own message when its state is not known. */
  note?: string;
}

/**
 * How the tray shows a job. A job the store last called running is only known to be running
 * while the server is reachable: once the connection is lost it may have stopped with the
 * server, so it is shown as unknown rather than as running.
 */
export function trayJobView(job: Job, connection: ConnectionState, formatTime: (iso: string) => string = dateTimeText): TrayJobView {
  if (FINISHED_JOB_STATES.includes(job.state)) return { label: STATE_LABEL[job.state], live: false };
  if (connection.kind === 'connected') return { label: STATE_LABEL[job.state], live: true };
  const reached = job.total > 0 ? ` It had reached ${job.done} of ${job.total}.` : '';
  return {
    label: 'Unknown',
    live: false,
    note: `No news since the connection to the server was lost at ${formatTime(connection.since)}: it may have stopped with the server.${reached}`,
  };
}
