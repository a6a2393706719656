import { stat } from 'node:fs/promises';
import { errorView, HarnessIdSchema, type HarnessId, type Trajectory, type TrajectoryError, type TrajectoryErrorView, type TrajectorySummary } from '../../schemas/trajectory.ts';
import { readAtifFile } from '../runs/trajectory/atif.ts';
import { extractErrors } from '../runs/trajectory/extract-errors.ts';
import { recoveryRates } from '../runs/trajectory/recovery-rates.ts';
import { summariseTrajectory } from '../runs/trajectory/summarise-trajectory.ts';
import { parseTranscriptFile } from '../runs/trajectory/parse-harness-transcript.ts';
import { kindOfPath } from '../path-kind.ts';
import { errorLine, usageByModelLines } from './runs-error-line.ts';
import { tokensLine } from '../../schemas/tokens-line.ts';

const FORMATS = ['transcript', 'atif'] as const;
const SHOWN_ERRORS = 20;
const SHOWN_WARNINGS = 5;

export interface RunsParseOutput {
  trajectory: TrajectorySummary;
  /** Steps numbered from 1, as `lhb runs show` and the Runs screen number them. */
  errors: TrajectoryErrorView[];
}

/** What `lhb runs parse --json` prints: the summary and errors `lhb runs show` prints for a run. */
export function runsParseOutput(trajectory: Trajectory, errors: TrajectoryError[] = extractErrors(trajectory)): RunsParseOutput {
  return { trajectory: summariseTrajectory(trajectory), errors: errors.map(errorView) };
}

function refuse(message: string, exitCode: number): void {
  process.stderr.write(`lhb runs parse: ${message}\n`);
  process.exitCode = exitCode;
}

/** Why the file cannot be read, in words, or null when it is a readable file. */
async function unreadable(file: string): Promise<string | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? null : `${file} is ${kindOfPath(info)}, not a transcript file`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `cannot read ${file}: there is no such file`;
    if (code === 'EACCES' || code === 'EPERM') return `cannot read ${file}: permission denied`;
    return `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * `lhb runs parse --harness NAME FILE [--json]`, or `--format atif FILE`: parses a transcript (a
 * harness's stdout) or Harbor's trajectory.json into a trajectory, extracts its error→recovery
 * events and prints the summary; nothing is stored. Usage errors (harness, format) exit 2; a file
 * that cannot be read or parsed exits 1, naming it.
 */
export async function runRunsParse(file: string, options: { harness?: string; format?: string; json?: boolean }): Promise<void> {
  const format = options.format ?? 'transcript';
  if (!(FORMATS as readonly string[]).includes(format)) return refuse(`unknown --format "${format}"; choose one of: ${FORMATS.join(', ')}`, 2);
  const choices = HarnessIdSchema.options.join(', ');
  let harness: HarnessId | undefined;
  if (options.harness !== undefined) {
    const parsed = HarnessIdSchema.safeParse(options.harness);
    if (!parsed.success) return refuse(`unknown --harness "${options.harness}"; choose one of: ${choices}`, 2);
    harness = parsed.data;
  } else if (format === 'transcript') {
    return refuse(`say which harness wrote ${file} with --harness (one of: ${choices}), or read an ATIF trajectory.json with --format atif`, 2);
  }
  const problem = await unreadable(file);
  if (problem) return refuse(`${problem}. Nothing was parsed or stored.`, 1);

  let trajectory: Trajectory;
  try {
    if (format === 'atif') {
      trajectory = await readAtifFile(file);
      if (harness) trajectory.harness = harness;
    } else trajectory = await parseTranscriptFile(harness!, file);
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error), 1);
  }

  const errors = extractErrors(trajectory);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(runsParseOutput(trajectory, errors), null, 2)}\n`);
    return;
  }
  process.stdout.write(humanSummary(file, trajectory, errors));
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function humanSummary(file: string, trajectory: Trajectory, errors: TrajectoryError[]): string {
  const summary = summariseTrajectory(trajectory);
  const lines: string[] = [];
  const what = [trajectory.harness, trajectory.harnessVersion, trajectory.model].filter(Boolean).join(' / ');
  lines.push(`${file}: ${what}, outcome ${trajectory.outcome}`);
  lines.push(`${plural(summary.steps, 'step')}, ${plural(summary.toolCalls, 'tool call')} (${summary.failedToolCalls} failed), ${tokensLine(summary.tokens)}${trajectory.costUsd !== null ? `, $${trajectory.costUsd.toFixed(4)}` : ''}`, ...usageByModelLines(summary));
  if (errors.length === 0) lines.push('No errors.');
  else {
    const { overall } = recoveryRates(errors);
    lines.push(`${plural(errors.length, 'error')}, ${overall.recovered} recovered (${Math.round((overall.rate ?? 0) * 100)}%):`);
    for (const error of errors.slice(0, SHOWN_ERRORS)) lines.push(`  ${errorLine(errorView(error))}`);
    if (errors.length > SHOWN_ERRORS) lines.push(`  … and ${errors.length - SHOWN_ERRORS} more (--json lists them all)`);
  }
  if (trajectory.warnings.length > 0) {
    lines.push(`${plural(trajectory.warnings.length, 'warning')}:`);
    for (const warning of trajectory.warnings.slice(0, SHOWN_WARNINGS)) lines.push(`  ${warning}`);
    if (trajectory.warnings.length > SHOWN_WARNINGS) lines.push(`  … and ${trajectory.warnings.length - SHOWN_WARNINGS} more`);
  }
  return `${lines.join('\n')}\n`;
}
