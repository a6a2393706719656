import type { Invite } from '../../schemas/invites.ts';
import { InviteLinks } from '../ui/InviteLinks.tsx';
import { useArenaStore } from './arena-store.ts';

/** An arena voter's link; an SME's plan link (with a data room) is the Annotate screen's. */
const isVoterLink = (invite: Invite) => invite.dataRoomId === null;

/** The Study tab's invite links for remote voters, with each one's votes so far. */
export function StudyInvites() {
  const client = useArenaStore((s) => s.client);
  const study = useArenaStore((s) => s.study);
  const votesOf = (annotatorId: string) => study?.annotators.find((a) => a.id === annotatorId);
  return (
    <div className="study__block">
      <InviteLinks
        client={client}
        title="Invite links"
        heading="h3"
        intro="An invite link opens the Vote view for one annotator and nothing else: the server refuses its every other request. Send each expert their own link privately; it is shown once."
        create={(api, name, expiresInDays) => api.call('arena.invite', { name, expiresInDays })}
        shows={isVoterLink}
        workColumn={{
          head: 'Votes',
          cell: (invite) => {
            const progress = votesOf(invite.annotatorId);
            return progress ? `${progress.done}/${progress.total}` : '—';
          },
        }}
        kept="votes"
        again="vote"
        announce={(text) => useArenaStore.getState().announce(text)}
        onCreated={() => useArenaStore.getState().loadStudy()}
      />
    </div>
  );
}
