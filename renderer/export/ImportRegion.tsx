import { useEffect, type FormEvent } from 'react';
import type { ImportedSubset } from '../../schemas/import.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useImportStore } from './import-store.ts';

const KIND_LABELS = { chapter: 'Chapter', 'data-room-notes': 'Data room notes', 'rubric-set': 'Rubric set', 'source-version': 'Source version', vote: 'Vote', judgment: 'Judgment', run: 'Run', 'pairwise-verdict': 'Pairwise verdict', 'control-judgment': 'Control judgment', 'harness-guess': 'Harness guess' } as const;

const SUBSET_COLUMNS: DataColumn<ImportedSubset>[] = [
  { head: 'Subset', cell: (subset) => subset.subset },
  { head: 'Rows', cell: (subset) => subset.rows },
  { head: 'Added', cell: (subset) => subset.added },
  { head: 'Already here', cell: (subset) => subset.unchanged },
  { head: 'Conflicts', cell: (subset) => subset.conflicts },
];

/**
 * Imports (merges) a dataset folder lhb export hf wrote, read on the server's disk: the folder,
 * the job's progress, then per subset what was added and already here, each conflict with both
 * texts (the workspace's and the import's, which was kept beside it), and the notes.
 */
export function ImportRegion() {
  const client = useConnectedClient();
  const state = useImportStore();
  const running = state.phase === 'starting' || state.phase === 'importing';
  useEffect(() => (client ? useImportStore.getState().connect(client) : undefined), [client]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void state.start();
  };

  return (
    <section className="screen-region export-region" aria-labelledby="import-form-title">
      <h2 id="import-form-title">Import a dataset</h2>
      <p>
        Merge a folder that LH-Bench Studio exported (here or on another machine) into this workspace: new records are added, records already here are left
        as they are, and a chapter changed on both sides is kept both ways for you to resolve. A damaged folder is refused and nothing is imported.
      </p>
      <form onSubmit={onSubmit} aria-labelledby="import-form-title" noValidate>
        <label className="export-field">
          <span>Dataset folder on the server machine</span>
          <input type="text" value={state.dir} onChange={(e) => state.setDir(e.target.value)} spellCheck={false} placeholder="/home/me/datasets/lhb-release" disabled={running} />
        </label>
        <div className="export-actions">
          <button type="submit" disabled={running}>
            Import
          </button>
          {running && (
            <button type="button" onClick={() => void state.cancel()}>
              Cancel import
            </button>
          )}
        </div>
      </form>
      {running && <ProgressBar label="Import progress" done={state.done} total={state.total} />}
      {state.message && (
        <p role={state.phase === 'failed' ? 'alert' : 'status'} className={state.phase === 'failed' ? 'export-message export-message--problem' : 'export-message'}>
          {state.message}
        </p>
      )}
      {state.result && (
        <>
          <DataTable caption={`Imported from ${state.result.dir}`} columns={SUBSET_COLUMNS} rows={state.result.subsets} rowKey={(subset) => subset.subset} rowHeads={false} />
          {state.result.conflicts.length > 0 && (
            <section aria-labelledby="import-conflicts-title">
              <h3 id="import-conflicts-title">Conflicts to resolve ({state.result.conflicts.length})</h3>
              <ul className="import-conflicts">
                {state.result.conflicts.map((conflict) => (
                  <li key={`${conflict.kind}:${conflict.id}:${conflict.keptAs ?? ''}`}>
                    <p>
                      <strong>
                        {KIND_LABELS[conflict.kind]} “{conflict.title}”
                      </strong>
                      {conflict.alreadyKept ? ' (kept by an earlier import)' : ''}: {conflict.detail}
                    </p>
                    <div className="import-conflict-texts">
                      <pre tabIndex={0} aria-label={`This workspace's version of ${conflict.title}`}>{conflict.local}</pre>
                      <pre tabIndex={0} aria-label={`The import's version of ${conflict.title}`}>{conflict.incoming}</pre>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {state.result.notes.length > 0 && (
            <ul aria-label="Import notes">
              {state.result.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
