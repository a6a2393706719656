import { z } from 'zod';
import { ExportSubsetSchema } from './export.ts';

/**
 * Importing a dataset folder written by the export (core/import): into an empty workspace it
 * reproduces the records; into one that holds the same study it merges them.
 */
export const ImportOptionsSchema = z
  .object({
    /** The dataset folder on the server's disk (README.md and data/<subset>/…). */
    dir: z.string().min(1).max(4096),
  })
  .strict();
export type ImportOptions = z.output<typeof ImportOptionsSchema>;

/** What became of one subset's rows: new records, ones the workspace already had, and conflicts. */
export const ImportedSubsetSchema = z.object({
  subset: ExportSubsetSchema,
  rows: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  conflicts: z.number().int().nonnegative(),
});
export type ImportedSubset = z.infer<typeof ImportedSubsetSchema>;

/**
 * Something both sides changed differently, for a person to resolve. Nothing is lost: the
 * workspace's version stays where it was and the incoming one is kept beside it (`keptAs`), or,
 * when the store cannot hold both (a rubric set version), the incoming text is in this report.
 */
export const ImportConflictSchema = z.object({
  kind: z.enum(['chapter', 'data-room-notes', 'rubric-set', 'source-version', 'vote', 'judgment', 'run', 'pairwise-verdict', 'control-judgment', 'harness-guess']),
  /** The record's id in the workspace (chapter, data room, rubric set, source). */
  id: z.string(),
  /** What a person recognises it by (a chapter title, a set's name@version). */
  title: z.string(),
  /** What differs, in words. */
  detail: z.string(),
  local: z.string(),
  incoming: z.string(),
  /** Where the incoming version was kept (a sibling chapter's id, the data room's notes); null when only in this report. */
  keptAs: z.string().nullable(),
  /** An earlier import of the same export already kept it; nothing new was written. */
  alreadyKept: z.boolean(),
});
export type ImportConflict = z.infer<typeof ImportConflictSchema>;

export const ImportResultSchema = z.object({
  dir: z.string(),
  format: z.enum(['parquet', 'jsonl']),
  subsets: z.array(ImportedSubsetSchema),
  conflicts: z.array(ImportConflictSchema),
  /** What the import could not carry over or matched by another key, in words. */
  notes: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
