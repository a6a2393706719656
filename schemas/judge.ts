import { z } from 'zod';
import { TaskKindSchema, type TaskKind } from './arena.ts';
import { EnvNameSchema } from './env-name.ts';
import { JUDGE_PROVIDER_IDS } from './judge-provider-ids.ts';

/**
 * The judge engine's vocabulary: rubric sets with anchored levels, judges (a model behind a
 * provider's API), the JSON a judge must reply with, and the judgments stored from it.
 */

export const JudgeTierSchema = z.enum(['process', 'output', 'content']);
export type JudgeTier = z.infer<typeof JudgeTierSchema>;

/** `3` scores 0/1/2, `5` scores 1–5. */
export const RubricScaleSchema = z.union([z.literal(3), z.literal(5)]);
export type RubricScale = z.infer<typeof RubricScaleSchema>;

/** The levels of a scale, lowest first, as the strings anchors are keyed by. */
export function scaleLevels(scale: RubricScale): string[] {
  return scale === 3 ? ['0', '1', '2'] : ['1', '2', '3', '4', '5'];
}

export const RubricSchema = z
  .object({
    name: z.string().min(1).max(120),
    /** What is judged, with its observable boundary. */
    criterion: z.string().min(1).max(4000),
    /** Share of the set's weighted score; a set's weights sum to 1. */
    weight: z.number().gt(0).max(1),
    /** One anchor text per level of the set's scale, keyed by the level ("0".."2" or "1".."5"). */
    anchors: z.record(z.string(), z.string().min(1).max(4000)),
  })
  .strict();
export type Rubric = z.infer<typeof RubricSchema>;

/**
 * The task kinds a rubric set is for: some of `figma` and `programmatic`, or `any`. A run is
 * judged only with sets for its task's kind (a Figma build is never scored on pedagogy).
 */
export const RubricTaskKindsSchema = z.union([
  z.literal('any'),
  z
    .array(TaskKindSchema)
    .min(1)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'name each task kind once'),
]);
export type RubricTaskKinds = z.infer<typeof RubricTaskKindsSchema>;

/** Each task kind's artifact tier: what a run of that kind produced is judged there (the process tier is every kind's). */
export const ARTIFACT_TIER_OF_KIND: Readonly<Record<TaskKind, JudgeTier>> = { figma: 'output', programmatic: 'content' };

/** Whether a set declared for `kinds` may judge a run of a task of `kind`. */
export const rubricKindsInclude = (kinds: RubricTaskKinds, kind: TaskKind): boolean => kinds === 'any' || kinds.includes(kind);

/** `figma tasks`, `figma and programmatic tasks`, `any task`: how a set's kinds read in a sentence. */
export const describeTaskKinds = (kinds: RubricTaskKinds): string => (kinds === 'any' ? 'any task' : `${[...kinds].sort().join(' and ')} tasks`);

/** Who wrote a rubric set: domain experts, an LLM (the generic baseline), or a judge model for one chapter. */
export const RubricAuthorSchema = z.enum(['expert', 'llm-generic', 'chapter']);
export type RubricAuthor = z.infer<typeof RubricAuthorSchema>;

const RubricSetNameSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'lowercase letters, digits, ".", "_" and "-", starting with a letter or digit');

export const RubricSetSchema = z
  .object({
    name: RubricSetNameSchema,
    /** A change makes a new version; a judgment records the exact one. */
    version: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/, 'a version like v1, 2 or 2025-05-01'),
    tier: JudgeTierSchema,
    scale: RubricScaleSchema,
    title: z.string().min(1).max(200),
    description: z.string().max(4000).default(''),
    authoredBy: RubricAuthorSchema,
    /** For chapter-specific sets: the chapter they were written for. */
    chapterId: z.string().min(1).optional(),
    /**
     * The task kinds the set is for. Sets stored before sets declared it (and sets imported from an
     * export, which does not carry it) leave it out; the rubric library then says which kinds they
     * are for (core/judge/rubrics/rubric-task-kinds.ts). A set saved now always says.
     */
    taskKinds: RubricTaskKindsSchema.optional(),
    rubrics: z.array(RubricSchema).min(1).max(50),
  })
  .strict()
  .superRefine((set, ctx) => {
    const names = new Set<string>();
    set.rubrics.forEach((rubric, i) => {
      if (names.has(rubric.name)) ctx.addIssue({ code: 'custom', path: ['rubrics', i, 'name'], message: `rubric "${rubric.name}" appears twice` });
      names.add(rubric.name);
      const levels = scaleLevels(set.scale);
      const keys = Object.keys(rubric.anchors).sort();
      if (JSON.stringify(keys) !== JSON.stringify([...levels].sort())) {
        ctx.addIssue({ code: 'custom', path: ['rubrics', i, 'anchors'], message: `needs exactly one anchor for each level ${levels.join(', ')} of a ${set.scale}-point scale (has ${keys.join(', ') || 'none'})` });
      }
    });
    const total = set.rubrics.reduce((sum, rubric) => sum + rubric.weight, 0);
    if (Math.abs(total - 1) > 1e-6) ctx.addIssue({ code: 'custom', path: ['rubrics'], message: `weights sum to ${Number(total.toFixed(6))}; they must sum to 1` });
    if (set.authoredBy === 'chapter' && !set.chapterId) ctx.addIssue({ code: 'custom', path: ['chapterId'], message: 'a chapter-specific set names its chapter' });
  });
export type RubricSet = z.infer<typeof RubricSetSchema>;

/** `name@version` with the scale, e.g. figma-output@v1 at 5 points. */
export const rubricSetRef = (set: Pick<RubricSet, 'name' | 'version'>): string => `${set.name}@${set.version}`;

export const JudgeProviderIdSchema = z.enum(JUDGE_PROVIDER_IDS);
export type JudgeProviderId = z.infer<typeof JudgeProviderIdSchema>;

/** One judge: a model behind a provider's API. The judges file of `lhb judge --judges FILE` is an array of these. */
export const JudgeConfigSchema = z
  .object({
    name: z.string().min(1).max(100),
    provider: JudgeProviderIdSchema,
    /** The API's base URL (e.g. https://api.openai.com/v1, a vLLM or Ollama server, a gateway). */
    baseUrl: z.url(),
    model: z.string().min(1).max(200),
    apiKeyEnv: EnvNameSchema.optional(),
    maxConcurrency: z.number().int().min(1).max(256).default(4),
    /** Per request. */
    timeoutSeconds: z.number().int().min(1).max(3600).default(180),
    /** US dollars per million tokens, for cost accounting; absent means unknown (null cost). */
    pricePerMillion: z.object({ input: z.number().min(0), output: z.number().min(0) }).strict().optional(),
    maxOutputTokens: z.number().int().min(256).max(64_000).default(4096),
  })
  .strict();
export type JudgeConfig = z.infer<typeof JudgeConfigSchema>;
export const JudgesFileSchema = z.array(JudgeConfigSchema).min(1).max(50);

/** What a judge must reply with (JSON only): one entry per rubric of the set. */
export const JudgeReplySchema = z.object({
  rubric_scores: z.array(
    z.object({
      rubric_name: z.string(),
      score: z.number(),
      matched_level: z.union([z.string(), z.number()]).transform(String),
      thinking_process: z.string(),
    }),
  ),
});
export type JudgeReply = z.infer<typeof JudgeReplySchema>;

export const JudgmentStatusSchema = z.enum(['ok', 'failed']);

/** One stored judgment of one rubric, as the UI and `lhb judge list --json` show it. */
export const JudgmentViewSchema = z.object({
  id: z.string(),
  runId: z.string(),
  judge: z.string(),
  judgeModel: z.string().nullable(),
  tier: JudgeTierSchema,
  rubricSet: z.string(),
  rubricSetVersion: z.string(),
  scale: RubricScaleSchema,
  rubric: z.string(),
  status: JudgmentStatusSchema,
  score: z.number().int().nullable(),
  level: z.string().nullable(),
  evidence: z.string(),
  /** Why it failed (unparseable reply, a rubric missing, …) when it did. */
  failure: z.string().nullable(),
  synthetic: z.boolean(),
  /**
   * Why the judgment is left out of every figure, when it is: it was made with a rubric set for
   * another task kind (judgments stored before sets declared their kinds). It stays stored.
   */
  leftOut: z.string().nullable(),
  createdAt: z.string(),
  /** The turn of a multi-turn run it judged; null for a run without turns. */
  turn: z.number().int().min(1).nullable().default(null),
});
export type JudgmentView = z.infer<typeof JudgmentViewSchema>;
