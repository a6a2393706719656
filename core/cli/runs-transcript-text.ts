import { stepNumber, type Trajectory, type TrajectoryError } from '../../schemas/trajectory.ts';
import { argumentsLine, failureText, recoveryText } from '../../schemas/trajectory-words.ts';

/** Lines of a step's text and of a call's result shown before "(N more lines)". */
const TEXT_LINES = 6;
const RESULT_LINES = 3;

/** A text's first lines, each cut to the width, then how many lines were left out. */
function headLines(text: string, count: number, indent: string): string[] {
  const lines = text.replace(/\s+$/, '').split('\n');
  const shown = lines.slice(0, count).map((line) => `${indent}${line.length > 160 ? `${line.slice(0, 159)}…` : line}`);
  return lines.length > count ? [...shown, `${indent}(${lines.length - count} more line${lines.length - count === 1 ? '' : 's'})`] : shown;
}

/**
 * `lhb runs show RUN --transcript`: the trajectory as people read it. Each step by its number (from
 * 1, as the Runs screen numbers them) and who spoke, its text's first lines, then each tool call
 * with its arguments on one line and its result's first lines; a failed call is marked `✗` with why,
 * its error's type and whether (and where) it was recovered, and a later call that recovered one `✓`.
 */
export function transcriptText(trajectory: Trajectory, errors: readonly TrajectoryError[]): string[] {
  const byCall = new Map(errors.map((error) => [error.toolCallId, error]));
  const recoveredHere = new Map<number, TrajectoryError[]>();
  for (const error of errors) {
    if (error.recovered && error.recoveredAtStep !== null) recoveredHere.set(error.recoveredAtStep, [...(recoveredHere.get(error.recoveredAtStep) ?? []), error]);
  }
  const lines: string[] = [];
  for (const step of trajectory.steps) {
    lines.push(`Step ${stepNumber(step.index)} · ${step.source}${step.turn !== undefined && step.turn > 1 ? ` (turn ${step.turn})` : ''}`);
    if (step.text.trim() !== '') lines.push(...headLines(step.text, TEXT_LINES, '  '));
    for (const call of step.toolCalls) {
      const args = argumentsLine(call.arguments);
      lines.push(`  → ${call.name}${args ? `  ${args}` : ''}`);
      const error = byCall.get(call.id);
      const failure = failureText(call);
      if (failure !== undefined) lines.push(`    ✗ ${failure}${error ? ` [${error.type} error; ${recoveryText(error).toLowerCase()}]` : ''}`);
      if (call.result !== null && call.result.trim() !== '') lines.push(...headLines(call.result, RESULT_LINES, '    | '));
    }
    for (const error of recoveredHere.get(step.index) ?? []) {
      if (error.step !== step.index) lines.push(`  ✓ recovers the ${error.type} error of step ${stepNumber(error.step)}`);
    }
  }
  const recovered = errors.filter((error) => error.recovered).length;
  lines.push(`${trajectory.steps.length} step${trajectory.steps.length === 1 ? '' : 's'}; ${errors.length} error${errors.length === 1 ? '' : 's'}, ${recovered} recovered.`);
  return lines;
}
