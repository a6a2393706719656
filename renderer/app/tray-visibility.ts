import { FINISHED_JOB_STATES, type Job } from '../../schemas/jobs.ts';

/** A finished job keeps the tray open this long, so its outcome can be read. */
export const FINISHED_SHOWN_MS = 60_000;

/** What the user last did with the tray: opened it, or closed it at a time (ms since epoch). */
export type TrayChoice = { kind: 'none' } | { kind: 'open' } | { kind: 'closed'; at: number };

/**
 * Whether the Jobs column takes space: when the user opened it, or when something runs or has
 * just finished, unless the user closed it after the last such job started or finished (one
 * starting or finishing after the close opens it again).
 */
export function trayIsOpen(jobs: readonly Job[], choice: TrayChoice, now: number): boolean {
  if (choice.kind === 'open') return true;
  let lastActivity = -Infinity;
  for (const job of jobs) {
    // A running job's progress and heartbeats are not news: its start is, and so is its end.
    const finished = FINISHED_JOB_STATES.includes(job.state);
    const at = Date.parse(finished ? job.updatedAt : job.createdAt);
    if (!finished || now - at < FINISHED_SHOWN_MS) lastActivity = Math.max(lastActivity, at);
  }
  if (lastActivity === -Infinity) return false;
  return choice.kind === 'none' || lastActivity > choice.at;
}
