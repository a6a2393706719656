import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** Who runs a job: enough to tell, from another process, whether that process is still there. */
export interface ProcessIdentity {
  pid: number;
  /** Random per process: a later process that reuses the pid never has the same one. */
  instance: string;
  host: string;
  /**
   * Where `pid` names this process: on Linux the boot id and the pid namespace, so a pid is only
   * checked by a process that shares both (not after a reboot, not from another container on the
   * same host name). Null where the platform does not tell (pids are then checked by host alone).
   */
  space: string | null;
  /** The process's start time (clock ticks since boot, Linux); null where the platform does not tell. */
  start: string | null;
}

let self: ProcessIdentity | undefined;

/** This process's identity, made once. */
export function thisProcess(): ProcessIdentity {
  self ??= { pid: process.pid, instance: randomUUID(), host: hostname(), space: processSpace(), start: processStart(process.pid) };
  return self;
}

function processSpace(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = readlinkSync('/proc/self/ns/pid');
    return `${boot} ${namespace}`;
  } catch {
    return null;
  }
}

/** A process identity written as JSON by `thisProcess()`'s owner (a lock, a staging folder's writer file); undefined when the text is not one. */
export function parseProcessIdentity(text: string): ProcessIdentity | undefined {
  try {
    const value = JSON.parse(text) as Partial<ProcessIdentity>;
    if (typeof value.pid !== 'number' || typeof value.instance !== 'string' || typeof value.host !== 'string') return undefined;
    return { pid: value.pid, instance: value.instance, host: value.host, space: value.space ?? null, start: value.start ?? null };
  } catch {
    return undefined;
  }
}

/**
 * A process's start time as Linux reports it (field 22 of /proc/PID/stat), or null where it
 * cannot be read (not Linux, no such process, /proc hidden). Together with the pid it names one
 * process for the life of the boot: a reused pid has a later start.
 */
export function processStart(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may itself hold spaces or parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 (starttime) is fields[19].
  const start = fields[19];
  return start && /^\d+$/.test(start) ? start : null;
}

/** Whether a process with this pid exists on this machine (it may be another user's). */
export function pidExists(pid: number): boolean {
  // 0 and negative numbers name process groups, not a process.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else. ESRCH (and anything else): it does not.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
