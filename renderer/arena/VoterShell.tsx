import { useEffect, useState } from 'react';
import type { Session } from '../../schemas/invites.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { watchesConnection, type ConnectionState } from '../api/connection-state.ts';
import { dateTimeText } from '../ui/date-time-text.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { useArenaStore } from './arena-store.ts';
import { VoteTab } from './VoteTab.tsx';
import './arena.css';
import './invites.css';
import './voter-layout.css';

type Voter = Extract<Session, { role: 'voter' }>;

/**
 * What an invite link opens: the arena's Vote view for the link's annotator and nothing else, no
 * navigation, no project or workspace names, no jobs. The server decided this (session.whoami)
 * and refuses everything else such a token asks for.
 */
export function VoterShell({ client, voter }: { client: RpcClient; voter: Voter }) {
  const error = useArenaStore((s) => s.error);
  const announcement = useArenaStore((s) => s.announcement);
  const linkRefused = useArenaStore((s) => s.linkRefused);
  const [connection, setConnection] = useState<ConnectionState>({ kind: 'connected' });
  // The event stream or a call was refused: this link is over, whichever noticed first.
  const refusal = linkRefused ?? (connection.kind === 'token-rejected' ? refusedLinkText(voter.expiresAt) : undefined);

  useEffect(() => {
    // The link names one annotator: no list of others, no picker, no "Change".
    useArenaStore.setState({
      client,
      annotators: [{ id: voter.annotatorId, name: voter.annotatorName, synthetic: false, votes: 0 }],
      annotatorsPhase: 'ready',
      tab: 'vote',
      seesStudy: false,
      linkRefused: undefined,
    });
    useArenaStore.getState().chooseAnnotator(voter.annotatorId);
    document.title = `Vote · ${voter.annotatorName}`;
  }, [client, voter]);

  useEffect(() => (watchesConnection(client) ? client.onConnection(setConnection) : undefined), [client]);
  useEffect(() => {
    if (connection.kind === 'token-rejected' && useArenaStore.getState().linkRefused === undefined) useArenaStore.setState({ linkRefused: refusedLinkText(voter.expiresAt) });
  }, [connection.kind, voter.expiresAt]);

  return (
    <div className="voter-shell">
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <header className="topbar" role="banner">
        <span className="brand">LH-Bench Studio</span>
        <p className="project-name">
          Voting as <strong>{voter.annotatorName}</strong>
        </p>
      </header>
      {refusal ? (
        <div className="error-banner" role="alert">
          {refusal}
        </div>
      ) : (
        connection.kind === 'lost' && (
          <div className="error-banner" role="alert">
            Lost the connection to the study. Your votes so far are kept; this page reconnects by itself when the server is back.
          </div>
        )
      )}
      <main id="main" className="voter-shell__main arena" aria-labelledby="voter-title" tabIndex={-1}>
        <h1 id="voter-title">Vote</h1>
        <p className="muted">
          Compare the two outputs for the task, pick the better one (or a tie) and rate each from 1 to 5. Which system made which side is hidden, and the sides are
          shuffled for every pair.{' '}
          {refusal ? 'Voting through this link has ended.' : `Your link is valid until ${dateTimeText(voter.expiresAt)}.`}
        </p>
        {error && <DismissibleAlert message={error} onDismiss={useArenaStore.getState().dismissError} />}
        <VoteTab />
        <div className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </div>
      </main>
    </div>
  );
}

/** What the page says when the server refuses the link's token without saying why (the event stream's 401). */
function refusedLinkText(expiresAt: string): string {
  const why = Date.parse(expiresAt) <= Date.now() ? 'This invite link has expired.' : 'This invite link was revoked by the study owner.';
  return `${why} Your votes so far are kept; ask the study owner for a new link to go on.`;
}
