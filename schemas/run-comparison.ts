import { z } from 'zod';
import { TokenCountsSchema, TrajectoryErrorViewSchema } from './trajectory.ts';

/**
 * Two runs side by side (`runs.compare`, `lhb runs compare A B`, the Runs screen's compare view):
 * their steps aligned, the first place they part, their out/ files diffed, their figures and
 * their judges' scores per rubric. Steps are 0-based positions here, as stored; screens and the
 * CLI show them numbered from 1 (stepNumber).
 */

/** One tool call as the comparison shows it: what it did (tool, and the file or command it aimed at), whether it failed. */
export const ComparedToolCallSchema = z.object({
  name: z.string(),
  /** The file it read or changed, or the command it ran, when it names one. */
  target: z.string().nullable(),
  ok: z.boolean(),
  failure: z.string().nullable(),
  /** Its result's first lines (untrusted text: show as text only). */
  resultHead: z.string().nullable(),
});
export type ComparedToolCall = z.infer<typeof ComparedToolCallSchema>;

export const ComparedStepSchema = z.object({
  /** 0-based position in its run's trajectory. */
  index: z.number().int().min(0),
  source: z.enum(['system', 'user', 'agent']),
  /** The step's text, capped (untrusted: show as text only). */
  text: z.string(),
  toolCalls: z.array(ComparedToolCallSchema),
  /** What alignment compares: its tool calls' families and targets, or its source when it made none. */
  signature: z.string(),
});
export type ComparedStep = z.infer<typeof ComparedStepSchema>;

/**
 * One row of the alignment: `same` (equal signatures), `changed` (paired, signatures differ),
 * `only-a` / `only-b` (a step the other run has no counterpart for). `a` and `b` are positions in
 * the compared step lists.
 */
export const AlignedRowSchema = z.object({
  kind: z.enum(['same', 'changed', 'only-a', 'only-b']),
  a: z.number().int().min(0).nullable(),
  b: z.number().int().min(0).nullable(),
});
export type AlignedRow = z.infer<typeof AlignedRowSchema>;

export const ComparedRunSchema = z.object({
  id: z.string(),
  task: z.string(),
  taskTitle: z.string().nullable(),
  harness: z.string(),
  model: z.string(),
  versions: z.record(z.string(), z.string()),
  status: z.string(),
  studyId: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** Null when the run has no trajectory (an imported run without one). */
  tokens: TokenCountsSchema.nullable(),
  steps: z.number().int().min(0).nullable(),
  toolCalls: z.number().int().min(0).nullable(),
  failedToolCalls: z.number().int().min(0).nullable(),
  errors: z.array(TrajectoryErrorViewSchema),
  hasTrajectory: z.boolean(),
});
export type ComparedRun = z.infer<typeof ComparedRunSchema>;

export const FileDiffSchema = z.object({
  /** The file's path inside out/. */
  path: z.string(),
  change: z.enum(['added', 'removed', 'changed', 'same']),
  sizeA: z.number().int().min(0).nullable(),
  sizeB: z.number().int().min(0).nullable(),
  binary: z.boolean(),
  /** A changed text file's unified diff (3 lines of context); null for binary, unchanged, or too large to diff. */
  unified: z.string().nullable(),
  added: z.number().int().min(0),
  removed: z.number().int().min(0),
  /** Why a changed text file has no line diff (too large, or its content is no longer stored). */
  noDiff: z.string().nullable(),
});
export type FileDiff = z.infer<typeof FileDiffSchema>;

export const ComparedScoreSchema = z.object({
  score: z.number().int().nullable(),
  level: z.string().nullable(),
  status: z.string(),
  evidence: z.string(),
});
export type ComparedScore = z.infer<typeof ComparedScoreSchema>;

/** One rubric criterion as one judge scored both runs (the newest judgment of each). */
export const ScoreRowSchema = z.object({
  judge: z.string(),
  rubricSet: z.string(),
  rubric: z.string(),
  turn: z.number().int().min(1).nullable(),
  a: ComparedScoreSchema.nullable(),
  b: ComparedScoreSchema.nullable(),
});
export type ScoreRow = z.infer<typeof ScoreRowSchema>;

export const RunComparisonSchema = z.object({
  a: ComparedRunSchema,
  b: ComparedRunSchema,
  /** Both runs are of one task; when not, `warnings` says so and the comparison is still made. */
  sameTask: z.boolean(),
  warnings: z.array(z.string()),
  stepsA: z.array(ComparedStepSchema),
  stepsB: z.array(ComparedStepSchema),
  rows: z.array(AlignedRowSchema),
  /** The first row that is not `same`; null when the two step lists match throughout. */
  divergence: z.object({ row: z.number().int().min(0), a: z.number().int().min(0).nullable(), b: z.number().int().min(0).nullable() }).nullable(),
  files: z.array(FileDiffSchema),
  scores: z.array(ScoreRowSchema),
});
export type RunComparison = z.infer<typeof RunComparisonSchema>;
