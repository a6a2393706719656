import { z } from 'zod';
import { checkCardLicense, DEFAULT_CARD_LICENSE, RPC_LICENSE_WORDS } from './card-license.ts';

/**
 * The dataset export (core/export): a folder ready to push to the Hugging Face Hub, with a
 * dataset card (README.md) and one config per subset under data/<subset>/.
 */
export const EXPORT_SUBSETS = ['sources', 'chapters', 'preferences', 'preference_pairs', 'judgments', 'runs', 'rubrics', 'skills', 'tasks', 'studies', 'trajectories', 'pairwise_verdicts', 'control_judgments', 'harness_guesses'] as const;
export const ExportSubsetSchema = z.enum(EXPORT_SUBSETS);
export type ExportSubset = z.infer<typeof ExportSubsetSchema>;

export const ExportFormatSchema = z.enum(['parquet', 'jsonl']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/** `train` holds the real records; `synthetic` the demo study's generated ones (only when asked for). */
export const ExportSplitSchema = z.enum(['train', 'synthetic']);
export type ExportSplit = z.infer<typeof ExportSplitSchema>;

export const ExportOptionsSchema = z
  .object({
    /** The folder to create on the server's disk; it must not exist yet, or be empty. */
    outDir: z.string().min(1).max(4096),
    format: ExportFormatSchema.default('parquet'),
    /** Which subsets to write (default: all of them). */
    subsets: z.array(ExportSubsetSchema).min(1).max(EXPORT_SUBSETS.length).optional(),
    /** Replace annotator names by stable pseudonyms (HMAC-SHA-256 under a per-workspace secret). */
    pseudonymise: z.boolean().default(false),
    /**
     * Add the demo's records: the demo study's synthetic tasks, runs, votes and judgments as each subset's
     * `synthetic` split, and its data room (sources, chapters), arena bundles and the votes and judgments on
     * them in `train`. Without it every record of the demo's is left out.
     */
    includeSynthetic: z.boolean().default(false),
    /**
     * Only these studies (ids, or an id's start): the runs they executed, the votes and judgments
     * whose runs are all theirs; sources, chapters and rubrics as without. Absent, everything.
     */
    studies: z.array(z.string().min(1).max(100)).max(100).optional(),
    /** The card's `license`: one of the Hub's ids (schemas/hub-licenses.ts), in any case; written as the Hub spells it. */
    license: z.string().max(200).trim().toLowerCase().default(DEFAULT_CARD_LICENSE),
    /** With `license: other` only, and then required: the license's own id (the card's `license_name`). */
    licenseName: z.string().max(200).trim().optional(),
    /** With `license: other` only: a web address of the license's text, or LICENSE / LICENSE.md (the card's `license_link`). */
    licenseLink: z.string().max(2048).trim().optional(),
  })
  .strict()
  .superRefine((options, ctx) => {
    for (const problem of checkCardLicense(options, RPC_LICENSE_WORDS).problems) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type ExportOptions = z.output<typeof ExportOptionsSchema>;

export const ExportedFileSchema = z.object({
  subset: ExportSubsetSchema,
  split: ExportSplitSchema,
  /** Relative to the export folder, with forward slashes: `data/preferences/train-00000-of-00001.parquet`. */
  path: z.string(),
  rows: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
});
export type ExportedFile = z.infer<typeof ExportedFileSchema>;

export const ExportResultSchema = z.object({
  outDir: z.string(),
  format: ExportFormatSchema,
  pseudonymised: z.boolean(),
  includesSynthetic: z.boolean(),
  files: z.array(ExportedFileSchema),
  /** Rows per subset, all splits together. */
  rows: z.array(z.object({ subset: ExportSubsetSchema, rows: z.number().int().nonnegative() })),
  /** The dataset card as written (README.md). */
  card: z.string(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;
