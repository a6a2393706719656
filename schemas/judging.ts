import { z } from 'zod';
import { TaskKindSchema } from './arena.ts';
import { JudgeTierSchema, JudgesFileSchema, RubricAuthorSchema, RubricScaleSchema } from './judge.ts';

/** The highest turn a judging job may be asked for (the instruction is turn 1). */
export const JUDGED_TURN_MAX = 50;

/**
 * The controls whose judgments are rubric scores (`control_judgments`): `no-artifact` asks each
 * judge to score a run from its task and rubrics alone (no transcript, frames or files), so the
 * report can show how much the artifact moves each rubric's score.
 */
export const RubricControlSchema = z.enum(['no-artifact']);
export type RubricControl = z.infer<typeof RubricControlSchema>;

/**
 * A control run of the judges, whose judgments are kept apart and never counted as scores: a
 * rubric control (above), or `guess-harness`, which shows each judge a run's blinded trajectory
 * (what the process tier scores from) and asks which of the runs' harnesses made it, or "cannot
 * tell" (`harness_guesses`): a judge that does better than chance means the blinding leaks.
 */
export const JudgeControlSchema = z.enum([...RubricControlSchema.options, 'guess-harness']);
export type JudgeControl = z.infer<typeof JudgeControlSchema>;

/** The answer a guess-harness judge gives when nothing in the trajectory tells the harness. */
export const CANNOT_TELL = 'cannot tell';

/** The judging engine's RPC vocabulary: starting a judging job, importing judgments, comparing rubric sets. */

export const JudgeStartInputSchema = z
  .object({
    judges: JudgesFileSchema,
    tier: JudgeTierSchema,
    /** `NAME@VERSION` (or `NAME` for its newest version); default every expert set of the tier at the scale. */
    rubricSets: z.array(z.string().min(1).max(160)).max(50).optional(),
    scale: RubricScaleSchema.optional(),
    taskIds: z.array(z.string().min(1).max(100)).max(10_000).optional(),
    runIds: z.array(z.string().min(1).max(100)).max(100_000).optional(),
    /** The turn of multi-turn runs to judge (from 1); default each run's last. */
    turn: z.number().int().min(1).max(JUDGED_TURN_MAX).optional(),
    /** Judge under a control instead (JudgeControlSchema): its judgments are stored apart and never counted as scores. */
    control: JudgeControlSchema.optional(),
  })
  .strict();
export type JudgeStartInput = z.infer<typeof JudgeStartInputSchema>;

export const JudgeImportResultSchema = z.object({
  imported: z.number().int(),
  unchanged: z.number().int(),
  judgments: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), error: z.string() })),
});
export type JudgeImportResult = z.infer<typeof JudgeImportResultSchema>;

/** What a judging job did, told when it ends (`judge.result`; `lhb judge` prints it). */
export const JudgeRunsSummarySchema = z.object({
  /** Runs judged, and runs left out (no set of the tier is for their task's kind, or they lack what the tier shows), with why. */
  runs: z.number().int(),
  /** Synthetic (demo study) runs among those chosen: never judged. */
  syntheticLeftOut: z.number().int(),
  skipped: z.array(z.object({ runId: z.string(), reason: z.string() })),
  /**
   * One unit is one judge's reply for one run and rubric set. `total` is known before the first
   * request and never changes; `leftOut` counts units of a run whose material could not be read
   * after all (a video ffmpeg cannot sample), so ok + failed + cached + cancelled + leftOut = total.
   */
  units: z.object({
    total: z.number().int(),
    cached: z.number().int(),
    asked: z.number().int(),
    ok: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    leftOut: z.number().int(),
  }),
  /** Per-rubric judgments stored by this job (cached units store none, or copies for a new judge name). */
  judgments: z.object({ ok: z.number().int(), failed: z.number().int() }),
  /** Provider requests made (retries included). */
  requests: z.number().int(),
  tokens: z.object({ input: z.number().int(), output: z.number().int() }),
  /** US dollars for the requests made by judges that have a price. */
  costUsd: z.number(),
  /** Judges with no price (their requests are not in costUsd), in the order given. */
  unpricedJudges: z.array(z.string()),
  cancelled: z.boolean(),
  failures: z.array(z.object({ runId: z.string(), judge: z.string(), rubricSet: z.string(), failure: z.string() })),
});
export type JudgeRunsSummary = z.infer<typeof JudgeRunsSummarySchema>;

/**
 * How far judges agree on one rubric of one set version and scale, over the runs two or more
 * judges scored (the Judges screen's agreement table, `judge.agreement`).
 */
export const RubricAgreementSchema = z.object({
  rubricSet: z.string(),
  version: z.string(),
  scale: RubricScaleSchema,
  rubric: z.string(),
  /** Judges with a score of this rubric. */
  judges: z.number().int(),
  /** Runs with at least two judges' scores. */
  runs: z.number().int(),
  /** Share of judge pairs on those runs that gave the same score; null without a pair. */
  exact: z.number().nullable(),
  /** Mean absolute difference between two judges' scores, as a share of the scale's range (0 = always equal); null without a pair. */
  meanGap: z.number().nullable(),
  /** Failed judgments of this rubric (no score), counted apart. */
  failed: z.number().int(),
});
export type RubricAgreement = z.infer<typeof RubricAgreementSchema>;

const KappaPair = z.object({ judgeA: z.string(), judgeB: z.string(), kappa: z.number().nullable(), n: z.number().int() });

/** Inter-judge agreement of one rubric set version at one scale, on the runs every compared set judged. */
export const RubricSetAgreementSchema = z.object({
  rubricSet: z.string(),
  version: z.string(),
  scale: RubricScaleSchema,
  authoredBy: RubricAuthorSchema.nullable(),
  judges: z.array(z.string()),
  /** Runs counted (the runs every compared set was judged on) and rubric items scored on them. */
  runs: z.number().int(),
  items: z.number().int(),
  /** Mean pairwise quadratic-weighted κ over the set's (run, rubric) items, with its Landis–Koch band. */
  meanKappa: z.number().nullable(),
  band: z.string().nullable(),
  pairs: z.array(KappaPair),
  perRubric: z.array(z.object({ rubric: z.string(), meanKappa: z.number().nullable(), n: z.number().int() })),
});

/** The sets compared on one task kind's runs (sets for one kind are never judged on another kind's runs). */
export const KindComparisonSchema = z.object({
  taskKind: TaskKindSchema,
  /** The runs of this kind every compared set was judged on (by at least two judges); κ of each set is computed on these only. */
  commonRuns: z.number().int(),
  sets: z.array(RubricSetAgreementSchema),
});

export const RubricSetComparisonSchema = z.object({
  tier: JudgeTierSchema,
  /** One comparison per task kind with judgments at the tier. */
  kinds: z.array(KindComparisonSchema),
  /** Judgments at the tier left out because their set is for another task kind than their run's. */
  leftOut: z.number().int(),
});
export type RubricSetComparison = z.infer<typeof RubricSetComparisonSchema>;
