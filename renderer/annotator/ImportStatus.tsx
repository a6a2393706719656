import { useAnnotatorStore } from './annotator-store.ts';

/** The import started here: uploading, importing (the Jobs tray shows the bar), or its outcome. */
export function ImportStatus() {
  const state = useAnnotatorStore((s) => s.importState);
  const dismiss = useAnnotatorStore((s) => s.dismissImport);
  if (!state) return null;
  const failed = state.phase === 'failed' || state.phase === 'partial';
  const finished = failed || state.phase === 'done';
  return (
    <div className={`import-status import-status--${state.phase}`} role={failed ? 'alert' : 'status'}>
      <span>{state.message}</span>
      {finished && (
        <button type="button" onClick={dismiss} aria-label="Dismiss import message">
          ×
        </button>
      )}
    </div>
  );
}
