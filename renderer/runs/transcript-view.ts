import { stepNumber, type Trajectory, type TrajectoryError, type TrajectoryToolCall } from '../../schemas/trajectory.ts';

/** Characters of a tool result shown before "Show more". */
export const RESULT_PREVIEW_CHARS = 1200;

/** The preview of a long text: its head, cut at a line end when one is near, and how much is left. */
export function previewText(text: string, limit = RESULT_PREVIEW_CHARS): { shown: string; hiddenChars: number } {
  if (text.length <= limit) return { shown: text, hiddenChars: 0 };
  const lineEnd = text.lastIndexOf('\n', limit);
  const cut = lineEnd > limit * 0.6 ? lineEnd : limit;
  return { shown: text.slice(0, cut), hiddenChars: text.length - cut };
}

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

/** The error→recovery event of each failed call, by the call's id. */
export function errorsByCall(errors: readonly TrajectoryError[]): Map<string, TrajectoryError> {
  return new Map(errors.map((error) => [error.toolCallId, error]));
}

/** "Recovered at step 4", "Recovered in the same step", or "Not recovered". */
export function recoveryText(error: Pick<TrajectoryError, 'step' | 'recovered' | 'recoveredAtStep'>): string {
  if (!error.recovered) return 'Not recovered';
  if (error.recoveredAtStep === null) return 'Recovered';
  return error.recoveredAtStep === error.step ? 'Recovered later in the same step' : `Recovered at step ${stepNumber(error.recoveredAtStep)}`;
}

/** "3 errors, 2 recovered (67%)", or "No errors". */
export function recoverySummary(errors: readonly Pick<TrajectoryError, 'recovered'>[]): string {
  if (errors.length === 0) return 'No errors';
  const recovered = errors.filter((e) => e.recovered).length;
  return `${errors.length} error${errors.length === 1 ? '' : 's'}, ${recovered} recovered (${Math.round((recovered / errors.length) * 100)}%)`;
}

/** Why a call counts as failed, in words: the parser's reason, else its exit code. */
export function failureText(call: Pick<TrajectoryToolCall, 'ok' | 'failure' | 'exitCode'>): string | undefined {
  if (call.ok) return undefined;
  return call.failure ?? (call.exitCode !== null ? `exit code ${call.exitCode}` : 'failed');
}

/** "Step 3 · agent": steps numbered as people read them everywhere (stepNumber); the trajectory's `index` starts at 0. */
export function stepLabel(index: number, source: Trajectory['steps'][number]['source']): string {
  return `Step ${stepNumber(index)} · ${source}`;
}
