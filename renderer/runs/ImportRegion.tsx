import type { FormEvent } from 'react';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { useRunsStore } from './runs-store.ts';

/** Import task folders and output bundles from this machine, as one job; its outcome stays until the next import. */
export function ImportRegion() {
  const pathsText = useRunsStore((s) => s.pathsText);
  const importState = useRunsStore((s) => s.importState);
  const { setPathsText, importPaths } = useRunsStore.getState();
  const running = importState?.phase === 'starting' || importState?.phase === 'importing';
  const invalid = importState?.phase === 'invalid';
  const problem = invalid || importState?.phase === 'failed' || importState?.phase === 'partial' || importState?.phase === 'cancelled';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void importPaths();
  };

  return (
    <section className="screen-region runs-region runs-import" aria-label="Import runs">
      <h2 id="runs-import-title">Import tasks and output bundles</h2>
      <form aria-labelledby="runs-import-title" onSubmit={onSubmit} noValidate>
        <label className="runs-field runs-import__field">
          <span>Folder paths on this machine, one per line</span>
          <textarea
            value={pathsText}
            onChange={(e) => setPathsText(e.target.value)}
            rows={3}
            spellCheck={false}
            placeholder={'/home/me/lhb/tasks\n/home/me/lhb/bundles/bundle-01'}
            aria-describedby={invalid ? 'runs-import-help runs-import-outcome' : 'runs-import-help'}
            aria-invalid={invalid || undefined}
          />
        </label>
        <p id="runs-import-help" className="muted runs-import__help">
          Task folders (task.json), output bundles (run.json + dist/, frames/, video.*), or folders holding them. Bundles without frames/ are
          captured in Chromium, which records any broken route, blank render, runtime error or timeout as a finding. Importing the same folder
          again changes nothing.
        </p>
        <div className="runs-import__actions">
          <button type="submit" className="primary" disabled={running}>
            {running ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
      {importState && (
        <div
          id="runs-import-outcome"
          className={`runs-import__outcome runs-import__outcome--${importState.phase}`}
          role={problem ? 'alert' : 'status'}
        >
          <p>{importState.message}</p>
          {running && <ProgressBar label="Import progress" done={importState.done ?? 0} total={importState.total ?? 0} />}
        </div>
      )}
    </section>
  );
}
