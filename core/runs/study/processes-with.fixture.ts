import { readdirSync, readFileSync } from 'node:fs';

/** Command lines of every process on this machine that mention `marker`: what a test's harness left running. */
export function processesWith(marker: string): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      } catch {
        return '';
      }
    })
    .filter((cmd) => cmd.includes(marker));
}
