import { z } from 'zod';
import { SourceSummarySchema } from './sources.ts';

/** `ok`: the cited lines are as cited; `reanchored`: moved to a new version by its quote; `orphaned`: could not be found again (kept, flagged, never dropped). */
export const CitationStatusSchema = z.enum(['ok', 'reanchored', 'orphaned']);
export type CitationStatus = z.infer<typeof CitationStatusSchema>;

export const CitationSchema = z.object({
  id: z.string(),
  chapterId: z.string(),
  sourceId: z.string(),
  versionId: z.string(),
  sourceSha256: z.string(),
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(1),
  quote: z.string(),
  /**
   * Where the quote starts in `startLine` and ends in `endLine` (exclusive), counted in characters
   * of each line's plain text as the viewer shows it (schemas/markdown-line): null when whole
   * lines were cited, and for citations made before ranges were kept.
   */
  startChar: z.number().int().nonnegative().nullable(),
  endChar: z.number().int().nonnegative().nullable(),
  prefix: z.string(),
  suffix: z.string(),
  status: CitationStatusSchema,
  createdAt: z.string(),
});
export type Citation = z.infer<typeof CitationSchema>;

/** How a citation is written everywhere: `source_id:start_line--end_line`. */
export function citationRef(citation: Pick<Citation, 'sourceId' | 'startLine' | 'endLine'>): string {
  return `${citation.sourceId}:${citation.startLine}--${citation.endLine}`;
}

export const ChapterSchema = z.object({
  id: z.string(),
  dataRoomId: z.string(),
  /** 0-based position in the chapter plan. */
  order: z.number().int().nonnegative(),
  title: z.string(),
  /** What the agent must produce for this chapter. */
  instruction: z.string(),
  designNotes: z.string(),
  citations: z.array(CitationSchema),
  updatedAt: z.string(),
});
export type Chapter = z.infer<typeof ChapterSchema>;

export const DataRoomSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  sourceCount: z.number().int().nonnegative(),
  chapterCount: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type DataRoomSummary = z.infer<typeof DataRoomSummarySchema>;

/** Another annotator's plan of the room, shown read-only beside one's own when the room's owner allows it. */
export const OtherPlanSchema = z.object({
  /** Whose plan: an annotator's name; null for the workspace owner's. */
  annotator: z.string().nullable(),
  globalNotes: z.string(),
  chapters: z.array(ChapterSchema),
});
export type OtherPlan = z.infer<typeof OtherPlanSchema>;

/**
 * Everything the annotator shows for one data room; every edit answers with the new state. The
 * chapters, global notes and undo labels are one plan's: `annotator`'s (null: the workspace owner's).
 */
export const DataRoomDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  annotator: z.string().nullable(),
  globalNotes: z.string(),
  sources: z.array(SourceSummarySchema),
  chapters: z.array(ChapterSchema),
  /** What Ctrl+Z / Ctrl+Shift+Z would undo or redo in this plan, in words; null when nothing. */
  undoLabel: z.string().nullable(),
  redoLabel: z.string().nullable(),
  /** Whether the room's owner lets its annotators see each other's plans. */
  plansShared: z.boolean(),
  /** The room's other plans, read-only: empty unless `plansShared`. */
  otherPlans: z.array(OtherPlanSchema),
  updatedAt: z.string(),
});
export type DataRoomDetail = z.infer<typeof DataRoomDetailSchema>;

/** The annotation contract: one data room exported for agents and judges. */
export const AnnotationContractSchema = z.object({
  task_id: z.string(),
  chapters: z.array(
    z.object({
      title: z.string(),
      order: z.number().int().nonnegative(),
      instruction: z.string(),
      context_gt: z.array(
        z.object({
          source_id: z.string(),
          start_line: z.number().int().min(1),
          end_line: z.number().int().min(1),
          quote: z.string(),
        }),
      ),
    }),
  ),
  global_notes: z.string(),
  rubrics: z.array(z.unknown()),
});
export type AnnotationContract = z.infer<typeof AnnotationContractSchema>;
