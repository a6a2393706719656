import { useRef, useState } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { ChooseAnnotatorDialog } from './ChooseAnnotatorDialog.tsx';
import { CuratorFeedbackDialog } from './CuratorFeedbackDialog.tsx';
import { planOwnerName } from './plan-annotator-slice.ts';
import { PlanInvitesDialog } from './PlanInvitesDialog.tsx';

/**
 * Whose plan is on screen, always in view ("Annotating as Ada · Change…"); for the room's owner,
 * whether its annotators see each other's plans, the SMEs' invite links, and the curator's feedback
 * on the plan on screen (an SME's page shows its own below the plan). An SME's page shows
 * who they are and whether the owner shares the plans, and nothing they cannot change.
 */
export function PlanAnnotatorBar() {
  const annotator = useAnnotatorStore((s) => s.dataRoom?.annotator ?? s.planAnnotator);
  const dataRoom = useAnnotatorStore((s) => s.dataRoom);
  const invited = useAnnotatorStore((s) => s.invite !== undefined);
  const [open, setOpen] = useState<'who' | 'invites' | 'feedback' | undefined>();
  const whoButton = useRef<HTMLButtonElement>(null);
  const invitesButton = useRef<HTMLButtonElement>(null);
  const feedbackButton = useRef<HTMLButtonElement>(null);
  if (!dataRoom) return null;
  const name = planOwnerName(annotator);
  const shared = dataRoom.plansShared;

  return (
    <div className="plan-annotator" role="group" aria-label="Whose plan">
      <p className="plan-annotator__who">
        Annotating as <strong>{name}</strong>
        {!invited && (
          <>
            <span aria-hidden="true"> · </span>
            <button ref={whoButton} type="button" className="link-button" aria-haspopup="dialog" aria-label={`Change who is annotating (now ${name})`} onClick={() => setOpen('who')}>
              Change…
            </button>
          </>
        )}
      </p>
      {invited ? (
        <p className="plan-annotator__sharing muted">
          {shared ? "The room's owner shares its plans: the others' plans show below yours, read-only." : "Your plan is yours alone: the room's other annotators do not see it, nor you theirs."}
        </p>
      ) : (
        <>
          <label className="plan-annotator__sharing">
            <input type="checkbox" checked={shared} onChange={(e) => void useAnnotatorStore.getState().setPlansShared(e.target.checked)} /> Let annotators see each
            other's plans (read-only)
          </label>
          <button ref={invitesButton} type="button" aria-haspopup="dialog" onClick={() => setOpen('invites')}>
            Invite SMEs…
          </button>
          <button ref={feedbackButton} type="button" aria-haspopup="dialog" onClick={() => setOpen('feedback')}>
            Curator's feedback…
          </button>
        </>
      )}
      {open === 'who' && (
        <ChooseAnnotatorDialog
          onClose={() => {
            setOpen(undefined);
            whoButton.current?.focus();
          }}
        />
      )}
      {open === 'feedback' && (
        <CuratorFeedbackDialog
          dataRoomId={dataRoom.id}
          annotator={annotator}
          onClose={() => {
            setOpen(undefined);
            feedbackButton.current?.focus();
          }}
        />
      )}
      {open === 'invites' && (
        <PlanInvitesDialog
          dataRoomId={dataRoom.id}
          dataRoomTitle={dataRoom.title}
          onClose={() => {
            setOpen(undefined);
            invitesButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}
