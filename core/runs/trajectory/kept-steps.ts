import type { TrajectoryOmitted, TrajectoryToolCall } from '../../../schemas/trajectory.ts';

/**
 * How much of a transcript a parser keeps as steps and tool calls. Each kept step and call costs
 * a few hundred bytes besides its text, so a transcript of a million one-line steps or tool calls
 * (100 MB of them) took 600-800 MB kept whole; at these caps a parse stays within twice the file
 * and 300 MB whatever the transcript's shape. A real agent run has a few thousand at most.
 */
export const MAX_KEPT_STEPS = 20_000;
export const MAX_KEPT_TOOL_CALLS = 20_000;
/**
 * Calls left out and still without a result: past this many, the oldest is counted as it stands
 * and forgotten (a transcript of a million calls that never get a result would hold them all).
 */
export const MAX_AWAITED_OMITTED_CALLS = 10_000;

export interface TrajectoryLimits {
  maxSteps: number;
  maxToolCalls: number;
}

export const DEFAULT_TRAJECTORY_LIMITS: Readonly<TrajectoryLimits> = Object.freeze({ maxSteps: MAX_KEPT_STEPS, maxToolCalls: MAX_KEPT_TOOL_CALLS });

/**
 * A parser's steps with a cap: the first `maxSteps` steps and `maxToolCalls` tool calls are kept,
 * the rest only counted. A parser still writes into a step or call it was not allowed to keep (it
 * is the current one), so it reads the rest of the transcript as before; a call that is not kept
 * is counted as failed or not once the parser settles it (`settled`), or at `omitted()` if it
 * never is. So the counts a summary gives (steps, tool calls, failed calls) are the whole
 * transcript's, however much was cut.
 */
export class KeptSteps<S extends { toolCalls: TrajectoryToolCall[] }> {
  readonly kept: S[] = [];
  private readonly keptSet = new WeakSet<S>();
  private keptCalls = 0;
  private droppedSteps = 0;
  private droppedCalls = 0;
  private droppedFailed = 0;
  /** Calls not kept whose result has not come yet. */
  private readonly unsettled = new Set<TrajectoryToolCall>();

  /**
   * `forget`: called for a left-out call awaited too long, before it is counted: the parser drops
   * it from its own maps and may give it the verdict a call with no result gets at the end.
   */
  constructor(
    private readonly limits: Readonly<TrajectoryLimits> = DEFAULT_TRAJECTORY_LIMITS,
    private readonly forget?: (call: TrajectoryToolCall) => void,
  ) {}

  /** Every step so far, kept or not: the next step's index. */
  get total(): number {
    return this.kept.length + this.droppedSteps;
  }

  /** Adds a step; true when it is kept. */
  add(step: S): boolean {
    if (this.kept.length < this.limits.maxSteps) {
      this.kept.push(step);
      this.keptSet.add(step);
      return true;
    }
    this.droppedSteps++;
    return false;
  }

  /** Adds a call to its step; false when it was only counted (its step was left out, or the calls' cap is reached). */
  addCall(step: S, call: TrajectoryToolCall): boolean {
    if (this.keptSet.has(step) && this.keptCalls < this.limits.maxToolCalls) {
      step.toolCalls.push(call);
      this.keptCalls++;
      return true;
    }
    this.droppedCalls++;
    this.unsettled.add(call);
    if (this.unsettled.size > MAX_AWAITED_OMITTED_CALLS) {
      const oldest = this.unsettled.values().next().value!;
      this.forget?.(oldest);
      this.settled(oldest);
    }
    return false;
  }

  /** The parser set the call's result and verdict. True when the call is not kept: the parser may forget it. */
  settled(call: TrajectoryToolCall): boolean {
    if (!this.unsettled.delete(call)) return false;
    if (!call.ok) this.droppedFailed++;
    return true;
  }

  /** What was left out, counted; undefined when nothing was. Call after the parser's last verdicts. */
  omitted(): TrajectoryOmitted | undefined {
    for (const call of this.unsettled) this.settled(call);
    if (this.droppedSteps === 0 && this.droppedCalls === 0) return undefined;
    return { steps: this.droppedSteps, toolCalls: this.droppedCalls, failedToolCalls: this.droppedFailed };
  }
}
