// The last analysis reports computed on each open database, so opening the Analysis screen again
// (or asking analysis.report twice) costs nothing while the store has not changed.
import type { Database } from 'better-sqlite3';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { prepared } from '../store/statement-cache.ts';
import { buildAnalysisReport, type AnalysisOptions } from './build-analysis-report.ts';

/** Reports kept per database: one per (resamples, seed, synthetic, repeats) asked for recently. */
const KEPT_PER_DATABASE = 4;

const cached = new WeakMap<Database, { version: string; asked: string; report: AnalysisReport }[]>();

/**
 * What the store has committed, as far as this connection can tell: `data_version` moves when
 * another connection (another process: `lhb`, a study's engine) commits, `total_changes()`
 * when this one writes. Either moving means the store may have changed, so the report is
 * computed again; it never serves figures from before a commit.
 */
function storeVersion(db: Database): string {
  const dataVersion = db.pragma('data_version', { simple: true }) as number;
  const { changes } = prepared(db, 'SELECT total_changes() AS changes').get() as { changes: number };
  return `${dataVersion}:${changes}`;
}

/** `buildAnalysisReport`, or the same report again when it was computed for these options since the store last changed. */
export function cachedAnalysisReport(db: Database, options: Omit<AnalysisOptions, 'now'>): AnalysisReport {
  const version = storeVersion(db);
  const asked = JSON.stringify([options.resamples, options.seed, options.synthetic ?? null, options.countRepeats === true]);
  // Reports from before the store changed are dropped, not only passed over.
  const current = (cached.get(db) ?? []).filter((entry) => entry.version === version);
  const hit = current.find((entry) => entry.asked === asked);
  if (hit) return hit.report;
  const report = buildAnalysisReport(db, options);
  cached.set(db, [{ version, asked, report }, ...current].slice(0, KEPT_PER_DATABASE));
  return report;
}
