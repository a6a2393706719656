import { stepNumber, type TrajectoryError, type TrajectoryToolCall } from './trajectory.ts';

/** How a trajectory's calls and errors read, on the Runs screen and in `lhb runs show --transcript` alike. */

/** A call's arguments to read: a shell command as it is, anything else as indented JSON. */
export function argumentsText(args: unknown): string {
  if (args === undefined || args === null) return '';
  if (typeof args === 'string') return args;
  if (typeof args === 'object' && !Array.isArray(args)) {
    const entries = Object.entries(args as Record<string, unknown>);
    const only = entries.length === 1 ? entries[0] : undefined;
    if (only && typeof only[1] === 'string' && /^(command|cmd)$/i.test(only[0])) return only[1];
  }
  return JSON.stringify(args, null, 2);
}

/** A call's arguments on one line, for its collapsed summary: the same text with its line breaks and indents folded. */
export function argumentsLine(args: unknown, maxChars = 90): string {
  const line = argumentsText(args).replace(/\s*\n\s*/g, ' ');
  return line.length > maxChars ? `${line.slice(0, maxChars)}…` : line;
}

/** "Recovered at step 4", "Recovered in the same step", or "Not recovered". */
export function recoveryText(error: Pick<TrajectoryError, 'step' | 'recovered' | 'recoveredAtStep'>): string {
  if (!error.recovered) return 'Not recovered';
  if (error.recoveredAtStep === null) return 'Recovered';
  return error.recoveredAtStep === error.step ? 'Recovered later in the same step' : `Recovered at step ${stepNumber(error.recoveredAtStep)}`;
}

/** Why a call counts as failed, in words: the parser's reason, else its exit code. */
export function failureText(call: Pick<TrajectoryToolCall, 'ok' | 'failure' | 'exitCode'>): string | undefined {
  if (call.ok) return undefined;
  return call.failure ?? (call.exitCode !== null ? `exit code ${call.exitCode}` : 'failed');
}
