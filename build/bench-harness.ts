import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface BenchResult {
  name: string;
  unit: string;
  value: number;
  peer?: { name: string; value: number };
  target?: { text: string; met: boolean };
  detail?: string;
}

/** Wall time of one command, run `runs` times after a warm-up; samples in ms. */
export function timeCommand(command: string, args: string[], runs: number, cwd?: string): number[] {
  const once = () => {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { cwd, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  for (let i = 0; i < 3; i++) once();
  return Array.from({ length: runs }, once);
}

/** What one whole process took: wall time, and CPU time (user + system over all its threads and the children it waited for). */
export interface TimedProcess {
  wallMs: number;
  cpuMs: number;
  stdout: string;
}

/**
 * Runs one whole process with `input` on stdin, pinned to one CPU (`taskset`) when asked and the
 * machine has it, and says how long it took by the wall and by the CPU (the command alone, not the
 * shell that times it). The CPU time is the kernel's (getrusage, as bash's `time` prints it to
 * the millisecond), so it counts every thread (a compiler thread, a BLAS pool) and not the time
 * other processes held the CPU: on a busy machine a ratio of CPU times keeps its meaning where
 * one of wall times swings with the load.
 * Throws with the process's last line of stderr when it fails.
 */
export function timeProcess(command: string, args: string[], options: { input?: Buffer; oneCpu?: boolean; env?: NodeJS.ProcessEnv } = {}): TimedProcess {
  const pinned = options.oneCpu === true && spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const argv = pinned ? ['taskset', '-c', '0', command, ...args] : [command, ...args];
  // `time` writes to the shell's stderr: the command's stderr goes to the real one (fd 4) and the
  // times to fd 3, with a decimal point whatever the user's locale.
  const script = 'LC_ALL=C; TIMEFORMAT="%3R %3U %3S"; { time "$@" 2>&4; } 4>&2 2>&3';
  const child = spawnSync('bash', ['-c', script, 'bash', ...argv], { input: options.input ?? Buffer.alloc(0), env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const text = (k: number) => (child.output?.[k] as Buffer | null)?.toString('utf8') ?? '';
  if (child.error || child.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${child.error?.message ?? text(2).trim().split('\n').pop()}`);
  const times = /^(\d+\.\d+) (\d+\.\d+) (\d+\.\d+)\s*$/.exec(text(3));
  if (!times) throw new Error(`bash's time printed no times for ${command} (got ${JSON.stringify(text(3))})`);
  return { wallMs: Number(times[1]) * 1000, cpuMs: (Number(times[2]) + Number(times[3])) * 1000, stdout: text(1) };
}

/**
 * CPU time (user + system, ms) of every child this process has waited for so far, from
 * /proc/self/stat (Linux; NaN elsewhere): the difference around spawning some processes is their
 * CPU alone, every thread included, without a wrapper of any kind. /proc counts in USER_HZ
 * (100 a second on Linux whatever the kernel's own tick), so a difference is good to 10 ms.
 */
export function waitedChildrenCpuMs(): number {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return Number.NaN;
  }
  // After "pid (comm) ": state is field 3, cutime and cstime fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (sorted.length - 1) * p;
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const median = (samples: number[]) => percentile(samples, 0.5);

/** Rates (anything per unit of time: pages/s, runs/min) are better higher; times and sizes lower. */
function higherIsBetter(unit: string): boolean {
  return unit.includes('/');
}

/** The words for "less of this unit" and "more of it": a time or a rate is faster or slower, a size smaller or larger. */
function comparisonWords(unit: string): [less: string, more: string] {
  if (higherIsBetter(unit)) return ['slower', 'faster'];
  if (/^(ns|µs|us|ms|s|min|h)$/.test(unit)) return ['faster', 'slower'];
  if (/^([KMGT]i?)?B$|^bytes$/.test(unit)) return ['smaller', 'larger'];
  return ['lower', 'higher'];
}

/**
 * "ours 5.70× faster than the peer (ours ÷ peer = 0.18, lower is better)": the factor always
 * at least 1 and in the unit's own words, so it cannot be read the wrong way round; the raw
 * quotient beside it says which way it was taken.
 */
function describeAgainstPeer(value: number, peer: number, unit: string): string {
  const quotient = value / peer;
  const [less, more] = comparisonWords(unit);
  const factor = quotient >= 1 ? quotient : 1 / quotient;
  const relation = factor.toFixed(2) === '1.00' ? 'the same as' : `${factor.toFixed(2)}× ${quotient < 1 ? less : more} than`;
  return `ours ${relation} the peer (ours ÷ peer = ${quotient.toFixed(2)}, ${higherIsBetter(unit) ? 'higher' : 'lower'} is better)`;
}

export function formatResult(r: BenchResult): string {
  const parts = [`${r.name}: ${r.value.toFixed(1)} ${r.unit}`];
  if (r.peer) parts.push(`peer ${r.peer.name}: ${r.peer.value.toFixed(1)} ${r.unit}`, describeAgainstPeer(r.value, r.peer.value, r.unit));
  if (r.target) parts.push(`target ${r.target.text}: ${r.target.met ? 'met' : 'NOT met'}`);
  if (r.detail) parts.push(r.detail);
  return parts.join(' | ');
}
