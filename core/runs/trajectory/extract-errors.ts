import type { Trajectory, TrajectoryError, TrajectoryToolCall } from '../../../schemas/trajectory.ts';
import { classifyToolError } from './classify-tool-error.ts';
import { toolCallAction, type ToolCallAction } from './tool-call-action.ts';

/**
 * A build or test command whose harness said it passed but whose output shows it did not
 * (`npm run build || true`, a harness that drops exit codes): `error TS2322`, "Build failed",
 * npm's lifecycle error, a test summary with failures.
 */
const FAILURE_SHOWN_BY_BUILD_OR_TEST = /\berror TS\d{3,5}\b|\bbuild failed\b|\bfailed to compile\b|\berror during build\b|\bELIFECYCLE\b|\bcommand failed with exit code [1-9]|\bnpm ERR!|^npm error\b|\bSyntaxError\b|\bTests?:\s+[1-9]\d* failed\b|\b[1-9]\d* (?:tests? )?failed\b|^FAIL\s/m;

interface Attempt {
  step: number;
  call: TrajectoryToolCall;
  action: ToolCallAction;
  failed: boolean;
}

function attemptsOf(trajectory: Trajectory): Attempt[] {
  const attempts: Attempt[] = [];
  for (const step of trajectory.steps) {
    for (const call of step.toolCalls) {
      const action = toolCallAction(call, trajectory.harness);
      const shownByOutput = call.ok && (action.family === 'build' || action.family === 'test') && call.result !== null && FAILURE_SHOWN_BY_BUILD_OR_TEST.test(call.result);
      attempts.push({ step: step.index, call, action, failed: !call.ok || shownByOutput });
    }
  }
  return attempts;
}

/**
 * The trajectory's error→recovery events, deterministically: every failed tool call (as the
 * harness or its output says, see parse-*.ts) and every build or test whose output shows a
 * failure is one error, typed by classify-tool-error.ts. It is recovered when a LATER call (a
 * later step, or later in the same step) succeeded at the same thing: the same action key
 * (tool-call-action.ts): any build after a failed build, any test run after a failed one, the
 * same shell command head (`ls /missing` then `ls out/dist`), the same file with the same kind of
 * tool (a failed Edit of src/App.tsx, then a Write of it), else the same tool name. Two failed
 * attempts followed by one success are two errors, both recovered at that success.
 */
export function extractErrors(trajectory: Trajectory): TrajectoryError[] {
  const attempts = attemptsOf(trajectory);
  const errors: TrajectoryError[] = [];
  // Walk backwards, remembering the step of the nearest later success per action key.
  const nextSuccess = new Map<string, number>();
  for (let position = attempts.length - 1; position >= 0; position--) {
    const attempt = attempts[position]!;
    if (!attempt.failed) {
      nextSuccess.set(attempt.action.key, attempt.step);
      continue;
    }
    const { type, message } = classifyToolError(attempt.call, attempt.action);
    const recoveredAtStep = nextSuccess.get(attempt.action.key) ?? null;
    errors.push({ step: attempt.step, toolCallId: attempt.call.id, type, message, recovered: recoveredAtStep !== null, recoveredAtStep });
  }
  errors.reverse();
  return errors;
}
