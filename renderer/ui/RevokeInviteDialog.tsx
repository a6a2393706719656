import type { Invite } from '../../schemas/invites.ts';
import { useModalDialog } from './use-modal-dialog.ts';

/**
 * Asks before an invite link is revoked: the link stops working at its next request and cannot be
 * brought back (a new link is a new invite), so one mis-click must not end an expert's session.
 * `kept` says what of theirs stays ("votes", "plan"); `again` what a new link would let them do.
 */
export function RevokeInviteDialog({ invite, kept, again, onRevoke, onClose }: { invite: Invite; kept: string; again: string; onRevoke: () => void; onClose: () => void }) {
  const dialog = useModalDialog(onClose);
  return (
    <dialog ref={dialog} className="invites__confirm" aria-labelledby="revoke-invite-title" aria-describedby="revoke-invite-effect">
      <h2 id="revoke-invite-title">Revoke {invite.annotatorName}'s invite link?</h2>
      <p id="revoke-invite-effect">
        The link stops working at its next request; {invite.annotatorName}'s {kept} so far {kept.endsWith('s') ? 'are' : 'is'} kept. A revoked link cannot be restored: to
        let them {again} again, create a new link.
      </p>
      <div className="invites__confirm-actions">
        <button
          type="button"
          onClick={() => {
            onRevoke();
            dialog.current?.close();
          }}
        >
          Revoke link
        </button>
        <button type="button" autoFocus onClick={() => dialog.current?.close()}>
          Keep it
        </button>
      </div>
    </dialog>
  );
}
