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
  /** Each subset's ids met so far in this import, with where and what they said, to catch a file holding one twice. */
  readonly #seen = new Map<string, { where: string; content: string }>();

  /** A stored blob's bytes (a source version's Markdown, to show beside the import's in a conflict). */
  readonly readBlob: (sha256: string) => Buffer;

  constructor(db: Database, projectId: string, now: string, label: string, readBlob: (sha256: string) => Buffer) {
    this.db = db;
    this.readBlob = readBlob;
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

  /**
   * Reports a record the workspace holds under this id with other content (`local`), or that
   * this import already met under the same id: the first is kept, and the conflict lists both
   * versions. Returns true when the row was such a conflict (the caller writes nothing for it).
   */
  conflictOf(subset: ExportSubset, kind: ImportConflict['kind'], id: string, where: string, incoming: string, local: string | undefined): boolean {
    const earlier = this.#seen.get(`${subset}\u0000${id}`);
    if (earlier) {
      if (earlier.content === incoming) return this.count(subset, 'unchanged'), true;
      this.#conflict(subset, kind, id, `${where} repeats the id of ${earlier.where} with other content; the first is kept`, earlier.content, incoming);
      return true;
    }
    this.#seen.set(`${subset}\u0000${id}`, { where, content: incoming });
    if (local === undefined || local === incoming) return false;
    this.#conflict(subset, kind, id, `${where}: this workspace holds ${kind} ${id} with other content; it was kept as it is`, local, incoming);
    return true;
  }

  #conflict(subset: ExportSubset, kind: ImportConflict['kind'], id: string, detail: string, local: string, incoming: string): void {
    this.conflicts.push({ kind, id, title: `${kind} ${id}`, detail, local, incoming, keptAs: null, alreadyKept: false });
    this.count(subset, 'conflicts');
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
