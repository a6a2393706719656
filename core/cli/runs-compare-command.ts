import { alignmentCountsText, configurationText, errorsText, fileChangeText, rowText, stepActionText } from '../../schemas/run-comparison-words.ts';
import type { ComparedRun, ComparedStep, RunComparison } from '../../schemas/run-comparison.ts';
import { durationText } from '../../schemas/run-duration.ts';
import { stepNumber } from '../../schemas/trajectory.ts';
import { withCliApi } from './open-cli-api.ts';

/**
 * `lhb runs compare A B`: the two runs' figures side by side, the first step where they diverge
 * (both steps), how their steps align, their out/ files' changes and their judges' scores per
 * rubric; `--json` prints runs.compare's whole answer (every aligned row, step and diff).
 */
export async function runRunsCompare(a: string, b: string, options: { json?: boolean; workspace?: string }): Promise<void> {
  await withCliApi(options.workspace, async (api) => {
    const comparison = await api.call('runs.compare', { a, b });
    if (options.json) {
      process.stdout.write(`${JSON.stringify(comparison, null, 2)}\n`);
      return;
    }
    for (const warning of comparison.warnings) process.stderr.write(`Warning: ${warning}\n`);
    process.stdout.write(`${comparisonText(comparison).join('\n')}\n`);
  }, { access: 'read' });
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  ').trimEnd());
}

function figures(run: ComparedRun): string[] {
  const tokens = run.tokens ? `${run.tokens.input} in / ${run.tokens.output} out` : '-';
  const calls = run.toolCalls === null ? '-' : `${run.toolCalls} (${run.failedToolCalls ?? 0} failed)`;
  return [run.id, configurationText(run), run.status, run.durationMs === null ? '-' : (durationText(run.durationMs) ?? '-'), run.steps === null ? '-' : String(run.steps), calls, tokens, errorsText(run)];
}

function stepLines(label: 'A' | 'B', step: ComparedStep | undefined): string[] {
  if (!step) return [`  ${label}: (no step)`];
  const lines = [`  ${label} step ${stepNumber(step.index)} · ${step.source}: ${stepActionText(step)}`];
  for (const call of step.toolCalls) if (!call.ok && call.failure) lines.push(`      ✗ ${call.name}: ${call.failure}`);
  return lines;
}

export function comparisonText(c: RunComparison): string[] {
  const task = c.sameTask ? `task ${c.a.task}${c.a.taskTitle ? ` (${c.a.taskTitle})` : ''}` : `tasks ${c.a.task} and ${c.b.task}`;
  const labels = ['Run', 'Configuration', 'Status', 'Duration', 'Steps', 'Tool calls', 'Tokens', 'Errors'];
  const [fa, fb] = [figures(c.a), figures(c.b)];
  const lines = [`Comparing two runs of ${task}`, '', ...table([['', 'A', 'B'], ...labels.map((label, i) => [label, fa[i]!, fb[i]!])]), ''];

  if (c.divergence === null) {
    lines.push(c.rows.length === 0 ? 'Neither run has steps to align.' : `No divergence: every step does the same thing in both runs (${c.rows.length} steps).`);
  } else {
    const row = c.rows[c.divergence.row]!;
    lines.push(`First divergence, at aligned row ${c.divergence.row + 1}: ${rowText(row)}`);
    lines.push(...stepLines('A', row.a === null ? undefined : c.stepsA[row.a]), ...stepLines('B', row.b === null ? undefined : c.stepsB[row.b]));
    if (c.divergence.row > 0) lines.push(c.divergence.row === 1 ? '  (the step before it does the same thing in both)' : `  (the ${c.divergence.row} steps before it do the same things in both)`);
  }
  lines.push(`Steps aligned: ${alignmentCountsText(c)}.`, '');

  const changed = c.files.filter((file) => file.change !== 'same');
  const count = (change: string) => c.files.filter((file) => file.change === change).length;
  lines.push(`Files in out/: ${count('changed')} changed, ${count('added')} only in B, ${count('removed')} only in A, ${count('same')} the same.`);
  if (changed.length > 0) lines.push(...table(changed.map((file) => [`  ${file.change}`, file.path, fileChangeText(file)])));
  lines.push('');

  if (c.scores.length === 0) lines.push('Scores: neither run has been judged.');
  else {
    const score = (side: RunComparison['scores'][number]['a']) => (side === null ? '-' : side.score === null ? side.status : String(side.score));
    lines.push('Scores per rubric:');
    lines.push(...table([['  JUDGE', 'RUBRIC SET', 'RUBRIC', 'A', 'B'], ...c.scores.map((row) => [`  ${row.judge}`, row.rubricSet, `${row.rubric}${row.turn !== null ? ` (turn ${row.turn})` : ''}`, score(row.a), score(row.b)])]));
  }
  return lines;
}
