import { z } from 'zod';
import { JudgeTierSchema, JudgesFileSchema } from './judge.ts';

/**
 * Pairwise judging (issue 42): a judge is shown two runs of one task, blind, and picks one or a
 * tie, asked twice with the sides swapped; a verdict that flips with the position is a tie.
 */

/** Which pairs are judged: those people voted on in the arena, or every pair of configurations on each task. */
export const PairSourceSchema = z.enum(['voted', 'all']);
export type PairSource = z.infer<typeof PairSourceSchema>;

export const PairwiseStartInputSchema = z
  .object({
    judges: JudgesFileSchema,
    /** What each run is shown by: its trajectory (process), its frames beside the design (output), its content (content). */
    tier: JudgeTierSchema.default('process'),
    /** Default: the pairs people voted on when there are any, else every pair of configurations per task. */
    pairs: PairSourceSchema.optional(),
    taskIds: z.array(z.string().min(1).max(100)).max(10_000).optional(),
  })
  .strict();
export type PairwiseStartInput = z.input<typeof PairwiseStartInputSchema>;

/** What a pairwise judging job did (`judge.pairwiseResult`; `lhb judge --pairwise` prints it). */
export const PairwiseSummarySchema = z.object({
  tier: JudgeTierSchema,
  /** The pairs judged came from votes or from every pair of configurations. */
  pairSource: PairSourceSchema,
  /** Pairs planned, and pairs left out (a run lacks what the tier shows), with why. */
  pairs: z.number().int(),
  skipped: z.array(z.object({ runA: z.string(), runB: z.string(), reason: z.string() })),
  /** One unit is one judge's verdict on one pair (two askings). ok + failed + cached + cancelled + leftOut = total. */
  units: z.object({
    total: z.number().int(),
    cached: z.number().int(),
    ok: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    leftOut: z.number().int(),
  }),
  requests: z.number().int(),
  tokens: z.object({ input: z.number().int(), output: z.number().int() }),
  costUsd: z.number(),
  unpricedJudges: z.array(z.string()),
  cancelled: z.boolean(),
  failures: z.array(z.object({ runA: z.string(), runB: z.string(), judge: z.string(), failure: z.string() })),
});
export type PairwiseSummary = z.infer<typeof PairwiseSummarySchema>;

const NullableNum = z.number().nullable();
/** A figure with its 95% bootstrap interval over tasks (null bounds: too few tasks, or the figure undefined in too many resamples). */
export const TaskIntervalSchema = z.object({ estimate: NullableNum, lo: NullableNum, hi: NullableNum });

/** One judge's pairwise figures at one tier. */
export const PairwiseJudgeFiguresSchema = z.object({
  judge: z.string(),
  tier: JudgeTierSchema,
  /** Pairs with a verdict, and over how many tasks. */
  pairs: z.number().int(),
  tasks: z.number().int(),
  /** Share of pairs whose two askings picked different runs (position bias), with its interval over tasks. */
  flipRate: TaskIntervalSchema,
  /** Share of the askings that picked a side which picked the side shown first (left): 0.5 is no lean. */
  firstRate: NullableNum,
  /** Share of verdicts that are ties (flips included). */
  tieRate: NullableNum,
  /** Against the humans' votes on the same pairs: votes compared, agreement (A / B / tie), and 3-class κ with its interval over tasks. */
  voted: z.object({ votes: z.number().int(), agreement: TaskIntervalSchema, kappa: TaskIntervalSchema }),
});

export const PairwiseWinRateSchema = z.object({
  judge: z.string(),
  tier: JudgeTierSchema,
  config: z.string(),
  label: z.string(),
  /** Verdicts with this configuration on one side. */
  games: z.number().int(),
  /** Its win rate (ties half), with its interval over tasks. */
  winRate: TaskIntervalSchema,
});

export const PairwiseJudgingSchema = z.object({
  verdicts: z.number().int(),
  judges: z.array(PairwiseJudgeFiguresSchema),
  winRates: z.array(PairwiseWinRateSchema),
  /** The humans' position bias on the votes the report counts: share of decided votes for the left side. */
  humans: z.object({ decided: z.number().int(), leftRate: NullableNum }),
});
export type PairwiseJudging = z.infer<typeof PairwiseJudgingSchema>;
