import type { HarnessId, TrajectoryStep, TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import type { ComparedStep, ComparedToolCall } from '../../../schemas/run-comparison.ts';
import { toolCallAction } from '../trajectory/tool-call-action.ts';

const TEXT_CAP = 2000;
const RESULT_LINES = 4;
const RESULT_CAP = 600;

/**
 * A path as two runs can share it: each run works in a folder of its own, so an absolute path
 * into its `out/` is read from `out/` on (`/tmp/run-1a2b/out/src/App.tsx` → `out/src/App.tsx`).
 */
function sharedPath(path: string): string {
  const at = path.lastIndexOf('/out/');
  return path.startsWith('/') && at >= 0 ? path.slice(at + 1) : path;
}

/**
 * What a call did, in harness-neutral words (core/runs/trajectory/tool-call-action.ts): file tools
 * by family and file (`write:out/index.html`: an Edit and a Write of one file are alike), shell
 * commands by their whole command line (`ls out` and `ls src` differ), other tools by name.
 */
function callKey(call: TrajectoryToolCall, harness: HarnessId | undefined): { key: string; target: string | null } {
  const action = toolCallAction(call, harness);
  if (action.command !== null) {
    const command = action.command.replace(/\s+/g, ' ').trim();
    return { key: `shell:${command}`, target: command };
  }
  if (action.path !== null && action.family !== 'other') {
    const path = sharedPath(action.path);
    return { key: `${action.family}:${path}`, target: path };
  }
  return { key: `tool:${call.name}`, target: action.path };
}

function firstLines(text: string | null): string | null {
  if (text === null) return null;
  const lines = text.split('\n');
  const head = lines.slice(0, RESULT_LINES).join('\n');
  const capped = head.length > RESULT_CAP ? `${head.slice(0, RESULT_CAP)}…` : head;
  return lines.length > RESULT_LINES ? `${capped}\n(${lines.length - RESULT_LINES} more lines)` : capped;
}

/**
 * A step as the comparison shows and aligns it. Its signature is its calls' keys in order; a step
 * without calls is known by its source alone (two agents' words differ even when they do the same
 * thing), except a user's turn prompt, which is known by its text.
 */
export function comparedStep(step: TrajectoryStep, harness: HarnessId | undefined): ComparedStep {
  const calls = step.toolCalls.map((call) => ({ call, ...callKey(call, harness) }));
  const signature = calls.length > 0 ? calls.map((c) => c.key).join(' + ') : step.source === 'user' ? `user:${step.text.trim()}` : step.source;
  const toolCalls: ComparedToolCall[] = calls.map(({ call, target }) => ({ name: call.name, target, ok: call.ok, failure: call.failure, resultHead: firstLines(call.result) }));
  const text = step.text.length > TEXT_CAP ? `${step.text.slice(0, TEXT_CAP)}…` : step.text;
  return { index: step.index, source: step.source, text, toolCalls, signature };
}
