import { readFileSync } from 'node:fs';
import { isatty } from 'node:tty';
import { fitBradleyTerryCounts } from '../stats/bradley-terry.ts';
import { readPlainBradleyTerryInput } from './plain-bradley-terry-input.ts';
import { printedBradleyTerry } from './printed-bradley-terry.ts';

// `lhb stats <name>`, kept apart from the table of statistics and their zod schemas
// (stats-command.ts): `lhb stats bt` on plain votes, the input that is large, is read straight
// into counts (plain-bradley-terry-input.ts) and loads neither zod nor the other statistics.

/** Exit code for input the command cannot use (not JSON, wrong shape, out of range). */
export const BAD_INPUT_EXIT_CODE = 2;

/** What `lhb stats bt` prints for plain input bytes, or undefined when the input is not plain (stats-command.ts's computeStatistic answers it then). */
export function computePlainBradleyTerry(input: Uint8Array): ReturnType<typeof printedBradleyTerry> | undefined {
  const plain = readPlainBradleyTerryInput(input);
  if (!plain) return undefined;
  const { pairs, bootstrap, seed, confidence } = plain;
  return printedBradleyTerry(fitBradleyTerryCounts(pairs, { bootstrap: bootstrap ?? 0, ...(seed !== undefined ? { seed } : {}), ...(confidence !== undefined ? { confidence } : {}) }));
}

/**
 * `lhb stats <name>`: reads one JSON object on stdin, prints the statistic as one JSON line.
 * Unusable input prints one line naming the field on stderr and exits 2.
 */
export async function runStats(name: string): Promise<void> {
  if (name === 'bt') return runBradleyTerry();
  const { computeStatistic, STATISTIC_NAMES } = await import('./stats-command.ts');
  // An unknown name is answered without waiting for stdin.
  const text = (STATISTIC_NAMES as string[]).includes(name) ? (await readStdin()).toString('utf8') : '';
  printOutcome(computeStatistic(name, text));
}

/** `runStats` for `lhb stats bt`: plain input never loads the statistics table. */
async function runBradleyTerry(): Promise<void> {
  const input = await readStdin();
  const plain = computePlainBradleyTerry(input);
  if (plain) return printOutcome({ ok: true, output: plain });
  const { computeStatistic } = await import('./stats-command.ts');
  printOutcome(computeStatistic('bt', input.toString('utf8')));
}

function printOutcome(result: { ok: true; output: unknown } | { ok: false; message: string }): void {
  if (result.ok) {
    process.stdout.write(`${JSON.stringify(result.output)}\n`);
    return;
  }
  // One line, whatever the message holds (JSON.parse quotes the bad input, newlines included).
  process.stderr.write(`${result.message.replace(/\s+/g, ' ').trim()}\n`);
  process.exitCode = BAD_INPUT_EXIT_CODE;
}

/**
 * All of stdin; nothing on a terminal (the statistic then says what input it wants). Read with
 * one blocking read of fd 0 where it can be: process.stdin's stream machinery costs a large input
 * more to set up than to read. A non-blocking stdin (EAGAIN) is read as a stream.
 */
async function readStdin(): Promise<Buffer> {
  if (isatty(0)) return Buffer.alloc(0);
  try {
    return readFileSync(0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
