import { closeOnBackdrop, useModalDialog } from '../ui/use-modal-dialog.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { CuratorFeedback } from './CuratorFeedback.tsx';
import { planOwnerName } from './plan-annotator-slice.ts';

/** The curator's feedback on the plan on screen, for an annotator working on the owner's machine. */
export function CuratorFeedbackDialog({ dataRoomId, annotator, onClose }: { dataRoomId: string; annotator: string | null; onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const client = useAnnotatorStore((s) => s.client);
  return (
    <dialog ref={dialog} className="curator-feedback-dialog" aria-labelledby="curator-feedback-dialog-title" onClick={closeOnBackdrop}>
      <h2 id="curator-feedback-dialog-title">Curator's feedback on {planOwnerName(annotator)}'s plan</h2>
      <CuratorFeedback client={client} dataRoomId={dataRoomId} annotator={annotator} titled={false} />
      <div className="choose-annotator__actions">
        <button type="button" autoFocus onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
