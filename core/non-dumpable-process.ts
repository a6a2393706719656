import { createRequire } from 'node:module';
import type * as Koffi from 'koffi';

/**
 * A non-dumpable process's /proc/<pid>/environ, mem, maps and fds are closed to other processes
 * of the same user (only CAP_SYS_PTRACE opens them), so an agent run without a sandbox, or any
 * other program of the user's, cannot lift the API keys in lhb's environment or `lhb serve`'s
 * launch token from its memory. execve makes the programs lhb starts dumpable again, so the
 * engine still reads its runs' /proc entries to watch and stop them.
 */
const PR_GET_DUMPABLE = 3;
const PR_SET_DUMPABLE = 4;

export type NonDumpableOutcome = { nonDumpable: true } | { nonDumpable: false; note: string };

type Prctl = (option: number, arg2: number, arg3: number, arg4: number, arg5: number) => number;
let prctl: Prctl | null | undefined;

/** libc's prctl, through koffi (prebuilt per platform, so nothing is compiled); null where there is none. */
function loadPrctl(): Prctl | null {
  if (prctl !== undefined) return prctl;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    prctl = koffi.load('libc.so.6').func('int prctl(int, unsigned long, unsigned long, unsigned long, unsigned long)') as Prctl;
  } catch {
    prctl = null;
  }
  return prctl;
}

/** Makes this process non-dumpable; elsewhere than Linux, or without glibc, says why it could not. */
export function makeProcessNonDumpable(): NonDumpableOutcome {
  if (process.platform !== 'linux') return { nonDumpable: false, note: `other processes of your user may read this process's memory: non-dumpable processes are a Linux feature, and this is ${process.platform}` };
  const call = loadPrctl();
  if (!call) return { nonDumpable: false, note: "other processes of your user may read this process's memory and environment: prctl could not be called here (no glibc libc.so.6, or koffi failed to load)" };
  if (call(PR_SET_DUMPABLE, 0, 0, 0, 0) !== 0 || call(PR_GET_DUMPABLE, 0, 0, 0, 0) !== 0) {
    return { nonDumpable: false, note: "other processes of your user may read this process's memory and environment: prctl(PR_SET_DUMPABLE, 0) was refused" };
  }
  return { nonDumpable: true };
}

/** Whether this process is dumpable (true where that cannot be asked). */
export function processIsDumpable(): boolean {
  const call = process.platform === 'linux' ? loadPrctl() : null;
  return call ? call(PR_GET_DUMPABLE, 0, 0, 0, 0) !== 0 : true;
}
