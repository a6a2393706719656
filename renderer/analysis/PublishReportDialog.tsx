import { useEffect, type FormEvent } from 'react';
import { useConnectedClient } from '../api/connected-client.ts';
import { FieldProblem, markedBy } from '../ui/FieldProblem.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { closeOnBackdrop, useModalDialog } from '../ui/use-modal-dialog.ts';
import type { AnalysisRequest } from './analysis-store.ts';
import { usePublishStore } from './publish-store.ts';

/**
 * Asks where to write the report on this machine (and whether to print a PDF too), writes the
 * report of the analysis the screen shows (`request`, so its digits are the screen's), follows
 * the job and says where the index page is. Esc or Close closes it; the job goes on in the Jobs tray.
 */
export function PublishReportDialog({ request, onClose }: { request: AnalysisRequest; onClose: () => void }) {
  const client = useConnectedClient();
  const dialog = useModalDialog(onClose);
  const state = usePublishStore();
  const running = state.phase === 'starting' || state.phase === 'writing';
  useEffect(() => (client ? usePublishStore.getState().connect(client) : undefined), [client]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A refused field takes the focus once its problem is drawn beside it.
    void state.start(request).then(() => requestAnimationFrame(() => dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()));
  };

  return (
    <dialog ref={dialog} className="project-dialog publish-dialog" aria-labelledby="publish-report-title" onClick={closeOnBackdrop}>
      <form onSubmit={onSubmit} noValidate>
        <h2 id="publish-report-title">Publish report</h2>
        <p className="muted">
          Writes the analysis shown on this screen as a folder of pages that open from disk in any browser, with no server and no network: an index page laid out as a
          paper&apos;s results, and a page for each run.
        </p>
        <label>
          Folder to create on this machine (it must not exist yet, or be empty)
          <input
            type="text"
            value={state.outDir}
            onChange={(event) => state.setOutDir(event.target.value)}
            spellCheck={false}
            placeholder="/home/me/reports/study-1"
            disabled={running}
            autoFocus
            {...markedBy('publish-outdir-problem', state.problems.outDir)}
          />
        </label>
        <FieldProblem id="publish-outdir-problem" message={state.problems.outDir} />
        <label className="publish-dialog__check">
          <input type="checkbox" checked={state.pdf} onChange={(event) => state.setPdf(event.target.checked)} disabled={running} {...markedBy('publish-pdf-problem', state.problems.pdf)} />
          Also print a PDF (through this machine&apos;s Chromium)
        </label>
        <FieldProblem id="publish-pdf-problem" message={state.problems.pdf} />
        {running && <ProgressBar label="Report progress" done={state.done} total={state.total} />}
        {state.message && (
          <p role={state.phase === 'failed' ? 'alert' : 'status'} className={state.phase === 'failed' ? 'publish-dialog__problem' : undefined}>
            {state.message}
          </p>
        )}
        {state.result && (
          <dl className="publish-dialog__result">
            <dt>Index page (open it in any browser)</dt>
            <dd className="path">{state.result.index}</dd>
            <dt>Run pages</dt>
            <dd>{state.result.runs}</dd>
            {state.result.pdf && (
              <>
                <dt>PDF</dt>
                <dd className="path">{state.result.pdf}</dd>
              </>
            )}
          </dl>
        )}
        <div className="project-dialog__buttons">
          <button type="submit" disabled={running}>
            {state.phase === 'succeeded' ? 'Publish again' : 'Publish'}
          </button>
          {running && (
            <button type="button" onClick={() => void state.cancel()}>
              Stop writing
            </button>
          )}
          <button type="button" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </form>
    </dialog>
  );
}
