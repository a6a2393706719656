import { readdirSync, readFileSync } from 'node:fs';

/** Fields of /proc/<pid>/stat after the command name (Linux), or undefined when it is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself hold spaces or ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : undefined;
}

/** When a process started (clock ticks since boot): with the pid, it names one process, never a reused pid. */
export function startTimeOf(pid: number): string | undefined {
  return statFields(pid)?.[19];
}

/** Every live descendant of `root` (children, grandchildren …), found through /proc. */
export function descendantsOf(root: number): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return []; // no /proc (macOS): the process group kill below still reaches the tree
  }
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    if (parent === undefined) continue;
    const list = children.get(parent) ?? [];
    list.push(pid);
    children.set(parent, list);
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const next = queue.shift()!;
    for (const child of children.get(next) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/**
 * Kills a harness and everything it started: its process group (it was spawned as a group
 * leader) and, since a tool may start its own session or group, every descendant found in
 * /proc. Descendants are collected before anything is signalled, so orphans re-parented to
 * init by the first kill are still reached. Returns the processes it signalled, for `untilEnded`.
 */
export function killProcessTree(rootPid: number, sig: NodeJS.Signals = 'SIGKILL'): SignalledProcess[] {
  const descendants = descendantsOf(rootPid);
  const tree = [rootPid, ...descendants].flatMap((pid) => {
    const start = startTimeOf(pid);
    return start === undefined ? [] : [{ pid, start }];
  });
  signal(-rootPid, sig);
  signal(rootPid, sig);
  for (const pid of descendants) signal(pid, sig);
  return tree;
}

/** A process named by its pid and start time, so a pid reused later is never taken for it. */
export interface SignalledProcess {
  pid: number;
  start: string;
}

/** Gone: no such process, another process under its pid, or ended and only waiting to be reaped. */
function hasEnded({ pid, start }: SignalledProcess): boolean {
  const fields = statFields(pid);
  return fields === undefined || fields[19] !== start || fields[0] === 'Z' || fields[0] === 'X';
}

/**
 * Waits until every one of `processes` has ended (a signal is delivered at once, but a killed
 * process on a busy machine runs on until it is next scheduled), at most `timeoutMs`. True when
 * all have ended.
 */
export async function untilEnded(processes: readonly SignalledProcess[], timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    if (processes.every(hasEnded)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Remembers every process seen in a tree, with its start time. A tool that daemonises (double
 * fork, setsid) leaves the tree and the process group; sampling the tree while the harness runs
 * and killing what was seen at the end still reaches it.
 */
export class ProcessTreeWatch {
  readonly #seen = new Map<number, string>();
  readonly #root: number;

  constructor(root: number) {
    this.#root = root;
  }

  sample(): void {
    for (const pid of [this.#root, ...descendantsOf(this.#root)]) {
      const start = startTimeOf(pid);
      if (start !== undefined && !this.#seen.has(pid)) this.#seen.set(pid, start);
    }
  }

  /** Kills every process seen that is still the same process (same start time); returns those. */
  killSeen(): SignalledProcess[] {
    const killed: SignalledProcess[] = [];
    for (const [pid, start] of this.#seen) {
      if (startTimeOf(pid) !== start) continue;
      signal(pid, 'SIGKILL');
      killed.push({ pid, start });
    }
    return killed;
  }
}

/** Members of process group `pgid`, from /proc (Linux). */
function membersOfGroup(pgid: number): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
  return pids.filter((pid) => Number(statFields(pid)?.[2]) === pgid);
}

/**
 * Stops what a crashed engine left running of one harness: the harness itself when it is still
 * the same process (pid and start time), else the rest of its process group. Linux never gives a
 * pid to a new process while a group of that id lives, so a group whose leader is gone is still
 * ours; a live leader with another start time is a stranger and is left alone.
 */
export function killLeftoverHarness(pid: number, startTime: string): void {
  const leaderStart = startTimeOf(pid);
  if (leaderStart === startTime) {
    killProcessTree(pid, 'SIGKILL');
    return;
  }
  if (leaderStart !== undefined) return;
  for (const member of membersOfGroup(pid)) signal(member, 'SIGKILL');
}

/** The variable every harness process inherits, naming its run: how a process that left the tree is still found. */
export const RUN_MARKER_VARIABLE = 'LHB_RUN_MARKER';

/**
 * Kills every process whose environment carries `LHB_RUN_MARKER=<marker>`: a tool that double-forks
 * into its own session is re-parented to init at once, so only what it inherited names it.
 * Returns the processes it signalled.
 */
export function killByRunMarker(marker: string): SignalledProcess[] {
  const needle = Buffer.from(`\0${RUN_MARKER_VARIABLE}=${marker}\0`);
  const first = Buffer.from(`${RUN_MARKER_VARIABLE}=${marker}\0`);
  const killed: SignalledProcess[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return killed;
  }
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue;
    }
    if (environ.includes(needle) || environ.subarray(0, first.length).equals(first)) {
      const start = startTimeOf(Number(pid));
      signal(Number(pid), 'SIGKILL');
      if (start !== undefined) killed.push({ pid: Number(pid), start });
    }
  }
  return killed;
}
