import type { Database } from 'better-sqlite3';
import type { SourceLinesReader } from './source-lines-reader.ts';

/** What every annotate operation needs: the workspace database and a way to read sources. */
export interface AnnotateDeps {
  db: Database;
  sources: SourceLinesReader;
  /** The clock; tests pass a fake one to step through typing bursts. Default: the real time. */
  now?: () => Date;
}

export function nowIso(deps: AnnotateDeps): string {
  return (deps.now?.() ?? new Date()).toISOString();
}
