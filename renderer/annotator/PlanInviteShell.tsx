import { useEffect, useState } from 'react';
import type { RpcClient } from '../../schemas/rpc.ts';
import { watchesConnection, type ConnectionState } from '../api/connection-state.ts';
import { dateTimeText } from '../ui/date-time-text.ts';
import { AnnotatorScreen } from './AnnotatorScreen.tsx';
import { CuratorFeedback } from './CuratorFeedback.tsx';
import type { PlanInvite } from './plan-annotator-slice.ts';
import './plans.css';

/**
 * What an SME's invite link opens: the Annotate screen on their own plan of one data room, with
 * the room's sources, and nothing of the owner's (no sections, no other rooms, no imports,
 * exports, team plans, sharing or invites). The server decided this (session.whoami) and holds
 * every call the page makes to that plan and room.
 */
export function PlanInviteShell({ client, invite }: { client: RpcClient; invite: PlanInvite }) {
  const [connection, setConnection] = useState<ConnectionState>({ kind: 'connected' });
  useEffect(() => {
    document.title = `Annotate · ${invite.dataRoomTitle} · ${invite.annotatorName}`;
  }, [invite]);
  useEffect(() => (watchesConnection(client) ? client.onConnection(setConnection) : undefined), [client]);
  const ended = connection.kind === 'token-rejected';

  return (
    <div className="plan-invite-shell">
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <header className="plan-invite-shell__head" role="banner">
        <span className="brand">LH-Bench Studio</span>
        <h1>Annotate “{invite.dataRoomTitle}”</h1>
        <p className="muted">
          Your own plan, as <strong>{invite.annotatorName}</strong>; {ended ? 'this link has ended.' : `this link is valid until ${dateTimeText(invite.expiresAt)}.`}
        </p>
      </header>
      {ended ? (
        <div className="error-banner" role="alert">
          This invite link was revoked or has expired. Your plan so far is kept; ask the room's owner for a new link to go on.
        </div>
      ) : (
        connection.kind === 'lost' && (
          <div className="error-banner" role="alert">
            Lost the connection to the data room. What you saved is kept; this page reconnects by itself when the server is back.
          </div>
        )
      )}
      <main id="main" className="plan-invite-shell__main" aria-label="Your plan" tabIndex={-1}>
        <AnnotatorScreen client={client} invite={invite} />
        <CuratorFeedback client={client} dataRoomId={invite.dataRoomId} annotator={undefined} titled />
      </main>
    </div>
  );
}
