import type { StudyRunView } from '../../schemas/studies.ts';
import { useModalDialog } from '../ui/use-modal-dialog.ts';
import { retryKeepsEarlierText } from './study-words.ts';

/**
 * Asks before a judged or voted run is retried: the retry is a new attempt, its judgments and
 * votes stay with the earlier one (kept, no longer counted in the figures), so a mis-click must
 * not quietly move the figures. Esc or "Keep this attempt" leaves everything as it was.
 */
export function RetryAttemptDialog({ run, label, onRetry, onClose }: { run: StudyRunView; label: string; onRetry: () => void; onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  return (
    <dialog ref={dialog} className="study-confirm" aria-labelledby="retry-attempt-title" aria-describedby="retry-attempt-effect">
      <h2 id="retry-attempt-title">Retry {label} as a new attempt?</h2>
      <p id="retry-attempt-effect">{retryKeepsEarlierText(run)}</p>
      <div className="study-confirm__actions">
        <button
          type="button"
          onClick={() => {
            onRetry();
            dialog.current?.close();
          }}
        >
          Retry as a new attempt
        </button>
        <button type="button" autoFocus onClick={() => dialog.current?.close()}>
          Keep this attempt
        </button>
      </div>
    </dialog>
  );
}
