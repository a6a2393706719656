import { stepNumber, type HarnessId, type Trajectory, type TrajectoryError, type TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { blindValue, type Blindfold } from './blind-text.ts';
import { neutralToolCall } from './neutral-tool-call.ts';
import { VERIFIER_MCP_SERVER_NAME } from '../../runs/verifier/prepare-run-verifier.ts';

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

/** Which kind of work a tool call is, from what it did (its neutral name) and, for shells, its command. */
export function phaseOf(call: Pick<TrajectoryToolCall, 'name' | 'arguments'>, mcpServers?: readonly string[], harness?: HarnessId): Phase {
  const { name, shown } = neutralToolCall(call, mcpServers, harness);
  const tool = call.name.toLowerCase();
  if (/verif|screenshot|capture|playwright/.test(tool) || (name === 'shell' && /verif|capture|playwright/.test(shown))) return 'verifying';
  if (name === 'read' || name === 'search' || name === 'web-fetch' || name === 'web-search' || /figma|get_(design|code|image|metadata|variable)/.test(tool)) return 'inspecting';
  if (name === 'write' || name === 'edit') return 'editing';
  if (name === 'shell') {
    if (/\b(build|test|tsc|lint|vite|webpack|jest|vitest|pytest|make|cargo|npm (run|ci|i|install)|pnpm|yarn)\b/.test(shown)) return 'building and testing';
    if (/^\s*(cat|ls|head|tail|grep|rg|find|tree|sed -n|wc)\b/.test(shown)) return 'inspecting';
    return 'running commands';
  }
  return 'other tools';
}

/**
 * The MCP servers a run could call: the task's (as the trajectory recorded them) and the
 * verifier's. A tool name in a CLI's own spelling (an imported trajectory's) splits rightly only
 * with them when a server's name holds the CLI's separator.
 */
const runMcpServerNames = (trajectory: Trajectory): string[] => [...(trajectory.mcpServers ?? []).map((server) => server.name), VERIFIER_MCP_SERVER_NAME];

const oneLine = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
};

export interface CondenseOptions {
  limits?: typeof CONDENSE_LIMITS;
  /**
   * Applied to every text before it is cut short (arguments, results, what the agent said,
   * error messages), so that a path or a name is never left half-replaced at the cut.
   */
  blind?: Blindfold;
}

/**
 * A run's trajectory as a judge reads it at the process tier: a summary (steps, tool calls,
 * failures, tokens, the harness's verdict), the error→recovery events, then the tool calls
 * grouped into phases of the same kind of work, one line each named by what it did (`shell`,
 * `read`, `edit`, `mcp:<tool>`…; arguments and result cut short), with what the agent said
 * between them. Steps are numbered from 1, as people read them. Never the raw transcript: over
 * the size cap, the middle lines are dropped and the prompt says how many.
 */
export function condenseTrajectory(trajectory: Trajectory, errors: readonly TrajectoryError[], options: CondenseOptions = {}): string {
  const limits = options.limits ?? CONDENSE_LIMITS;
  const blind = options.blind ?? ((value: string) => value);
  // Only the start of a long text can be shown, so only a generous window of it is blinded: a
  // 64K tool result is never scanned whole, and no path is cut before it is replaced.
  const window = (max: number) => max * 8 + 4096;
  const cut = (value: string, max: number) => oneLine(blind(value.slice(0, window(max))), max);
  const calls = trajectory.steps.flatMap((step) => step.toolCalls);
  const mcpServers = runMcpServerNames(trajectory);
  const failed = calls.filter((call) => !call.ok).length;
  const head = [
    `Steps: ${trajectory.steps.length}; tool calls: ${calls.length} (${failed} failed); tokens in/out: ${trajectory.tokens.input}/${trajectory.tokens.output}; the harness's verdict: ${trajectory.outcome}.`,
    errors.length === 0
      ? 'Errors: none detected.'
      : `Errors (${errors.filter((e) => e.recovered).length} of ${errors.length} recovered):\n${errors
          .map((e) => `- step ${stepNumber(e.step)}: ${e.type}: ${cut(e.message, limits.resultChars)} → ${e.recovered && e.recoveredAtStep !== null ? `recovered at step ${stepNumber(e.recoveredAtStep)}` : 'not recovered'}`)
          .join('\n')}`,
  ];
  const lines: string[] = [];
  let phase: Phase | undefined;
  let phaseNumber = 0;
  for (const step of trajectory.steps) {
    const number = stepNumber(step.index);
    if (step.source === 'agent' && step.text.trim() !== '') lines.push(`  [step ${number}] agent: ${cut(step.text, limits.agentTextChars)}`);
    if (step.source === 'user' && step.text.trim() !== '' && step.index > 0) lines.push(`  [step ${number}] user: ${cut(step.text, limits.agentTextChars)}`);
    for (const call of step.toolCalls) {
      const next = phaseOf(call, mcpServers, trajectory.harness);
      if (next !== phase) {
        phase = next;
        phaseNumber++;
        lines.push(`Phase ${phaseNumber}: ${next}`);
      }
      const neutral = neutralToolCall({ name: call.name, arguments: blindValue(call.arguments, blind, window(limits.argumentChars)) }, mcpServers, trajectory.harness);
      const outcome = call.ok ? 'ok' : `FAILED${call.failure ? ` (${cut(call.failure, limits.resultChars)})` : ''}`;
      const result = call.result === null ? '' : `: ${cut(neutral.name === 'read' ? withoutLineNumbers(call.result) : call.result, limits.resultChars)}`;
      lines.push(`  [step ${number}] ${neutral.name}(${oneLine(neutral.shown, limits.argumentChars)}) → ${outcome}${result}`);
    }
  }
  const body = fitLines(lines, limits.totalChars - head.join('\n').length - 40);
  return `${head.join('\n')}\nTool calls by phase:\n${body}`;
}

/**
 * A file as read, without the line numbers a harness's read tool puts before each line
 * (`1\t…` or `     1→…`): how a harness numbers lines would tell a judge which one it was.
 */
export function withoutLineNumbers(text: string): string {
  const lines = text.split('\n');
  const numbered = /^ *\d+(?:\t|→)/;
  if (!lines.some((line) => numbered.test(line)) || !lines.every((line) => line.trim() === '' || numbered.test(line))) return text;
  return lines.map((line) => line.replace(numbered, '')).join('\n');
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
