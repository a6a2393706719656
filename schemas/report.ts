import { z } from 'zod';

/**
 * What `lhb report` (and "Publish report…") wrote: a folder of static pages that open from disk
 * with no server and no network request (core/report), and the PDF printed from its index when
 * asked for.
 */
export const ReportResultSchema = z.object({
  /** The report's folder, absolute, on the server's disk. */
  outDir: z.string(),
  /** The index page, absolute: open it in any browser. */
  index: z.string(),
  /** The section titles, in the order the report shows them. */
  sections: z.array(z.string()),
  /** Run pages written (runs/<id>.html), one per run in scope. */
  runs: z.number().int().min(0),
  /** Frames (screenshots) copied beside the run pages. */
  frames: z.number().int().min(0),
  /** report.pdf, absolute, when it was printed; null when not asked for. */
  pdf: z.string().nullable(),
  /** Whether the demo's synthetic records are counted in its figures (the index says so at its top). */
  includesSynthetic: z.boolean(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;
