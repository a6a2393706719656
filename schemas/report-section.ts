import { z } from 'zod';
import { TableModelSchema, type TableModel } from './table-model.ts';

/**
 * A report section as core/analysis renders it, once, for every view: its title and its blocks
 * (sentences, tables, charts as data, parts with their own heading). The Analysis screen draws
 * them with one generic view, `lhb analyze --md` and the dataset card print them as Markdown, so a
 * section's words and numbers are written in one place (core/analysis/sections/<id>.ts).
 */

const NullableNumber = z.number().nullable();

/** A run of a sentence: plain words, a command or file name (`code`), or words with why a figure is missing (`title`). */
export const InlineSchema = z.union([z.string(), z.object({ code: z.string() }), z.object({ text: z.string(), title: z.string().optional() })]);
export type Inline = z.infer<typeof InlineSchema>;

/** One dot and whisker per row: an estimate and its interval, with the table's text for both. */
export const WhiskerChartModelSchema = z.object({
  kind: z.literal('whisker'),
  title: z.string(),
  axisLabel: z.string(),
  points: z.array(z.object({ label: z.string(), mean: NullableNumber, lo: NullableNumber, hi: NullableNumber, text: z.string() })),
});

/** One bar per row: a proportion in [0, 1] with its interval, the table's text and a tooltip line. */
export const BarChartModelSchema = z.object({
  kind: z.literal('bar'),
  title: z.string(),
  axisLabel: z.string(),
  bars: z.array(z.object({ label: z.string(), value: NullableNumber, lo: NullableNumber, hi: NullableNumber, text: z.string(), detail: z.string().optional() })),
});

/** A rows × columns grid on a diverging scale (`min` orange, `centre` grey, `max` blue); `legend` says how the scale's ticks print. */
export const HeatmapChartModelSchema = z.object({
  kind: z.literal('heatmap'),
  title: z.string(),
  subtitle: z.string(),
  rowLabels: z.array(z.string()),
  columnLabels: z.array(z.string()),
  cells: z.array(z.array(z.object({ value: NullableNumber, text: z.string() }))),
  scale: z.object({ min: z.number(), centre: z.number(), max: z.number(), legend: z.enum(['one-decimal', 'percent']) }),
});

export const ChartModelSchema = z.discriminatedUnion('kind', [WhiskerChartModelSchema, BarChartModelSchema, HeatmapChartModelSchema]);
export type ChartModel = z.infer<typeof ChartModelSchema>;
export type WhiskerChartModel = z.infer<typeof WhiskerChartModelSchema>;
export type BarChartModel = z.infer<typeof BarChartModelSchema>;
export type HeatmapChartModel = z.infer<typeof HeatmapChartModelSchema>;

/**
 * How a sentence reads: `plain`, `muted` (what the figures rest on), `headline` (a reading's
 * figures), `verdict` (what they mean), `empty` (why there is nothing to show yet).
 */
export const TextStyleSchema = z.enum(['plain', 'muted', 'headline', 'verdict', 'empty']);
export type TextStyle = z.infer<typeof TextStyleSchema>;

export type ReportBlock =
  | { kind: 'text'; style: TextStyle; text: Inline[]; note?: string }
  | { kind: 'table'; table: TableModel }
  | { kind: 'chart'; chart: ChartModel; fileName: string; dataTable?: TableModel }
  | { kind: 'notes'; label: string; items: string[] }
  | { kind: 'pair'; blocks: ReportBlock[] }
  | { kind: 'part'; title: string; blocks: ReportBlock[] };

/**
 * A block of a section: a sentence (`note`: it is a note with that accessible name), a table, a
 * chart (file name stem for its downloads; `dataTable`: its numbers as a table, for a matrix that
 * has no other), a list of notes, blocks side by side (`pair`) or a part with its own heading.
 */
export const ReportBlockSchema: z.ZodType<ReportBlock> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), style: TextStyleSchema, text: z.array(InlineSchema), note: z.string().optional() }),
    z.object({ kind: z.literal('table'), table: TableModelSchema }),
    z.object({ kind: z.literal('chart'), chart: ChartModelSchema, fileName: z.string(), dataTable: TableModelSchema.optional() }),
    z.object({ kind: z.literal('notes'), label: z.string(), items: z.array(z.string()) }),
    z.object({ kind: z.literal('pair'), blocks: z.array(ReportBlockSchema) }),
    z.object({ kind: z.literal('part'), title: z.string(), blocks: z.array(ReportBlockSchema) }),
  ]),
);

/**
 * One section of the report, in the order of core/analysis/report-sections.ts. `withoutVotes`: it
 * rests on runs alone, so a workspace without votes or judgments shows it too, unless `empty`
 * (it has nothing to show yet and says so).
 */
export const ReportSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  withoutVotes: z.boolean(),
  empty: z.boolean(),
  blocks: z.array(ReportBlockSchema),
});
export type ReportSection = z.infer<typeof ReportSectionSchema>;
