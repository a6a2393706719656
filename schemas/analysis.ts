import { PairwiseJudgingSchema } from './pairwise-judging.ts';
import { z } from 'zod';
import { JudgeTierSchema } from './judge.ts';
import { ReportSectionSchema } from './report-section.ts';
import { TableModelSchema } from './table-model.ts';
import { ErrorTypeSchema } from './trajectory.ts';

/**
 * The analysis report: what a paper's results section needs, computed from the store's raw
 * votes and judgments by core/analysis (with core/stats), shown by the Analysis screen and
 * printed by `lhb analyze`. Every number here is recomputed from raw records on each request.
 * Configurations are named by `id` (canonical) and `label` ("harness · model · skill v2").
 */

const Num = z.number();
const NullableNum = z.number().nullable();

export const ConfigurationSchema = z.object({ id: z.string(), label: z.string() });

/** A study as the report names it: its id and the label every view prints (its name, with the id's start when two share a name). */
export const StudyRefSchema = z.object({ id: z.string(), label: z.string() });
export type StudyRef = z.infer<typeof StudyRefSchema>;

/** Each study's label: its name, with the start of its id when another of `studies` has the same name (the report, the study picker). */
export function studyLabels(studies: readonly { id: string; name: string }[]): Map<string, string> {
  const named = new Map<string, number>();
  for (const study of studies) named.set(study.name, (named.get(study.name) ?? 0) + 1);
  return new Map(studies.map((study) => [study.id, named.get(study.name)! > 1 ? `${study.name} (${study.id.slice(0, 8)})` : study.name]));
}

/** What every view says the report counts: "Studies: A, B", or every study's runs and every imported run. */
export function reportScopeText(scope: readonly StudyRef[] | null): string {
  return scope === null ? 'All studies and imported runs' : `${scope.length === 1 ? 'Study' : 'Studies'}: ${scope.map((study) => study.label).join(', ')}`;
}

/** A point estimate with its 95% bootstrap interval (over tasks) and how many units it rests on. */
export const EstimateSchema = z.object({ mean: NullableNum, lo: NullableNum, hi: NullableNum, n: z.number().int() });

/** One rubric set version at one scale in one tier ('' set and version: judgments made before sets were stored). */
export const RubricSetKeySchema = z.object({ tier: JudgeTierSchema, rubricSet: z.string(), version: z.string(), scale: z.union([z.literal(3), z.literal(5)]) });
export type RubricSetKey = z.infer<typeof RubricSetKeySchema>;

/**
 * One leaderboard per tier, rubric set version and scale (never two sets or two scales pooled):
 * a run's score is the weighted mean of the set's rubrics (S = Σ wᵢ sᵢ, Σ wᵢ = 1) averaged over
 * judges; a configuration's `mean` is the mean over tasks of the mean over its runs on that task,
 * with a 95% two-stage bootstrap interval (tasks, then runs within a task; `lo`/`hi` null under
 * three tasks). `judges[i]` is `judges`' i-th judge's score alone, `rubrics[i]` the mean score of
 * the set's i-th rubric; `crossJudgeVariance` the population variance of the judges' scores of a
 * run, averaged over the runs two or more judges scored.
 */
export const LeaderboardSchema = RubricSetKeySchema.extend({
  /** `stored`: the set's stored weights; `equal`: the set is not stored, so its judged rubrics weigh alike. */
  weights: z.enum(['stored', 'equal']),
  /** The set's rubrics in its order, weights normalised to sum to 1. */
  rubrics: z.array(z.object({ rubric: z.string(), weight: Num })),
  judges: z.array(z.string()),
  /** A judge's score of a run left out because that judge has no score for some rubric of the set for that run. */
  incompleteScores: z.number().int(),
  rows: z.array(
    z.object({
      config: z.string(),
      label: z.string(),
      mean: Num,
      lo: NullableNum,
      hi: NullableNum,
      tasks: z.number().int(),
      runs: z.number().int(),
      judges: z.array(NullableNum),
      crossJudgeVariance: NullableNum,
      rubrics: z.array(NullableNum),
    }),
  ),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

/** A κ's 95% bootstrap interval over tasks (resampling tasks with replacement, the report's seed and resamples); null under three tasks or where κ is undefined in over 5% of resamples. */
const KappaIntervalShape = { lo: NullableNum, hi: NullableNum };

export const KappaPairSchema = z.object({ judgeA: z.string(), judgeB: z.string(), kappa: NullableNum, n: z.number().int(), ...KappaIntervalShape });

/** One rubric set version's mean pairwise quadratic κ over the items of the runs it is compared on, with its interval over tasks. */
export const SetKappaSchema = z.object({
  rubricSet: z.string(),
  version: z.string(),
  /** Who wrote the set (`expert`, `llm-generic`, `chapter`), or null when it is not stored. */
  authoredBy: z.string().nullable(),
  judges: z.array(z.string()),
  meanKappa: NullableNum,
  ...KappaIntervalShape,
});

/**
 * Two rubric set versions of one tier and scale judged on the same runs (each by two judges or
 * more): each one's mean pairwise κ on those runs, and `difference` = b − a (b the expert set when
 * one of the two is, else the later by name and version) with a paired 95% bootstrap interval over
 * tasks (both κ recomputed on the same resampled tasks) and the two-sided share of resampled
 * differences crossing 0 as its p.
 */
export const SetKappaComparisonSchema = z.object({
  tier: JudgeTierSchema,
  scale: z.union([z.literal(3), z.literal(5)]),
  a: SetKappaSchema,
  b: SetKappaSchema,
  runs: z.number().int(),
  tasks: z.number().int(),
  difference: NullableNum,
  lo: NullableNum,
  hi: NullableNum,
  pValue: NullableNum,
});
export type SetKappaComparison = z.infer<typeof SetKappaComparisonSchema>;

export const AgreementSchema = z.object({
  judges: z.array(z.string()),
  /** Mean pairwise quadratic-weighted κ over every item scored by both judges of a pair. */
  overall: z.object({ meanKappa: NullableNum, ...KappaIntervalShape, band: z.string().nullable(), variance: NullableNum, pairs: z.array(KappaPairSchema) }),
  perRubric: z.array(
    z.object({
      rubric: z.string(),
      version: z.string(),
      /** The rubric's scale (3 or 5); absent in reports made before scales were stored. */
      scale: z.number().int().optional(),
      meanKappa: NullableNum,
      ...KappaIntervalShape,
      band: z.string().nullable(),
      variance: NullableNum,
      pairs: z.array(KappaPairSchema),
    }),
  ),
  /** Rubric set versions judged on the same runs, compared two by two (the method's generic-vs-expert rubrics). */
  setComparisons: z.array(SetKappaComparisonSchema),
  /** judges × judges quadratic κ (diagonal 1; null where undefined). */
  matrix: z.array(z.array(NullableNum)),
});
export type Agreement = z.infer<typeof AgreementSchema>;

export const PreferenceSchema = z.object({
  votes: z.number().int(),
  /**
   * `comparisons`: the counted votes the configuration took part in (ties included); the tables
   * withhold an interval resting on too few (core/analysis/elo-interval-support.ts). Absent in older reports.
   */
  elo: z.array(z.object({ config: z.string(), label: z.string(), rating: Num, lo: NullableNum, hi: NullableNum, comparisons: z.number().int().optional() })),
  /** Bradley–Terry flags, e.g. a ridge was needed because a configuration never lost. */
  flags: z.array(z.string()),
  pairwise: z.array(z.object({ a: z.string(), b: z.string(), pValue: NullableNum, cohensH: NullableNum })),
  /** Row configuration's win fraction against the column's (ties half), null without games. */
  winMatrix: z.object({ configs: z.array(z.string()), cells: z.array(z.array(NullableNum)) }),
  positionBias: z.object({ left: z.number().int(), decided: z.number().int(), leftRate: NullableNum, pValue: NullableNum }),
  cycles: z.object({ triads: z.number().int(), cyclic: z.number().int(), rate: NullableNum }),
  winnerQuality: z.object({
    byConfig: z.array(z.object({ config: z.string(), label: z.string(), mean: NullableNum, n: z.number().int() })),
    kruskal: z.object({ h: NullableNum, pValue: NullableNum }),
  }),
  passRates: z.array(z.object({ config: z.string(), label: z.string(), rate: NullableNum, n: z.number().int() })),
  winRates: z.array(z.object({ config: z.string(), label: z.string(), withTies: NullableNum, withoutTies: NullableNum, tieRate: NullableNum })),
  discriminatingShare: NullableNum,
});
export type Preference = z.infer<typeof PreferenceSchema>;

const JudgeAlignmentSchema = z.object({
  /** A judge's name, or the judges together (each run's mean over judges, the leaderboard's score). */
  judge: z.string(),
  /** Human votes on pairs both of whose runs have a score (so an outcome follows from the scores). */
  n: z.number().int(),
  agreement: NullableNum,
  /** Cohen's κ over 3 classes: A wins / B wins / tie, with its 95% bootstrap interval over the votes' tasks. */
  kappa: NullableNum,
  kappaLo: NullableNum,
  kappaHi: NullableNum,
  humanTieRate: NullableNum,
  judgeTieRate: NullableNum,
  /**
   * Per configuration: the votes it was in (`votes`), its win rate by people and as the scores imply
   * on the same pairs (ties half), and judge − human; each with a 95% bootstrap interval over the
   * votes' tasks (the difference paired: both rates on the same resampled tasks).
   */
  winRates: z.array(
    z.object({
      config: z.string(),
      label: z.string(),
      votes: z.number().int(),
      human: NullableNum,
      humanLo: NullableNum,
      humanHi: NullableNum,
      judge: NullableNum,
      judgeLo: NullableNum,
      judgeHi: NullableNum,
      difference: NullableNum,
      differenceLo: NullableNum,
      differenceHi: NullableNum,
    }),
  ),
});
export type JudgeAlignment = z.infer<typeof JudgeAlignmentSchema>;

/**
 * Human votes against the judges' scores of one tier, rubric set version and scale (the
 * leaderboard's run scores): the judges together and each judge, and per pair of configurations
 * (`a` first by label) the judges-together agreement and 3-class κ with n.
 */
export const AlignmentGroupSchema = RubricSetKeySchema.extend({
  together: JudgeAlignmentSchema,
  judges: z.array(JudgeAlignmentSchema),
  pairs: z.array(z.object({ a: z.string(), aLabel: z.string(), b: z.string(), bLabel: z.string(), n: z.number().int(), agreement: NullableNum, kappa: NullableNum, kappaLo: NullableNum, kappaHi: NullableNum })),
});
export type AlignmentGroup = z.infer<typeof AlignmentGroupSchema>;

/** One group per tier, rubric set version and scale, in the leaderboards' order. */
export const AlignmentSchema = z.object({ groups: z.array(AlignmentGroupSchema) });
export type Alignment = z.infer<typeof AlignmentSchema>;

/**
 * Share of errors recovered (error→recovery events, core/runs/trajectory/extract-errors.ts) with a
 * 95% bootstrap interval resampling runs (errors of one run move together), and how many errors,
 * recovered errors and runs it rests on. `rate` etc. are null without errors.
 */
export const RecoveryRateSchema = z.object({
  errors: z.number().int(),
  recovered: z.number().int(),
  rate: NullableNum,
  lo: NullableNum,
  hi: NullableNum,
  /** Runs this row rests on: every run with a trajectory (overall, per configuration), or the runs with an error of this type. */
  runs: z.number().int(),
});
export type RecoveryRate = z.infer<typeof RecoveryRateSchema>;

export const RecoverySchema = z.object({
  /** Runs with a stored trajectory (executed here, or imported with an ATIF trajectory), with or without errors. */
  runs: z.number().int(),
  /** Of those, runs imported with a trajectory rather than executed here. */
  importedRuns: z.number().int(),
  overall: RecoveryRateSchema,
  /** One row per error type that occurred, most frequent first. */
  byType: z.array(z.object({ type: ErrorTypeSchema }).and(RecoveryRateSchema)),
  /** One row per configuration (harness · model · skill) with a trajectory, most errors first. */
  byConfiguration: z.array(z.object({ config: z.string(), label: z.string() }).and(RecoveryRateSchema)),
});
export type Recovery = z.infer<typeof RecoverySchema>;

/** A mean over runs, and how many runs it rests on (those that report the quantity); `mean` null when none does. */
export const RunMeanSchema = z.object({ mean: NullableNum, runs: z.number().int() });

/** One arm's mean judge score in a tier, over all its rubrics (`rubric` null) or one, with a 95% bootstrap interval over tasks. */
/** Which score a row of the ablation is about: one tier's rubric set version at one scale, its weighted set score (`rubric` null) or one rubric's mean. */
export const AblationScoreKeySchema = RubricSetKeySchema.extend({ rubric: z.string().nullable() });
export type AblationScoreKey = z.infer<typeof AblationScoreKeySchema>;
export const ArmScoreSchema = AblationScoreKeySchema.and(EstimateSchema);

/**
 * One skill version's runs of a (harness, model): `skill` is `versions.skill` (`none` = without
 * SKILL.md, `base` = the folder's base version, `v1`, …). Rates count every run of the arm; error
 * figures the runs with a stored trajectory; cost and tokens the runs that report them.
 */
export const AblationArmSchema = z.object({
  skill: z.string(),
  runs: z.number().int(),
  succeeded: z.number().int(),
  succeededRate: NullableNum,
  /** Runs that left a static build the app can serve (`dist/index.html`), as the arena shows it. */
  deployable: z.number().int(),
  deployableRate: NullableNum,
  /** Errors per run with a trajectory; `recovery.runs` is how many runs have one. */
  errorsPerRun: NullableNum,
  recovery: RecoveryRateSchema,
  costUsd: RunMeanSchema,
  tokensInput: RunMeanSchema,
  tokensOutput: RunMeanSchema,
  /** Per tier, rubric set version and scale (never two pooled): the set's weighted score first, then each of its rubrics in the set's order. */
  scores: z.array(ArmScoreSchema),
});
export type AblationArm = z.infer<typeof AblationArmSchema>;

/**
 * The paired difference `skill − reference` of one tier's score (all rubrics, or one) over the
 * (task, repeat) pairs where both runs were scored: its mean with a 95% paired bootstrap interval
 * (resampling pairs), how many pairs went up, down or tied, and the two-sided sign test's p.
 */
export const PairedScoreSchema = AblationScoreKeySchema.extend({
  pairs: z.number().int(),
  meanDifference: NullableNum,
  lo: NullableNum,
  hi: NullableNum,
  better: z.number().int(),
  worse: z.number().int(),
  tied: z.number().int(),
  signTestP: NullableNum,
});
export type PairedScore = z.infer<typeof PairedScoreSchema>;

/**
 * Why a run of two compared arms is in no pair: `no-counterpart` (no run of the other arm with its
 * study, task and repeat), `counterpart-cancelled` (the other arm's run there was cancelled),
 * `several-runs` (one arm has more than one run there, so which to pair is not known),
 * `not-from-a-study` (an imported bundle or ATIF run no study executed, whose task has more than
 * one such run in an arm: with no repeat index there is nothing to match them by), `cancelled`
 * (the run itself was cancelled: counted in no figure).
 */
export const UnpairedReasonSchema = z.enum(['no-counterpart', 'counterpart-cancelled', 'several-runs', 'not-from-a-study', 'cancelled']);
export type UnpairedReason = z.infer<typeof UnpairedReasonSchema>;

/** One (study, task, repeat) slot run in both arms: the pair the paired figures use. */
export const AblationPairSchema = z.object({
  /** Null for two runs no study executed, the only such runs of their task in their arms. */
  study: StudyRefSchema.nullable(),
  task: z.string(),
  /** The study's repeat index (0 for its first repeat); null with `study`. */
  repeat: z.number().int().nullable(),
  run: z.string(),
  referenceRun: z.string(),
});
export type AblationPair = z.infer<typeof AblationPairSchema>;

export const UnpairedRunSchema = z.object({
  run: z.string(),
  skill: z.string(),
  /** Null for a run no study executed. */
  study: StudyRefSchema.nullable(),
  task: z.string(),
  repeat: z.number().int().nullable(),
  reason: UnpairedReasonSchema,
});
export type UnpairedRun = z.infer<typeof UnpairedRunSchema>;

export const AblationComparisonSchema = z.object({
  skill: z.string(),
  reference: z.string(),
  /** (study, task, repeat) slots run in both arms: runs pair only within one study, on that study's repeat index. */
  pairs: z.number().int(),
  /** Runs of these two arms counted in their arm but in no pair (every `unpaired` run but the cancelled ones): left out of every paired figure. */
  unpairedRuns: z.number().int(),
  /** Every pair used, by study, task and repeat. */
  pairList: z.array(AblationPairSchema),
  /** Every run of the two arms left out of the pairs, and why, cancelled runs included. */
  unpaired: z.array(UnpairedRunSchema),
  scores: z.array(PairedScoreSchema),
  /** Relative change of the mean cost per run, over the pairs where both runs report a cost (−0.42 = 42% cheaper); null without one. */
  costChange: NullableNum,
  costPairs: z.number().int(),
});
export type AblationComparison = z.infer<typeof AblationComparisonSchema>;

/** Runs of one (harness, model, other versions) that differ only in their skill version. */
export const AblationGroupSchema = z.object({
  harness: z.string(),
  model: z.string(),
  /** Versions other than the skill's, the same in every arm. */
  versions: z.record(z.string(), z.string()),
  synthetic: z.boolean(),
  /** "claude-code · claude-sonnet-4-5". */
  label: z.string(),
  /** The arm the others are compared with: `none` when there is one, else `base`, else the first. */
  reference: z.string(),
  /** `none` first, then `base`, then the rest in natural order (v2 before v10). */
  arms: z.array(AblationArmSchema),
  /** One per arm other than the reference, in arm order. */
  comparisons: z.array(AblationComparisonSchema),
});
export type AblationGroup = z.infer<typeof AblationGroupSchema>;

/**
 * One turn of multi-turn runs of one configuration: how many runs reached it, how many of those
 * it succeeded in, and its mean duration and tokens over the runs that report them; errors are
 * the trajectory's error→recovery events made by the turn's own steps.
 */
export const TurnFiguresSchema = z.object({
  config: z.string(),
  label: z.string(),
  turn: z.number().int().min(1),
  runs: z.number().int(),
  succeeded: z.number().int(),
  durationMs: RunMeanSchema,
  tokensInput: RunMeanSchema,
  tokensOutput: RunMeanSchema,
  errors: z.number().int(),
  recovered: z.number().int(),
});
export type TurnFigures = z.infer<typeof TurnFiguresSchema>;

/**
 * How targeted one revision turn (turn 2 on) was, against `out/` as the turn before left it (the
 * turns' snapshots in the blob store): files added, removed or changed, lines added plus removed
 * (text files; a binary file counts as a changed file only), and the share of the turn before's
 * output, by size, left as it was. Means over the runs whose two snapshots are both stored.
 */
export const RevisionFiguresSchema = z.object({
  config: z.string(),
  label: z.string(),
  turn: z.number().int().min(2),
  runs: z.number().int(),
  filesChanged: RunMeanSchema,
  linesChanged: RunMeanSchema,
  untouchedShare: RunMeanSchema,
});
export type RevisionFigures = z.infer<typeof RevisionFiguresSchema>;

/** Multi-turn runs (a task with revision requests), turn by turn, per configuration; empty without any. */
export const TurnsSchema = z.object({
  /** Finished runs with more than one turn recorded. */
  runs: z.number().int(),
  byTurn: z.array(TurnFiguresSchema),
  revisions: z.array(RevisionFiguresSchema),
});
export type Turns = z.infer<typeof TurnsSchema>;

/** The paired skill ablation: one group per (harness, model) whose runs differ only in skill version. */
export const AblationSchema = z.object({ groups: z.array(AblationGroupSchema) });
export type Ablation = z.infer<typeof AblationSchema>;

/** What every view of an ablation says about runs without a counterpart (the screen, Markdown, the card); undefined when every run has one. */
export function ablationUnpairedNote(comparison: Pick<AblationComparison, 'skill' | 'reference' | 'unpairedRuns' | 'pairs'>): string | undefined {
  const count = comparison.unpairedRuns;
  if (count === 0) return undefined;
  return `${count} run${count === 1 ? '' : 's'} of skill ${comparison.reference} or ${comparison.skill} ${count === 1 ? 'has' : 'have'} no counterpart in the other arm at the same study, task and repeat: counted in ${count === 1 ? 'its' : 'their'} arm's figures, left out of the paired difference (${comparison.pairs} pair${comparison.pairs === 1 ? '' : 's'}).`;
}

/**
 * Why the demo's records (its synthetic study's generated data, its arena bundles and what touches
 * them) are or are not counted: `only-synthetic` (no run, vote or judgment of the user's own exists,
 * so the demo's numbers are shown, labelled), `real-data-present` (left out by default once any
 * does), `requested` (the caller asked).
 */
export const SyntheticReasonSchema = z.enum(['only-synthetic', 'real-data-present', 'requested']);
export type SyntheticReason = z.infer<typeof SyntheticReasonSchema>;

export const SyntheticStatusSchema = z.object({
  included: z.boolean(),
  reason: SyntheticReasonSchema,
  /** Synthetic live votes and judgments in the workspace, counted here or not. */
  votes: z.number().int(),
  judgments: z.number().int(),
});
export type SyntheticStatus = z.infer<typeof SyntheticStatusSchema>;

/**
 * The report's tables, built once by core/analysis from its figures, each key by its section's
 * entry (core/analysis/sections/<id>.ts; each value printed by its kind's rule, format-number.ts).
 * The sections' blocks show them on the Analysis screen, in `lhb analyze --md` and in the dataset
 * card; they are kept here too for `lhb analyze --json`.
 */
export const AnalysisTablesSchema = z.object({
  /**
   * One section per tier and rubric set version ("Output tier · figma-output v2"), in the
   * leaderboards' order, holding one table per scale judged with it (3-point before 5-point).
   */
  leaderboards: z.array(z.object({ tier: JudgeTierSchema, title: z.string(), boards: z.array(z.object({ scale: z.union([z.literal(3), z.literal(5)]), title: z.string(), table: TableModelSchema })) })),
  /** `pairs`: each pair of judges' κ with its interval; `sets`: rubric set versions compared on the same runs. */
  agreement: z.object({ byRubric: TableModelSchema, matrix: TableModelSchema, pairs: TableModelSchema, sets: TableModelSchema }),
  preference: z.object({
    elo: TableModelSchema,
    pairwise: TableModelSchema,
    winMatrix: TableModelSchema,
    winnerQuality: TableModelSchema,
    passRates: TableModelSchema,
    winRates: TableModelSchema,
  }),
  /** One per `alignment.groups` entry, in order: `title` names its tier, set and scale; the judges' summary, win rates per configuration and agreement per pair. */
  alignment: z.array(z.object({ tier: JudgeTierSchema, title: z.string(), judges: TableModelSchema, winRates: TableModelSchema, pairs: TableModelSchema })),
  recovery: z.object({ byType: TableModelSchema, byConfiguration: TableModelSchema }),
  /** One per ablation group, in `ablation.groups` order: its arms, their scores, and the paired differences. */
  ablation: z.array(
    z.object({
      title: z.string(),
      arms: TableModelSchema,
      scores: TableModelSchema,
      paired: TableModelSchema,
      /** The pairs used, counted per comparison and study, and every run left unpaired with why. */
      pairs: TableModelSchema,
      unpaired: TableModelSchema,
    }),
  ),
  /** Multi-turn runs: each turn's figures, and how targeted each revision turn was. */
  turns: z.object({ byTurn: TableModelSchema, revisions: TableModelSchema }),
  controls: z.object({ artifactEffect: TableModelSchema, harnessGuesses: TableModelSchema }),
  /** Pairwise judging with swapped sides: each judge's flips, lean and agreement with the votes; each judge's win rates per configuration. */
  pairwise: z.object({ judges: TableModelSchema, winRates: TableModelSchema }),
});
export type AnalysisTables = z.infer<typeof AnalysisTablesSchema>;

/**
 * The no-artifact control (`lhb judge --control no-artifact`): per judge, rubric set version and
 * rubric, its real score of the runs it also scored with nothing of them shown, and the effect of
 * the artifact (real − control, a per-task mean averaged over tasks) with a 95% bootstrap
 * interval over tasks. A rubric is `notMoved` when the effect is under `threshold` (a tenth of
 * the scale's range) or its interval contains 0; `why` says which held.
 */
export const ArtifactEffectRowSchema = z.object({
  judge: z.string(),
  tier: JudgeTierSchema,
  rubricSet: z.string(),
  version: z.string(),
  scale: z.union([z.literal(3), z.literal(5)]),
  rubric: z.string(),
  runs: z.number().int(),
  tasks: z.number().int(),
  real: z.number(),
  control: z.number(),
  effect: z.number(),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
  threshold: z.number(),
  notMoved: z.boolean(),
  why: z.enum(['below-threshold', 'interval-contains-zero']).nullable(),
});
export type ArtifactEffectRow = z.infer<typeof ArtifactEffectRowSchema>;

/**
 * The guess-harness control (`lhb judge --control guess-harness`), per judge: of the runs the
 * report counts that it was shown blinded (each run's newest answer), how many it named the right
 * harness of, against chance: 1 / the harnesses offered when each made as many of those runs
 * (`uniform`), else the largest harness's share of them (`largest-share`: always naming that one
 * scores it). Accuracy has a 95% Wilson interval and a one-sided exact binomial test against
 * chance; `leaks` when the interval's lower bound is above chance: the judge tells harnesses apart.
 */
export const HarnessGuessRowSchema = z.object({
  judge: z.string(),
  runs: z.number().int(),
  correct: z.number().int(),
  cannotTell: z.number().int(),
  harnesses: z.number().int(),
  chance: z.number(),
  chanceBasis: z.enum(['uniform', 'largest-share']),
  accuracy: z.number(),
  lo: z.number(),
  hi: z.number(),
  pValue: z.number(),
  leaks: z.boolean(),
});
export type HarnessGuessRow = z.infer<typeof HarnessGuessRowSchema>;

export const ControlsSchema = z.object({
  /** Control judgments (scored) of runs the report counts; 0 when no control was run, and the section is left out. */
  noArtifactJudgments: z.number().int(),
  artifactEffect: z.array(ArtifactEffectRowSchema),
  /** The guess-harness control per judge; empty until it is run. Required: a report stored before it does not parse, so it is computed again. */
  harnessGuesses: z.array(HarnessGuessRowSchema),
});
export type Controls = z.infer<typeof ControlsSchema>;

/** The report's figures: every number, recomputed from the raw records. */
export const AnalysisFiguresSchema = z.object({
  generatedAt: z.string(),
  study: z.object({
    tasks: z.number().int(),
    configurations: z.array(ConfigurationSchema),
    judges: z.array(z.string()),
    annotators: z.number().int(),
    votes: z.number().int(),
    judgments: z.number().int(),
    /**
     * Stored judgments left out of every figure because their rubric set is for another task kind
     * than their run's (made before sets declared their kinds); absent in older reports.
     */
    judgmentsLeftOut: z.number().int().optional(),
    /**
     * Repeat votes: an annotator's votes on a pair after their first live one (an invite link may
     * ask for pairs again). Left out unless `counted` (analysis.report's `countRepeats`, `lhb analyze
     * --count-repeats`); `votes` is how many there are either way. Absent in older reports.
     */
    repeatVotes: z.object({ counted: z.boolean(), votes: z.number().int() }).optional(),
    /**
     * Fast votes: cast sooner after their pair was shown than the fast-vote floor (migration 021).
     * Counted unless `excluded` (analysis.report's `excludeFastVotes`, `lhb analyze
     * --exclude-fast-votes`); `votes` is how many there are either way. Absent in older reports.
     */
    fastVotes: z.object({ excluded: z.boolean(), votes: z.number().int() }).optional(),
    /**
     * The studies whose runs the report counts (a vote or judgment counts only when every run it
     * touches is theirs), or null for every study's runs and every imported run (reportScopeText).
     */
    scope: z.array(StudyRefSchema).nullable(),
    /** True when any vote or judgment counted is synthetic (the demo's), so every view says so. */
    includesSynthetic: z.boolean(),
    /** Whether synthetic data was counted, and why. */
    synthetic: SyntheticStatusSchema,
    seed: z.string(),
    resamples: z.number().int(),
  }),
  leaderboards: z.array(LeaderboardSchema),
  agreement: AgreementSchema,
  preference: PreferenceSchema,
  alignment: AlignmentSchema,
  /** Error→recovery rates over runs' trajectories: overall, per error type, per configuration. */
  recovery: RecoverySchema,
  /** The paired skill ablation per (harness, model) whose runs differ only in skill version. */
  ablation: AblationSchema,
  /**
   * Multi-turn runs turn by turn, and each revision turn's footprint. Required: a report stored
   * before turns were reported does not parse, so the stored-report cache computes it again.
   */
  turns: TurnsSchema,
  /** Controls of what the judges' scores measure (the no-artifact and guess-harness controls). Required: a report stored before it does not parse, so it is computed again. */
  controls: ControlsSchema,
  /** Pairwise judging: judges shown two runs of a task, asked twice with the sides swapped (schemas/pairwise-judging.ts). Required, so a report stored before it is computed again. */
  pairwise: PairwiseJudgingSchema,
});
export type AnalysisFigures = z.infer<typeof AnalysisFiguresSchema>;

/**
 * The analysis report: its figures, the tables made of them, and its sections as every view shows
 * them (core/analysis/report-sections.ts, in that order; a section the workspace has nothing of is
 * left out). Required: a report stored before sections were sent does not parse, so the
 * stored-report cache computes it again.
 */
export const AnalysisReportSchema = AnalysisFiguresSchema.extend({ tables: AnalysisTablesSchema, sections: z.array(ReportSectionSchema) });
export type AnalysisReport = z.infer<typeof AnalysisReportSchema>;

/** What every view of a report says when judgments were left out for their set's task kind (the CLI, Markdown, the Study section). */
/**
 * How a view names, in its notes, what changes the counting and where left-out records are marked:
 * `lhb analyze` and the Markdown name the flag, the request field and the CLI (CLI_NOTE_WORDS); the
 * Analysis screen names its own controls and screens, and says nothing of a choice it does not offer.
 */
export interface ReportNoteWords {
  /** Where to leave fast votes out, after "leave them out with". */
  leaveOutFastVotes: string;
  /** Where to count repeat votes, after "Count them with"; absent: the view has no such choice. */
  countRepeats?: string;
  /** Where left-out judgments are marked, after "kept, and marked". */
  judgmentsMarked: string;
}

export const CLI_NOTE_WORDS: ReportNoteWords = {
  leaveOutFastVotes: '--exclude-fast-votes (excludeFastVotes)',
  countRepeats: '--count-repeats (countRepeats)',
  judgmentsMarked: 'on the Judges screen and in lhb judge list',
};

/** What the report says about repeat votes, when there are any: screen, `lhb analyze` and the Markdown print the same sentence, each naming its own controls. */
export function repeatVotesNote(study: Pick<AnalysisFigures['study'], 'repeatVotes'>, controls: ReportNoteWords = CLI_NOTE_WORDS): string | undefined {
  const repeats = study.repeatVotes;
  if (!repeats || repeats.votes === 0) return undefined;
  const what = `${repeats.votes} repeat vote${repeats.votes === 1 ? '' : 's'} (an annotator voting again on a pair they had already voted on)`;
  return repeats.counted
    ? `${what} ${repeats.votes === 1 ? 'is' : 'are'} counted, as asked; by default only each annotator's first vote on a pair counts.`
    : `${what} ${repeats.votes === 1 ? 'is' : 'are'} left out: each annotator's first vote on a pair counts.${controls.countRepeats ? ` Count them with ${controls.countRepeats}.` : ''}`;
}

/** What the report says about fast votes, when there are any: screen, `lhb analyze` and the Markdown print the same sentence, each naming its own controls. */
export function fastVotesNote(study: Pick<AnalysisFigures['study'], 'fastVotes'>, controls: ReportNoteWords = CLI_NOTE_WORDS): string | undefined {
  const fast = study.fastVotes;
  if (!fast || fast.votes === 0) return undefined;
  const what = `${fast.votes} fast vote${fast.votes === 1 ? '' : 's'} (cast sooner after their pair was shown than the fast-vote floor)`;
  const are = fast.votes === 1 ? 'is' : 'are';
  return fast.excluded
    ? `${what} ${are} left out, as asked; by default ${fast.votes === 1 ? 'it is' : 'they are'} counted.`
    : `${what} ${are} counted; leave them out with ${controls.leaveOutFastVotes}.`;
}

export function judgmentsLeftOutNote(study: Pick<AnalysisFigures['study'], 'judgmentsLeftOut'>, words: ReportNoteWords = CLI_NOTE_WORDS): string | undefined {
  const count = study.judgmentsLeftOut ?? 0;
  if (count === 0) return undefined;
  return `${count} stored judgment${count === 1 ? ' was' : 's were'} made with a rubric set for another task kind than the run's and ${count === 1 ? 'is' : 'are'} left out of every figure (kept, and marked ${words.judgmentsMarked}).`;
}
