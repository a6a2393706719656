import { fstatSync } from 'node:fs';

/**
 * Whether stdout and stderr land in one place (a terminal, a log written with `> log 2>&1`, a pipe
 * fed by `2>&1 |`, a detached study's engine.log): there a line said on stderr is already in what
 * stdout's reader sees, so saying it again on stdout would print it twice.
 */
export function stdoutIsStderr(): boolean {
  try {
    const out = fstatSync(1);
    const err = fstatSync(2);
    return out.dev === err.dev && out.ino === err.ino;
  } catch {
    return false;
  }
}
