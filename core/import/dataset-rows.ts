import type { ExportSplit, ExportSubset } from '../../schemas/export.ts';
import type { ImportedRow } from '../export/subset-fields.ts';

/*
 * One subset's rows as an export holds them, after row-schema.ts checked them against the
 * folder's format version: the types come from the field list itself (subset-fields.ts), so a
 * field added there reaches the mergers without restating it. Timestamps are ISO-8601 UTC text,
 * integers numbers; a field added after format 1 (`since`) may be absent from an older folder.
 */
export type SourceRowIn = ImportedRow<'sources'>;
export type ChapterRowIn = ImportedRow<'chapters'>;
export type CitationIn = ChapterRowIn['citations'][number];
export type PreferenceRowIn = ImportedRow<'preferences'>;
export type JudgmentRowIn = ImportedRow<'judgments'>;
/** `harness_version` is absent in exports written before the field existed: `versions` may then hold it as `harness`. */
export type RunRowIn = ImportedRow<'runs'>;
/** `task_kinds` is absent in exports before format 3 (the library then works the kinds out). */
export type RubricRowIn = ImportedRow<'rubrics'>;

/** A row with where it came from, so a write that fails can name the file and row. */
export interface Located<T> {
  row: T;
  split: ExportSplit;
  /** `data/preferences/train-00000-of-00001.parquet row 12` */
  where: string;
}

type ImportedSubsets = { [Subset in ExportSubset]: Located<ImportedRow<Subset>>[] };

/** Every subset an export folder holds (a subset it does not hold is empty), checked against the format. */
export interface ImportedDataset extends ImportedSubsets {
  dir: string;
  format: 'parquet' | 'jsonl';
  /** The project's name from the card's pretty_name. */
  projectName: string;
  present: Set<string>;
}
