// The last analysis report computed for each set of options, kept in the workspace with the
// count of writes to the report's inputs it was computed at (migration 017: analysis_inputs), so
// opening the Analysis screen again, or `lhb analyze` after it, costs nothing while nothing the
// report reads has changed, in this process or another.
import type { Database } from 'better-sqlite3';
import { AnalysisReportSchema, type AnalysisReport } from '../../schemas/analysis.ts';
import { prepared } from '../store/statement-cache.ts';
import { buildAnalysisReport, type AnalysisOptions } from './build-analysis-report.ts';

export type AnalysisReportOptions = Omit<AnalysisOptions, 'now'>;

export interface StoredAnalysisReport {
  report: AnalysisReport;
  computedAt: string;
  /** Whether nothing the report reads has been written since it was computed. */
  current: boolean;
}

/** The count of writes to the report's inputs so far (every vote, judgment, run… written moves it). */
export function analysisInputsVersion(db: Database): number {
  return (prepared(db, 'SELECT version FROM analysis_inputs WHERE id = 1').get() as { version: number }).version;
}

/**
 * The key of a set of options: reports for other resamples, seeds, synthetic, repeat or fast-vote
 * choices, or other studies, are kept apart. The studies are full ids, sorted (resolveStudyIds),
 * so one choice has one key however it was typed; no choice and an empty one are the same.
 */
export function askedKey(options: AnalysisReportOptions): string {
  const studies = options.studies && options.studies.length > 0 ? [...options.studies].sort() : null;
  return JSON.stringify([options.resamples, options.seed, options.synthetic ?? null, options.countRepeats === true, options.excludeFastVotes === true, studies]);
}

/** The last report stored for these options, current or not; undefined when none was ever computed (or it no longer reads). */
export function storedAnalysisReport(db: Database, options: AnalysisReportOptions): StoredAnalysisReport | undefined {
  const row = prepared(db, 'SELECT inputs_version, computed_at, report FROM analysis_reports WHERE asked = ?').get(askedKey(options)) as
    | { inputs_version: number; computed_at: string; report: string }
    | undefined;
  if (!row) return undefined;
  // A report stored by an older version of the app may no longer have the shape this one shows: recomputed, not shown.
  const parsed = AnalysisReportSchema.safeParse(JSON.parse(row.report));
  if (!parsed.success) return undefined;
  return { report: parsed.data, computedAt: row.computed_at, current: row.inputs_version === analysisInputsVersion(db) };
}

/** Keeps `report`, computed from the inputs as they were at `inputsVersion`; a read-only workspace keeps nothing. */
export function storeAnalysisReport(db: Database, options: AnalysisReportOptions, inputsVersion: number, report: AnalysisReport, computedAt: string): void {
  if (db.readonly) return;
  prepared(db, 'INSERT OR REPLACE INTO analysis_reports (asked, inputs_version, computed_at, report) VALUES (?, ?, ?, ?)').run(
    askedKey(options),
    inputsVersion,
    computedAt,
    JSON.stringify(report),
  );
}

/** `buildAnalysisReport`, or the stored report when nothing it reads has changed since; a report computed here is stored. */
export function cachedAnalysisReport(db: Database, options: AnalysisReportOptions, now: () => Date = () => new Date()): AnalysisReport {
  const stored = storedAnalysisReport(db, options);
  if (stored?.current) return stored.report;
  const inputsVersion = analysisInputsVersion(db);
  const report = buildAnalysisReport(db, options);
  storeAnalysisReport(db, options, inputsVersion, report, now().toISOString());
  return report;
}
