import { useCallback } from 'react';
import type { Invite } from '../../schemas/invites.ts';
import { InviteLinks } from '../ui/InviteLinks.tsx';
import { closeOnBackdrop, useModalDialog } from '../ui/use-modal-dialog.ts';
import { useAnnotatorStore } from './annotator-store.ts';

/**
 * Invite SMEs to this data room: each link opens its annotator's own plan of this room (and the
 * room's sources) and nothing else, as the server holds it; listed, copied and revoked here.
 */
export function PlanInvitesDialog({ dataRoomId, dataRoomTitle, onClose }: { dataRoomId: string; dataRoomTitle: string; onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  const client = useAnnotatorStore((s) => s.client);
  const shows = useCallback((invite: Invite) => invite.dataRoomId === dataRoomId, [dataRoomId]);
  return (
    <dialog ref={dialog} className="plan-invites" aria-labelledby="sme-invite-links-title" onClick={closeOnBackdrop}>
      <InviteLinks
        client={client}
        title="SME invite links"
        heading="h2"
        intro={`A link opens its annotator's own plan of "${dataRoomTitle}", with the room's sources, and nothing else: no other room, no other plan, no settings. Others' plans show to them only while you share the room's plans. Send each SME their own link privately; it is shown once.`}
        create={(api, name, expiresInDays) => api.call('plans.invite', { dataRoomId, name, expiresInDays })}
        shows={shows}
        kept="plan"
        again="annotate"
        announce={(text) => useAnnotatorStore.getState().announce(text)}
        onCreated={() => useAnnotatorStore.getState().loadKnownAnnotators()}
      />
      <div className="plan-invites__actions">
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
