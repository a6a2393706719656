import { clearPendingSearchRun, listPendingSearchRuns, replaceSearchEntries } from '../store/search-repository.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import { runSearchRecord } from './run-search-entries.ts';

const BATCH = 100;
/** Runs indexed per transaction: few enough that another writer waits well under a second, enough that commits do not dominate. */
const PER_TRANSACTION = 10;

/**
 * Brings the search index in step with the store: every run a write marked (migration 027's
 * triggers: a trajectory stored or replaced, errors, findings, judgments, votes) is indexed again
 * whole, from what the store holds now, a few runs per transaction, so a cut-short catch-up keeps
 * what it did and the rest stays marked. A read-only workspace is left as it is. Returns how many
 * runs it indexed.
 */
export function indexPendingRuns(workspace: Workspace, onProgress?: (indexed: number) => void): number {
  if (workspace.readOnly) return 0;
  const { db } = workspace;
  let indexed = 0;
  for (;;) {
    const pending = listPendingSearchRuns(db, BATCH);
    if (pending.length === 0) return indexed;
    for (let from = 0; from < pending.length; from += PER_TRANSACTION) {
      const ids = pending.slice(from, from + PER_TRANSACTION);
      writeTransaction(db, () => {
        for (const id of ids) {
          // Read inside the write lock: a write another process makes meanwhile marks the run again after this.
          clearPendingSearchRun(db, id);
          const record = runSearchRecord(workspace, id);
          if (!record || record.runId !== id) replaceSearchEntries(db, id, null, []);
          if (record) replaceSearchEntries(db, record.runId, record.studyId, record.entries);
        }
      })();
      indexed += ids.length;
    }
    onProgress?.(indexed);
  }
}
