import { z } from 'zod';
import { JudgeConfigSchema, JudgeTierSchema, RubricAuthorSchema, RubricScaleSchema, RubricSetSchema, RubricTaskKindsSchema } from './judge.ts';

/**
 * The rubric library as the Judges screen and `rubrics.*` RPC methods see it: stored set
 * versions (built-in or authored), one whole set, and how many judgments used each version.
 */

/** One stored version of a set at one scale, without its rubrics. */
export const RubricSetSummarySchema = z.object({
  name: z.string(),
  version: z.string(),
  scale: RubricScaleSchema,
  tier: JudgeTierSchema,
  title: z.string(),
  authoredBy: RubricAuthorSchema,
  chapterId: z.string().nullable(),
  /** The task kinds it judges runs of. */
  taskKinds: RubricTaskKindsSchema,
  /** False for a version stored before sets declared their kinds: `taskKinds` is then what the library reads it as. */
  taskKindsDeclared: z.boolean(),
  /** Shipped with the app (datasets/rubrics), as opposed to authored in this workspace. */
  builtin: z.boolean(),
  rubricCount: z.number().int(),
  /** SHA-256 of the set's canonical JSON. */
  digest: z.string(),
  createdAt: z.string(),
});
export type RubricSetSummary = z.infer<typeof RubricSetSummarySchema>;

export const StoredRubricSetSchema = z.object({
  /** The set, its `taskKinds` always given (declared, or read as for an older version). */
  set: RubricSetSchema,
  taskKindsDeclared: z.boolean(),
  builtin: z.boolean(),
  digest: z.string(),
  createdAt: z.string(),
});
export type StoredRubricSet = z.infer<typeof StoredRubricSetSchema>;

/** Judgments made with one set version at one scale (rubricSet '' for those made before sets were stored). */
export const RubricSetUsageSchema = z.object({
  rubricSet: z.string(),
  version: z.string(),
  scale: RubricScaleSchema,
  judgments: z.number().int(),
  failed: z.number().int(),
  runs: z.number().int(),
  judges: z.number().int(),
});
export type RubricSetUsage = z.infer<typeof RubricSetUsageSchema>;

/**
 * The version to suggest for a set's next edit: one past the highest `vN` among the existing
 * versions (v1 when there are none, or none of that form).
 */
export function nextRubricVersion(versions: readonly string[]): string {
  const numbers = versions.map((version) => /^v(\d+)$/i.exec(version)).filter((match) => match !== null).map((match) => Number(match[1]));
  return `v${numbers.length === 0 ? 1 : Math.max(...numbers) + 1}`;
}

/** Names one stored set version at one scale. */
export const RubricSetKeySchema = z
  .object({
    name: z.string().min(1).max(100),
    version: z.string().min(1).max(50),
    scale: RubricScaleSchema,
  })
  .strict();

/**
 * `rubrics.save`: the whole set, validated like the files shipped in datasets/rubrics, saying
 * which task kinds it is for (`["figma"]`, `["programmatic"]`, both, or `"any"`).
 */
export const RubricsSaveInputSchema = z
  .object({ set: RubricSetSchema })
  .strict()
  .superRefine((input, ctx) => {
    if (input.set.taskKinds === undefined) ctx.addIssue({ code: 'custom', path: ['set', 'taskKinds'], message: 'say which task kinds the set is for: ["figma"], ["programmatic"], both, or "any"' });
  });

/** `rubrics.generateForChapter`: which chapter, which judge model writes its rubrics, at which scale. */
export const RubricsGenerateInputSchema = z
  .object({
    chapterId: z.string().min(1).max(100),
    judge: JudgeConfigSchema,
    scale: RubricScaleSchema.default(5),
  })
  .strict();
