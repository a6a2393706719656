import { z } from 'zod';

export const SourceTypeSchema = z.enum(['pdf', 'web', 'markdown', 'text']);
export type SourceType = z.infer<typeof SourceTypeSchema>;

/**
 * A section of a normalised source, from its own Markdown headings. `level` 0 is the preamble
 * before the first heading; a heading's section runs to the line before the next heading of the
 * same or a higher level, so sections nest and together cover every line. Lines are 1-based and
 * inclusive.
 */
export const SectionSchema = z.object({
  title: z.string(),
  level: z.number().int().min(0).max(6),
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(1),
});
export type Section = z.infer<typeof SectionSchema>;

/**
 * Where each PDF page's text landed in the Markdown (1-based, inclusive), in line order: every
 * line of a span is from that page (a sentence that runs on across a page break is on the page
 * where it starts). Spans do not overlap; the blank lines between blocks fall between spans and
 * belong with the span before. Empty for other types of source.
 */
export const PageSpanSchema = z.object({
  page: z.number().int().min(1),
  startLine: z.number().int().min(1),
  endLine: z.number().int().min(1),
  /** The page's printed label where the PDF gives one ("iv", "17", "A-3"); absent when it has none. */
  label: z.string().optional(),
});
export type PageSpan = z.infer<typeof PageSpanSchema>;

/**
 * What extraction found doubtful in a source, for the SME to check against the original:
 * - `possible-table`: lines set out in columns, which may have been a table;
 * - `possible-false-heading`: a heading inferred from type alone that may be no section's title;
 * - `possible-missed-heading`: a line set in heading type that the document's own outline does not list, kept as text;
 * - `low-text-coverage`: a page with far less text than the document's other pages (a figure, a scan, a form);
 * - `no-text`: a page with no text at all (probably a scanned page or an image).
 */
export const ExtractionDoubtKindSchema = z.enum(['possible-table', 'possible-false-heading', 'possible-missed-heading', 'low-text-coverage', 'no-text']);
export type ExtractionDoubtKind = z.infer<typeof ExtractionDoubtKindSchema>;

/** Each doubt's kind as a reader says it (lhb sources doubts, the Annotate screen's extraction notes). */
export const EXTRACTION_DOUBT_WORDS: Readonly<Record<ExtractionDoubtKind, string>> = {
  'possible-table': 'possible table',
  'possible-false-heading': 'possible false heading',
  'possible-missed-heading': 'possible missed heading',
  'low-text-coverage': 'little text on page',
  'no-text': 'page without text',
};

/** One doubt: its kind, the line of the normalised text it concerns (1-based), the PDF page where it has one, and a sentence saying what was seen. */
export const ExtractionDoubtSchema = z.object({
  kind: ExtractionDoubtKindSchema,
  line: z.number().int().min(1),
  page: z.number().int().min(1).optional(),
  note: z.string(),
});
export type ExtractionDoubt = z.infer<typeof ExtractionDoubtSchema>;

/** One import of one file: the original bytes and the line-numbered Markdown made from them. */
export const SourceVersionSchema = z.object({
  id: z.string(),
  sourceId: z.string(),
  version: z.number().int().min(1),
  /** SHA-256 of the original file (the blob id). */
  sha256: z.string(),
  /** SHA-256 of the normalised Markdown text. */
  markdownSha256: z.string(),
  lineCount: z.number().int().nonnegative(),
  sections: z.array(SectionSchema),
  pages: z.array(PageSpanSchema),
  /**
   * Which version of its type's normaliser made the Markdown (core/sources/normaliser-version.ts;
   * absent is 1). `lhb sources renormalise` makes a new version where a newer one exists.
   */
  normaliserVersion: z.number().int().min(1).optional(),
  createdAt: z.string(),
});
export type SourceVersion = z.infer<typeof SourceVersionSchema>;

export const SourceSummarySchema = z.object({
  id: z.string(),
  dataRoomId: z.string().nullable(),
  title: z.string(),
  type: SourceTypeSchema,
  originalName: z.string(),
  /** The newest version: what the viewer opens by default. */
  latestVersionId: z.string(),
  version: z.number().int().min(1),
  sha256: z.string(),
  lineCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type SourceSummary = z.infer<typeof SourceSummarySchema>;

/**
 * What a new version did to the citations of the older ones: how many were carried to it
 * (`reanchored`, of which `moved` now sit at other lines or characters) and which were `orphaned`
 * (their quote is not in the new version; each named, with the passage most like it if any).
 */
export const CitationsReanchoredSchema = z.object({
  reanchored: z.number().int().nonnegative(),
  moved: z.number().int().nonnegative(),
  orphaned: z.number().int().nonnegative(),
  orphans: z.array(
    z.object({
      citationId: z.string(),
      chapterId: z.string(),
      chapterTitle: z.string(),
      quote: z.string(),
      nearest: z.object({ startLine: z.number().int(), endLine: z.number().int(), text: z.string(), similarity: z.number() }).optional(),
    }),
  ),
});
export type CitationsReanchored = z.infer<typeof CitationsReanchoredSchema>;

/** Per file, what an import did: a new source, a new version, nothing (same bytes), or why not. */
export const ImportOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('added'), name: z.string(), sourceId: z.string(), versionId: z.string() }),
  z.object({
    status: z.literal('new-version'),
    name: z.string(),
    sourceId: z.string(),
    versionId: z.string(),
    version: z.number().int(),
    /** Present when the source had citations on an older version. */
    citations: CitationsReanchoredSchema.optional(),
  }),
  z.object({
    status: z.literal('unchanged'),
    name: z.string(),
    sourceId: z.string(),
    versionId: z.string(),
    /** A re-read by a newer normaliser gave the same Markdown but a new outline, pages or extraction notes, stored in the version in place. */
    reindexed: z.literal(true).optional(),
  }),
  z.object({ status: z.literal('failed'), name: z.string(), reason: z.string() }),
]);
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

/** What an import or re-read job of sources did, as `sources.result` sends it. */
export const SourcesJobResultSchema = z.object({
  /** One per file, in the order the files were given (files not reached before a cancel have none). */
  outcomes: z.array(ImportOutcomeSchema),
  /** Files met in folders that are not sources (wrong type, unreadable folder, link to a folder). */
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** The summary the job shows when it ends. */
  message: z.string(),
});
export type SourcesJobResult = z.infer<typeof SourcesJobResultSchema>;

/** Largest file accepted for import (bytes). Larger files are reported, not read. */
export const MAX_SOURCE_BYTES = 200 * 1024 * 1024;
/** Most lines one `sources.lines` call returns; the viewer asks for the window it shows. */
export const MAX_LINES_PER_CALL = 5000;
