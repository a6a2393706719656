import type { JudgeConfig } from '../../../schemas/judge.ts';
import type { JobProgress } from '../../jobs/job-runner.ts';
import { concurrencyGate } from './concurrency-gate.ts';
import { describeCost } from './judging-cost.ts';

/** Runs work through one judge's concurrency limit (`maxConcurrency` requests at a time). */
export type JudgeGate = <T>(work: () => Promise<T>) => Promise<T>;

/** What the runner counts in a judging job's summary, and the cost its progress line shows. */
export interface JudgingTally {
  units: { total: number; cached: number; failed: number; cancelled: number; leftOut: number };
  costUsd: number;
  unpricedJudges: readonly string[];
  cancelled: boolean;
}

/**
 * One unit of an item asked of one judge, through that judge's gate. It counts its own outcome
 * (cached, ok, failed, cancelled) in the summary; the runner counts it done when it settles.
 */
export type JudgingUnit = (judge: JudgeConfig, gate: JudgeGate) => Promise<void>;

/** What an item shows every judge, as units; or why it cannot be shown after all (the item is left out). */
export type PreparedItem = { ok: true; units: readonly JudgingUnit[] } | { ok: false; reason: string };

export interface JudgingPlan<Item> {
  /** Planned from the store before the first report, so `summary.units.total` is already true and never changes. */
  items: readonly Item[];
  judges: readonly JudgeConfig[];
  summary: JudgingTally;
  /** What progress counts, plural: "replies", "harness guesses", "pairwise verdicts". */
  unitName: string;
  /** How many units per judge `prepare` gives for an item (a rubric set's reply each when scoring); default 1. */
  unitsPerJudge?: (item: Item) => number;
  /** Reads what an item shows (its material, its prompts) and returns its units; called only while the job is not cancelled. */
  prepare: (item: Item) => Promise<PreparedItem>;
  /** Notes an item left out, with why, in the summary's own shape. */
  leaveOut: (item: Item, reason: string) => void;
}

/**
 * The judging jobs' one loop: a few items in flight at once (at least 4, or the largest judge's
 * limit), each prepared once and then asked of every judge, each judge at most `maxConcurrency`
 * requests at a time. Progress says units done of the planned total, cached, failed and the cost
 * so far. A cancel stops new items (their units counted cancelled) and new requests; an item that
 * cannot be prepared is counted done and left out, since the total never goes down.
 */
export async function runJudgingPlan<Item>(plan: JudgingPlan<Item>, progress: Pick<JobProgress, 'signal' | 'report'>): Promise<void> {
  const { summary, judges } = plan;
  let done = 0;
  const report = () => progress.report(done, summary.units.total, `${done} of ${summary.units.total} ${plan.unitName} · ${summary.units.cached} cached · ${summary.units.failed} failed · ${describeCost(summary, judges.length, true)}`);
  report();
  const gates = new Map(judges.map((judge) => [judge.name, concurrencyGate(judge.maxConcurrency)]));
  const itemsInFlight = concurrencyGate(Math.max(4, ...judges.map((judge) => judge.maxConcurrency)));

  const runItem = async (item: Item) => {
    const units = judges.length * (plan.unitsPerJudge?.(item) ?? 1);
    if (progress.signal.aborted) {
      summary.units.cancelled += units;
      return;
    }
    const prepared = await plan.prepare(item);
    if (!prepared.ok) {
      plan.leaveOut(item, prepared.reason);
      summary.units.leftOut += units;
      done += units;
      report();
      return;
    }
    await Promise.all(
      judges.flatMap((judge) =>
        prepared.units.map(async (unit) => {
          await unit(judge, gates.get(judge.name)!);
          done++;
          report();
        }),
      ),
    );
  };

  await Promise.all(plan.items.map((item) => itemsInFlight(() => runItem(item))));
  summary.cancelled = progress.signal.aborted;
  report();
}
