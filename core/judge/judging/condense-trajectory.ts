import type { Trajectory, TrajectoryError, TrajectoryToolCall } from '../../../schemas/trajectory.ts';

/** Caps that keep a process-tier prompt bounded whatever the transcript's size. */
export const CONDENSE_LIMITS = {
  /** The whole condensed trajectory. */
  totalChars: 24_000,
  /** A tool call's arguments, and its result, on its line. */
  argumentChars: 160,
  resultChars: 200,
  /** What the agent said in one step. */
  agentTextChars: 240,
  /** The skill text shown beside it. */
  skillChars: 12_000,
} as const;

export type Phase = 'inspecting' | 'editing' | 'building and testing' | 'verifying' | 'running commands' | 'other tools';

/** Which kind of work a tool call is, from its name and (for shells) its command. */
export function phaseOf(call: Pick<TrajectoryToolCall, 'name' | 'arguments'>): Phase {
  const name = call.name.toLowerCase();
  const command = typeof call.arguments === 'object' && call.arguments !== null ? String((call.arguments as Record<string, unknown>).command ?? (call.arguments as Record<string, unknown>).cmd ?? '') : '';
  if (/verif|screenshot|capture|playwright/.test(name) || /verif|capture|playwright/.test(command)) return 'verifying';
  if (/^(read|read_file|view|glob|grep|ls|list|search|find|web_?fetch|get_|figma)/.test(name) || /figma|get_(design|code|image|metadata|variable)/.test(name)) return 'inspecting';
  if (/(write|edit|patch|create|replace|multiedit|notebookedit)/.test(name)) return 'editing';
  if (/(bash|shell|exec|command|run)/.test(name)) {
    if (/\b(build|test|tsc|lint|vite|webpack|jest|vitest|pytest|make|cargo|npm (run|ci|i|install)|pnpm|yarn)\b/.test(command)) return 'building and testing';
    if (/^\s*(cat|ls|head|tail|grep|rg|find|tree|sed -n|wc)\b/.test(command)) return 'inspecting';
    return 'running commands';
  }
  return 'other tools';
}

const oneLine = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

function argumentsText(args: unknown): string {
  if (args === undefined || args === null) return '';
  if (typeof args === 'string') return args;
  try {
    return JSON.stringify(args);
  } catch {
    return String(args);
  }
}

/**
 * A run's trajectory as a judge reads it at the process tier: a summary (steps, tool calls,
 * failures, tokens, the harness's verdict), the error→recovery events, then the tool calls
 * grouped into phases of the same kind of work, one line each (arguments and result cut short),
 * with what the agent said between them. Never the raw transcript: over the size cap, the
 * middle lines are dropped and the prompt says how many.
 */
export function condenseTrajectory(trajectory: Trajectory, errors: readonly TrajectoryError[], limits = CONDENSE_LIMITS): string {
  const calls = trajectory.steps.flatMap((step) => step.toolCalls);
  const failed = calls.filter((call) => !call.ok).length;
  const head = [
    `Steps: ${trajectory.steps.length}; tool calls: ${calls.length} (${failed} failed); tokens in/out: ${trajectory.tokens.input}/${trajectory.tokens.output}; the harness's verdict: ${trajectory.outcome}.`,
    errors.length === 0
      ? 'Errors: none detected.'
      : `Errors (${errors.filter((e) => e.recovered).length} of ${errors.length} recovered):\n${errors
          .map((e) => `- step ${e.step}: ${e.type}: ${oneLine(e.message, limits.resultChars)} → ${e.recovered ? `recovered at step ${e.recoveredAtStep}` : 'not recovered'}`)
          .join('\n')}`,
  ];
  const lines: string[] = [];
  let phase: Phase | undefined;
  let phaseNumber = 0;
  for (const step of trajectory.steps) {
    if (step.source === 'agent' && step.text.trim() !== '') lines.push(`  [step ${step.index}] agent: ${oneLine(step.text, limits.agentTextChars)}`);
    if (step.source === 'user' && step.text.trim() !== '' && step.index > 0) lines.push(`  [step ${step.index}] user: ${oneLine(step.text, limits.agentTextChars)}`);
    for (const call of step.toolCalls) {
      const next = phaseOf(call);
      if (next !== phase) {
        phase = next;
        phaseNumber++;
        lines.push(`Phase ${phaseNumber}: ${next}`);
      }
      const outcome = call.ok ? 'ok' : `FAILED${call.failure ? ` (${call.failure})` : ''}`;
      const result = call.result === null ? '' : `: ${oneLine(call.result, limits.resultChars)}`;
      lines.push(`  [step ${step.index}] ${call.name}(${oneLine(argumentsText(call.arguments), limits.argumentChars)}) → ${outcome}${result}`);
    }
  }
  const body = fitLines(lines, limits.totalChars - head.join('\n').length - 40);
  return `${head.join('\n')}\nTool calls by phase:\n${body}`;
}

/** The lines within `budget` characters: all of them, or the first two thirds and the last third of the budget with a marker between. */
function fitLines(lines: string[], budget: number): string {
  const all = lines.join('\n');
  if (all.length <= budget) return all || '(no tool calls)';
  const take = (from: string[], chars: number) => {
    const kept: string[] = [];
    let used = 0;
    for (const line of from) {
      if (used + line.length + 1 > chars) break;
      kept.push(line);
      used += line.length + 1;
    }
    return kept;
  };
  const first = take(lines, Math.floor(budget * 0.66));
  const last = take([...lines].reverse(), Math.floor(budget * 0.3)).reverse();
  const omitted = lines.length - first.length - last.length;
  return [...first, `  … ${omitted} lines omitted to keep the prompt bounded …`, ...last].join('\n');
}

/** The skill text as shown, cut at the cap with a note. */
export function capSkillText(skill: string, limits = CONDENSE_LIMITS): string {
  return skill.length <= limits.skillChars ? skill : `${skill.slice(0, limits.skillChars)}\n… (the skill continues; ${skill.length - limits.skillChars} more characters not shown)`;
}
