import { z } from 'zod';

/**
 * An SME team's review of chapter plans. An annotator submits the data room's chapter plan under
 * their name (a snapshot: later edits do not change it; submitting again replaces it); two
 * submissions for the same data room can be compared before one is approved by a reviewer.
 */

export const PlanApprovalSchema = z.object({ by: z.string(), at: z.string() });
export type PlanApproval = z.infer<typeof PlanApprovalSchema>;

export const PlanSubmissionSchema = z.object({
  dataRoomId: z.string(),
  annotator: z.string(),
  submittedAt: z.string(),
  chapterCount: z.number().int().nonnegative(),
  citationCount: z.number().int().nonnegative(),
  /** Who approved it and when; null while not approved. */
  approval: PlanApprovalSchema.nullable(),
  /** Whether the data room's plan on screen is still what was submitted (chapters, instructions, notes, citations). */
  matchesWorkingPlan: z.boolean(),
});
export type PlanSubmission = z.infer<typeof PlanSubmissionSchema>;

/** A name typed by a person (annotator or reviewer): trimmed, not empty, one line. */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'Give a name.')
  .max(100)
  .refine((name) => !/[\r\n]/.test(name), 'A name is one line.');

/** Lines cited by A, by B, by both and by either, with Jaccard and Dice of those lines (null when none). */
export const SpanAgreementSchema = z.object({
  a: z.number().int().nonnegative(),
  b: z.number().int().nonnegative(),
  both: z.number().int().nonnegative(),
  either: z.number().int().nonnegative(),
  jaccard: z.number().nullable(),
  dice: z.number().nullable(),
});
export type SpanAgreement = z.infer<typeof SpanAgreementSchema>;

export const ComparedSpanSchema = z.object({
  /** `source_id:start--end`. */
  ref: z.string(),
  sourceId: z.string(),
  sourceTitle: z.string(),
  versionId: z.string(),
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(1),
  quote: z.string(),
});
export type ComparedSpan = z.infer<typeof ComparedSpanSchema>;

/** Citations of one chapter pair that overlap (transitively) in one source version; `a` or `b` is empty for a span only one side cited. */
export const SpanGroupSchema = z.object({ a: z.array(ComparedSpanSchema), b: z.array(ComparedSpanSchema) });
export type SpanGroup = z.infer<typeof SpanGroupSchema>;

export const ComparedChapterSchema = z.object({
  /** 1-based number and title in each plan; null when the other plan has no matching chapter. */
  a: z.object({ number: z.number().int().min(1), title: z.string() }).nullable(),
  b: z.object({ number: z.number().int().min(1), title: z.string() }).nullable(),
  /** How the two were paired: the same title, or the same place once titles had paired; null when unpaired. */
  matchedBy: z.enum(['title', 'position']).nullable(),
  both: z.array(SpanGroupSchema),
  onlyA: z.array(ComparedSpanSchema),
  onlyB: z.array(ComparedSpanSchema),
  agreement: SpanAgreementSchema,
});
export type ComparedChapter = z.infer<typeof ComparedChapterSchema>;

export const PlanComparisonSchema = z.object({
  dataRoom: z.object({ id: z.string(), title: z.string() }),
  a: PlanSubmissionSchema,
  b: PlanSubmissionSchema,
  chapters: z.array(ComparedChapterSchema),
  /** Per source version, pooled over all chapters. */
  bySource: z.array(z.object({ sourceId: z.string(), sourceTitle: z.string(), versionId: z.string(), agreement: SpanAgreementSchema })),
  /** Pooled over every chapter and source: a line counts as agreed when both cited it in paired chapters. */
  overall: SpanAgreementSchema,
});
export type PlanComparison = z.infer<typeof PlanComparisonSchema>;

/** How chapters are paired and the figures defined, in words, for the screen, the CLI and the docs. */
export const PLAN_COMPARISON_METHOD =
  'Chapters pair by title first (case, spacing and punctuation ignored, in plan order), then the rest by their place among the unpaired. ' +
  'Spans are compared line by line within the same source version: a line agrees when both cited it in paired chapters. ' +
  'Jaccard = lines both cited ÷ lines either cited; Dice = 2 × lines both cited ÷ (A’s lines + B’s lines). ' +
  'Per source and overall the line counts are pooled over chapters before dividing; a chapter only one plan has counts its lines as unmatched.';
