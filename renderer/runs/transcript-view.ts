import { stepNumber, type Trajectory, type TrajectoryError } from '../../schemas/trajectory.ts';

export { argumentsLine, argumentsText, failureText, recoveryText } from '../../schemas/trajectory-words.ts';

/** Characters of a tool result shown before "Show more". */
export const RESULT_PREVIEW_CHARS = 1200;

/** The preview of a long text: its head, cut at a line end when one is near, and how much is left. */
export function previewText(text: string, limit = RESULT_PREVIEW_CHARS): { shown: string; hiddenChars: number } {
  if (text.length <= limit) return { shown: text, hiddenChars: 0 };
  const lineEnd = text.lastIndexOf('\n', limit);
  const cut = lineEnd > limit * 0.6 ? lineEnd : limit;
  return { shown: text.slice(0, cut), hiddenChars: text.length - cut };
}

/** The error→recovery event of each failed call, by the call's id. */
export function errorsByCall(errors: readonly TrajectoryError[]): Map<string, TrajectoryError> {
  return new Map(errors.map((error) => [error.toolCallId, error]));
}

/** "3 errors, 2 recovered (67%)", or "No errors". */
export function recoverySummary(errors: readonly Pick<TrajectoryError, 'recovered'>[]): string {
  if (errors.length === 0) return 'No errors';
  const recovered = errors.filter((e) => e.recovered).length;
  return `${errors.length} error${errors.length === 1 ? '' : 's'}, ${recovered} recovered (${Math.round((recovered / errors.length) * 100)}%)`;
}

/** "Step 3 · agent": steps numbered as people read them everywhere (stepNumber); the trajectory's `index` starts at 0. */
export function stepLabel(index: number, source: Trajectory['steps'][number]['source']): string {
  return `Step ${stepNumber(index)} · ${source}`;
}
