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

/** Everything the annotator shows for one data room; every edit answers with the new state. */
export const DataRoomDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  globalNotes: z.string(),
  sources: z.array(SourceSummarySchema),
  chapters: z.array(ChapterSchema),
  /** What Ctrl+Z / Ctrl+Shift+Z would undo or redo, in words; null when nothing. */
  undoLabel: z.string().nullable(),
  redoLabel: z.string().nullable(),
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
