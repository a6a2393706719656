import type { Database } from 'better-sqlite3';
import type { ExportSubset } from '../../schemas/export.ts';
import type { ImportConflict, ImportedSubset } from '../../schemas/import.ts';
import { ImportRefusedError } from './import-refused-error.ts';

/** What every subset's merge shares: the store, the project, ids the merge mapped, and the report being written. */
export class MergeContext {
  readonly db: Database;
  readonly projectId: string;
  readonly now: string;
  /** A short label of the dataset for records that need a source (`dataset hf-export`). */
  readonly label: string;
  /** Incoming source version id → the workspace's version that holds the same file. */
  readonly versionIds = new Map<string, string>();
  /** Incoming source id → the workspace's source it merged into. */
  readonly sourceIds = new Map<string, string>();
  /** Incoming run id → the workspace's run with the same digest. */
  readonly runIds = new Map<string, string>();
  readonly conflicts: ImportConflict[] = [];
  readonly notes: string[] = [];
  readonly #counts = new Map<ExportSubset, ImportedSubset>();

  constructor(db: Database, projectId: string, now: string, label: string) {
    this.db = db;
    this.projectId = projectId;
    this.now = now;
    this.label = label;
  }

  count(subset: ExportSubset, outcome: 'added' | 'unchanged' | 'conflicts'): void {
    const counts = this.#counts.get(subset) ?? { subset, rows: 0, added: 0, unchanged: 0, conflicts: 0 };
    counts.rows += 1;
    counts[outcome] += 1;
    this.#counts.set(subset, counts);
  }

  subsets(present: Iterable<ExportSubset>): ImportedSubset[] {
    return [...present].map((subset) => this.#counts.get(subset) ?? { subset, rows: 0, added: 0, unchanged: 0, conflicts: 0 });
  }

  run(id: string): string {
    return this.runIds.get(id) ?? id;
  }
}

/** Runs one row's write; a failure is refused naming the row (the transaction then leaves nothing behind). */
export function atRow<T>(where: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof ImportRefusedError) throw error;
    throw new ImportRefusedError(`${where} could not be stored: ${(error as Error).message}`, { cause: error });
  }
}
