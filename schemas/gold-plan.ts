import { z } from 'zod';
import { ChapterSchema } from './annotate.ts';
import { SpanAgreementSchema } from './plan-review.ts';

const Id = z.string().trim().min(1).max(200);
/** An annotator's name; absent or null: the workspace owner's plan. */
const PlanAnnotator = z.string().trim().max(100).nullable().optional();

/** What a curator takes from an annotator's plan: a chapter (with its citations), one citation, a chapter's design notes, or a plan's global notes. */
export const CurationItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chapter'), chapterId: Id }).strict(),
  z.object({ kind: z.literal('citation'), citationId: Id }).strict(),
  z.object({ kind: z.literal('chapterNotes'), chapterId: Id }).strict(),
  z.object({ kind: z.literal('globalNotes'), annotator: PlanAnnotator }).strict(),
]);
export type CurationItem = z.infer<typeof CurationItemSchema>;

/** The curator's changes when editing an item into the gold plan; each applies to the item kind that has it. */
export const CurationEditSchema = z
  .object({
    title: z.string().trim().min(1).max(300).optional(),
    instruction: z.string().max(100_000).optional(),
    designNotes: z.string().max(100_000).optional(),
    startLine: z.number().int().min(1).optional(),
    endLine: z.number().int().min(1).optional(),
    /** The notes' new text (chapter notes or global notes). */
    text: z.string().max(200_000).optional(),
  })
  .strict();
export type CurationEdit = z.infer<typeof CurationEditSchema>;

export const CurateInputSchema = z
  .object({
    dataRoomId: Id,
    action: z.enum(['accept', 'edit', 'drop']),
    item: CurationItemSchema,
    /** The gold chapter a citation or chapter notes go into; default: the gold chapter made from the item's own chapter. */
    into: Id.optional(),
    edit: CurationEditSchema.optional(),
    /** The curator's word to the annotator, shown in their feedback. */
    note: z.string().max(10_000).optional(),
  })
  .strict();
export type CurateInput = z.infer<typeof CurateInputSchema>;

/** Where one gold item came from, or one decision to leave an annotator's item out. */
export const GoldProvenanceSchema = z.object({
  id: z.string(),
  kind: z.enum(['chapter', 'citation', 'note']),
  action: z.enum(['accepted', 'edited', 'dropped']),
  /** Whose plan the item was in; null: the workspace owner's. */
  fromAnnotator: z.string().nullable(),
  fromItemId: z.string(),
  /** What the item said when curated (a chapter's title, a citation's ref and quote, the notes). */
  fromLabel: z.string(),
  goldChapterId: z.string().nullable(),
  goldCitationId: z.string().nullable(),
  curatorNote: z.string(),
  at: z.string(),
});
export type GoldProvenance = z.infer<typeof GoldProvenanceSchema>;

export const GoldPlanSchema = z.object({
  dataRoom: z.object({ id: z.string(), title: z.string() }),
  globalNotes: z.string(),
  chapters: z.array(ChapterSchema),
  /** Every curator decision, oldest first. */
  provenance: z.array(GoldProvenanceSchema),
  undoLabel: z.string().nullable(),
  redoLabel: z.string().nullable(),
});
export type GoldPlan = z.infer<typeof GoldPlanSchema>;

/** What became of one item of an SME's plan: kept as written, changed, dropped, or not curated yet. */
export const FeedbackItemSchema = z.object({
  kind: z.enum(['chapter', 'citation', 'chapterNotes', 'globalNotes']),
  itemId: z.string(),
  /** The item as the SME wrote it (title, `ref “quote”`, notes). */
  label: z.string(),
  /** The SME's chapter the item is in (citations and chapter notes). */
  chapterTitle: z.string().nullable(),
  verdict: z.enum(['kept', 'changed', 'dropped', 'pending']),
  /** What the gold plan says instead, for a changed item. */
  goldLabel: z.string().nullable(),
  curatorNote: z.string(),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const CurationFeedbackSchema = z.object({
  dataRoom: z.object({ id: z.string(), title: z.string() }),
  annotator: z.string().nullable(),
  items: z.array(FeedbackItemSchema),
  counts: z.object({ kept: z.number().int(), changed: z.number().int(), dropped: z.number().int(), pending: z.number().int() }),
});
export type CurationFeedback = z.infer<typeof CurationFeedbackSchema>;

const PlanLabel = z.object({ annotator: z.string().nullable(), gold: z.boolean() });

/** Line-span agreement between each pair of the room's plans, per chapter (paired as `plans compare` pairs them) and pooled. */
export const PlanAgreementSchema = z.object({
  dataRoom: z.object({ id: z.string(), title: z.string() }),
  plans: z.array(PlanLabel.extend({ chapterCount: z.number().int(), citationCount: z.number().int() })),
  pairs: z.array(
    z.object({
      a: PlanLabel,
      b: PlanLabel,
      chapters: z.array(z.object({ a: z.string().nullable(), b: z.string().nullable(), agreement: SpanAgreementSchema })),
      overall: SpanAgreementSchema,
    }),
  ),
  /** Mean over the pairs of annotators' plans (the gold plan left out) of their pooled Jaccard and Dice; null with fewer than two plans that cite. */
  room: z.object({ jaccard: z.number().nullable(), dice: z.number().nullable(), pairs: z.number().int() }),
});
export type PlanAgreement = z.infer<typeof PlanAgreementSchema>;

/** A plan's name in words: the annotator's, "the workspace owner", or "the gold plan". */
export function planLabel(plan: { annotator: string | null; gold: boolean }): string {
  return plan.gold ? 'the gold plan' : (plan.annotator ?? 'the workspace owner');
}
