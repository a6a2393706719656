import { closeSync, linkSync, openSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { HEARTBEAT_INTERVAL_MS, judgeJobOwner } from '../../jobs/job-owner-liveness.ts';
import { parseProcessIdentity, thisProcess, type ProcessIdentity } from '../../jobs/process-identity.ts';

/** How often a waiter looks at the lock again. */
const POLL_MS = 250;

export interface ToolsFolderLockOptions {
  /** Longest wait for another process's install before giving up with an error naming the lock. */
  waitMs?: number;
  /** Called once when the lock is held by another live process, so a CLI can say it waits. */
  onWait?: (owner: string) => void;
}

type Held = ProcessIdentity | 'unreadable';

/**
 * Runs `work` while holding `<lockFile>`: a file created exclusively and holding the owner's
 * process identity, its modification time refreshed as a heartbeat. Another process waits until
 * the owner removes it, or takes it over once the owner is gone (killed midway), judged as a job's
 * owner is: by pid and start time on this machine, by the heartbeat from another one.
 */
export async function withToolsFolderLock<T>(lockFile: string, work: () => Promise<T>, options: ToolsFolderLockOptions = {}): Promise<T> {
  await acquire(lockFile, options);
  const heartbeat = setInterval(() => touch(lockFile), HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
    releaseIfOurs(lockFile);
  }
}

async function acquire(lockFile: string, options: ToolsFolderLockOptions): Promise<void> {
  const deadline = Date.now() + (options.waitMs ?? 15 * 60_000);
  let told = false;
  for (;;) {
    if (tryCreate(lockFile)) return;
    const held = readOwner(lockFile);
    if (held === undefined) continue; // removed between our create and our read: try again at once
    if (isAbandoned(lockFile, held)) {
      takeOver(lockFile, held);
      continue;
    }
    if (!told) {
      options.onWait?.(describeOwner(held));
      told = true;
    }
    if (Date.now() > deadline) {
      throw new Error(`Waited for ${describeOwner(held)} to finish installing (lock ${lockFile}). If no install is running, delete that file and try again.`);
    }
    await sleep(POLL_MS);
  }
}

function tryCreate(lockFile: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockFile, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(thisProcess()));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's owner; `undefined` when the file is gone; `'unreadable'` while its owner is still writing it, or when damaged. */
function readOwner(lockFile: string): Held | undefined {
  let text: string;
  try {
    text = readFileSync(lockFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // An owner still writing its identity, or a damaged file, is judged by the file's age.
  return parseProcessIdentity(text) ?? 'unreadable';
}

function isAbandoned(lockFile: string, held: Held): boolean {
  let heartbeatAt: string;
  try {
    heartbeatAt = statSync(lockFile).mtime.toISOString();
  } catch {
    return false; // gone: the next create decides
  }
  // A file nobody can read says nothing but its age; the owner's heartbeat keeps a live one fresh.
  const owner = held === 'unreadable' ? { pid: 0, instance: '', host: '', space: null, start: null } : held;
  return !judgeJobOwner({ ...owner, heartbeatAt }, new Date(), thisProcess()).alive;
}

/**
 * Removes an abandoned lock without removing a live one: the lock is first renamed aside, and if
 * what was moved is not the abandoned owner's (another waiter took it over in between), it is put
 * back with link(), which never replaces a lock created meanwhile.
 */
function takeOver(lockFile: string, abandoned: Held): void {
  const aside = `${lockFile}.abandoned-${thisProcess().instance}`;
  try {
    renameSync(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!sameOwner(readOwner(aside), abandoned)) {
    try {
      linkSync(aside, lockFile);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  unlinkSync(aside);
}

function sameOwner(a: Held | undefined, b: Held | undefined): boolean {
  if (a === undefined || b === undefined || a === 'unreadable' || b === 'unreadable') return a === b;
  return a.instance === b.instance && a.pid === b.pid && a.host === b.host;
}

function touch(lockFile: string): void {
  try {
    const now = new Date();
    utimesSync(lockFile, now, now);
  } catch {
    // gone or unwritable: the owner finds out when it releases; a waiter judges by pid meanwhile
  }
}

function releaseIfOurs(lockFile: string): void {
  if (!sameOwner(readOwner(lockFile), thisProcess())) return;
  try {
    unlinkSync(lockFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function describeOwner(held: Held): string {
  return held === 'unreadable' ? 'another process' : `process ${held.pid} on ${held.host}`;
}
