import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSandbox } from '../../../schemas/studies.ts';

export type LimitHit = 'memory' | 'processes' | 'disk';

/**
 * How one run's memory and process limits are enforced on this machine: a cgroup of the run's own
 * (v2, else v1) nested under this process's cgroup when this process may make one there (never
 * elsewhere, so a run cannot leave the limits this process itself runs under), else rlimits set
 * inside the sandbox (RLIMIT_AS per process, RLIMIT_NPROC for the sandbox's user namespace;
 * the kernel does not hold root (uid 0 outside) to RLIMIT_NPROC, README says so).
 */
export interface RunResourceLimits {
  record: NonNullable<RunSandbox['limits']>;
  /** `cgroup.procs` files the sandbox's first process joins before it starts bwrap. */
  cgroupProcsFiles: string[];
  /** `prlimit` options for what no cgroup enforces. */
  prlimitOptions: string[];
  /** Which limit the run ran into, where a cgroup counted it. */
  hit(): LimitHit | undefined;
  /** Removes the run's cgroups (its processes are gone by then). */
  remove(): void;
}

interface CgroupDir {
  version: 'cgroup-v2' | 'cgroup-v1';
  dir: string;
}

export function applyRunResourceLimits(runKey: string, limits: { memoryBytes: number; processes: number; diskBytes?: number | undefined }): RunResourceLimits {
  const name = `lhb-run-${runKey.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}-${process.pid}`;
  const made: string[] = [];
  const make = (controller: 'pids' | 'memory', files: Record<'cgroup-v2' | 'cgroup-v1', [string, string]>): CgroupDir | undefined => {
    const parent = cgroupParentFor(controller);
    if (!parent) return undefined;
    const dir = join(parent.dir, name);
    try {
      mkdirSync(dir, { recursive: true });
      made.push(dir);
      const [file, value] = files[parent.version];
      writeFileSync(join(dir, file), value);
      return { version: parent.version, dir };
    } catch {
      return undefined;
    }
  };
  const pids = make('pids', { 'cgroup-v2': ['pids.max', String(limits.processes)], 'cgroup-v1': ['pids.max', String(limits.processes)] });
  const memory = make('memory', { 'cgroup-v2': ['memory.max', String(limits.memoryBytes)], 'cgroup-v1': ['memory.limit_in_bytes', String(limits.memoryBytes)] });
  // No one file may outgrow the run folder's whole disk limit (the folder's total is watched, run-folder-disk-watch.ts).
  const prlimitOptions = [...(pids ? [] : [`--nproc=${limits.processes}`]), ...(memory ? [] : [`--as=${limits.memoryBytes}`]), ...(limits.diskBytes ? [`--fsize=${limits.diskBytes}`] : [])];
  const procsFiles = [...new Set([pids, memory].filter((group): group is CgroupDir => group !== undefined).map((group) => join(group.dir, 'cgroup.procs')))];
  return {
    record: {
      memoryBytes: limits.memoryBytes,
      memoryVia: memory?.version ?? 'rlimit',
      processes: limits.processes,
      processesVia: pids?.version ?? 'rlimit',
      ...(limits.diskBytes ? { diskBytes: limits.diskBytes, diskVia: 'run-folder-watch' as const } : {}),
    },
    cgroupProcsFiles: procsFiles,
    prlimitOptions,
    // Counted by the kernel whatever the run's exit said: a process OOM-killed, a fork refused.
    hit() {
      if (memory && oomKills(memory) > 0) return 'memory';
      if (pids && counter(pids.dir, 'pids.events', 'max') > 0) return 'processes';
      return undefined;
    },
    remove() {
      for (const dir of made.reverse()) {
        try {
          rmdirSync(dir);
        } catch {
          // still draining its last processes, or already gone: the next start of the same run names another
        }
      }
    },
  };
}

/** This process's own cgroup for a controller, when a child may be made in it and given that controller's limit. */
function cgroupParentFor(controller: 'pids' | 'memory'): CgroupDir | undefined {
  if (process.platform !== 'linux') return undefined;
  let membership: string;
  let mountInfo: string;
  try {
    membership = readFileSync('/proc/self/cgroup', 'utf8');
    mountInfo = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined;
  }
  const mounts = mountInfo.split('\n').map((line) => {
    const [before, after = ''] = line.split(' - ');
    const fields = (before ?? '').split(' ');
    const [fsType = '', , superOptions = ''] = after.split(' ');
    return { mountPoint: fields[4] ?? '', root: fields[3] ?? '', fsType, superOptions: superOptions.split(',') };
  });
  for (const line of membership.split('\n')) {
    const [hierarchy, controllers, path] = [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1, line.lastIndexOf(':')), line.slice(line.lastIndexOf(':') + 1)];
    if (!path) continue;
    const v2 = hierarchy === '0' && controllers === '';
    if (!v2 && !controllers.split(',').includes(controller)) continue;
    const mount = mounts.find((m) => (v2 ? m.fsType === 'cgroup2' : m.fsType === 'cgroup' && m.superOptions.includes(controller)));
    if (!mount) continue;
    const relative = mount.root !== '/' && path.startsWith(mount.root) ? path.slice(mount.root.length) : path;
    const dir = join(mount.mountPoint, relative);
    if (v2 && !readOr(join(dir, 'cgroup.subtree_control'), '').split(/\s+/).includes(controller)) continue;
    try {
      accessSync(dir, constants.W_OK);
    } catch {
      continue;
    }
    return { version: v2 ? 'cgroup-v2' : 'cgroup-v1', dir };
  }
  return undefined;
}

function readOr(file: string, fallback: string): string {
  try {
    return existsSync(file) ? readFileSync(file, 'utf8') : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Processes the kernel killed at the cgroup's memory limit. Not `memory.failcnt` (v1) or `max`
 * (v2): they also count the page cache reclaimed at the limit, which a run writing more files
 * than its memory limit does without harm. A v1 kernel before 4.13 has no `oom_kill` count: there
 * `under_oom` or failcnt is all there is.
 */
function oomKills(memory: CgroupDir): number {
  if (memory.version === 'cgroup-v2') return counter(memory.dir, 'memory.events', 'oom_kill');
  const control = readOr(join(memory.dir, 'memory.oom_control'), '');
  if (/^oom_kill /m.test(control)) return counter(memory.dir, 'memory.oom_control', 'oom_kill');
  return counter(memory.dir, 'memory.oom_control', 'under_oom') + Number(readOr(join(memory.dir, 'memory.failcnt'), '0'));
}

/** A `name value` line of a cgroup's events file. */
function counter(dir: string, file: string, name: string): number {
  const line = readOr(join(dir, file), '')
    .split('\n')
    .find((entry) => entry.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) || 0 : 0;
}

/**
 * Words a process prints when an rlimit refused it memory or a new process (shells, Node, Python,
 * Go, C++): the only sign of a hit where no cgroup counted it, read in a run that exited non-zero.
 */
export const RLIMIT_HIT_WORDS: Record<Exclude<LimitHit, 'disk'>, RegExp> = {
  memory: /Cannot allocate memory|out of memory|MemoryError|std::bad_alloc|heap out of memory|Failed to reserve virtual memory|ENOMEM/i,
  processes: /fork: (retry|Resource temporarily unavailable)|Cannot fork|can't fork|spawn .*EAGAIN|Resource temporarily unavailable|EAGAIN/i,
};

/**
 * The narrower words read in a run that exited 0 under rlimits: a shell's or runtime's own report
 * of a refused fork or allocation, not a bare EAGAIN/ENOMEM, which also name retried I/O.
 */
export const RLIMIT_REFUSAL_WORDS: Record<Exclude<LimitHit, 'disk'>, RegExp> = {
  memory: /Cannot allocate memory|MemoryError|std::bad_alloc|JavaScript heap out of memory|Failed to reserve virtual memory|fatal error: runtime: out of memory/,
  processes: /fork: retry|fork: Resource temporarily unavailable|Cannot fork|can't fork|spawn \S+ EAGAIN|pthread_create failed|can't start new thread/,
};
