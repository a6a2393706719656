import { pidExists, processStart, type ProcessIdentity } from './process-identity.ts';

/** A running job's owner as the store records it. */
export interface JobOwner extends ProcessIdentity {
  /** When the owner last said it is still running the job (ISO time, the owner's clock). */
  heartbeatAt: string;
}

/** How often an owner refreshes the heartbeat of its running jobs. */
export const HEARTBEAT_INTERVAL_MS = 5_000;

/**
 * A heartbeat older than this means the owner is gone, when nothing better can tell. It is twelve
 * beats: an owner whose event loop is busy for a while (a large transaction, a slow disk) or whose
 * clock differs a little from a reader on another machine is not mistaken for a dead one.
 */
export const OWNER_STALE_MS = 60_000;

export type OwnerVerdict = { alive: true } | { alive: false; why: string };

/** How the process table is asked about a pid; tests replace it. */
export interface PidProbe {
  exists(pid: number): boolean;
  start(pid: number): string | null;
}

const systemProbe: PidProbe = { exists: pidExists, start: processStart };

/**
 * Whether the process that owns a running job is still there.
 *
 * The signals, from most to least reliable:
 * - Our own instance id: the job is this process's, alive by definition.
 * - The pid, when the reader shares the owner's process table (same host name and, on Linux, the
 *   same boot and pid namespace): no such pid means the owner has ended, at once, without waiting
 *   for a heartbeat to age. A pid that exists may have been reused by an unrelated program after
 *   the owner died; on Linux the process start time settles it (same start: the owner; another
 *   start: reused). Elsewhere the heartbeat decides.
 * - The heartbeat: the only signal across machines (a workspace on a shared drive) or when the pid
 *   cannot be tied to the owner. It depends on clocks roughly agreeing and on the owner's timer
 *   running, hence the generous limit.
 *
 * A live owner whose pid and start time match is trusted even with an old heartbeat (a laptop
 * that just woke from sleep has not beaten yet); the owner itself stops a job that another process
 * marked interrupted, so the store never shows it running twice.
 */
export function judgeJobOwner(owner: JobOwner | null, now: Date, self: ProcessIdentity, probe: PidProbe = systemProbe): OwnerVerdict {
  if (!owner) return { alive: false, why: 'the app stopped while it was running (it was started by a version that did not record which process runs a job)' };
  if (owner.instance === self.instance) return { alive: true };
  const who = `the process that ran it (pid ${owner.pid} on ${owner.host})`;
  if (owner.host === self.host) {
    const [ownerBoot, ownerNamespace] = splitSpace(owner.space);
    const [selfBoot, selfNamespace] = splitSpace(self.space);
    if (ownerBoot !== null && selfBoot !== null && ownerBoot !== selfBoot) return { alive: false, why: `${who} ended when the computer restarted` };
    if (ownerNamespace === selfNamespace) {
      if (!probe.exists(owner.pid)) return { alive: false, why: `${who} has ended` };
      const start = owner.start === null ? null : probe.start(owner.pid);
      if (start !== null) return start === owner.start ? { alive: true } : { alive: false, why: `${who} has ended (its pid now belongs to another program)` };
    }
  }
  const age = now.getTime() - Date.parse(owner.heartbeatAt);
  if (!(age <= OWNER_STALE_MS)) return { alive: false, why: `${who} has not reported for ${describeAge(age)}` };
  return { alive: true };
}

function splitSpace(space: string | null): [string | null, string | null] {
  if (space === null) return [null, null];
  const [boot = null, namespace = null] = space.split(' ');
  return [boot, namespace];
}

function describeAge(ms: number): string {
  if (!Number.isFinite(ms)) return 'an unknown time';
  const minutes = Math.round(ms / 60_000);
  return minutes <= 1 ? 'over a minute' : minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
}
