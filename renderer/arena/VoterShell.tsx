import { useEffect, useState } from 'react';
import type { Session } from '../../schemas/invites.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { watchesConnection, type ConnectionState } from '../api/connection-state.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { useArenaStore } from './arena-store.ts';
import { VoteTab } from './VoteTab.tsx';
import './arena.css';
import './invites.css';

type Voter = Extract<Session, { role: 'voter' }>;

/**
 * What an invite link opens: the arena's Vote view for the link's annotator and nothing else, no
 * navigation, no project or workspace names, no jobs. The server decided this (session.whoami)
 * and refuses everything else such a token asks for.
 */
export function VoterShell({ client, voter }: { client: RpcClient; voter: Voter }) {
  const error = useArenaStore((s) => s.error);
  const announcement = useArenaStore((s) => s.announcement);
  const [connection, setConnection] = useState<ConnectionState>({ kind: 'connected' });

  useEffect(() => {
    // The link names one annotator: no list of others, no picker, no "Change".
    useArenaStore.setState({ client, annotators: [{ id: voter.annotatorId, name: voter.annotatorName, synthetic: false, votes: 0 }], annotatorsPhase: 'ready', tab: 'vote' });
    useArenaStore.getState().chooseAnnotator(voter.annotatorId);
    document.title = `Vote · ${voter.annotatorName}`;
  }, [client, voter]);

  useEffect(() => (watchesConnection(client) ? client.onConnection(setConnection) : undefined), [client]);

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
      {connection.kind !== 'connected' && (
        <div className="error-banner" role="alert">
          {connection.kind === 'token-rejected'
            ? 'This invite link no longer works: the study owner revoked it, it expired, or the app was moved. Your votes so far are kept; ask the study owner for a new link.'
            : 'Lost the connection to the study. Your votes so far are kept; this page reconnects by itself when the server is back.'}
        </div>
      )}
      <main id="main" className="voter-shell__main arena" aria-labelledby="voter-title" tabIndex={-1}>
        <h1 id="voter-title">Vote</h1>
        <p className="muted">
          Compare the two outputs for the task, pick the better one (or a tie) and rate each from 1 to 5. Which system made which side is hidden, and the sides are
          shuffled for every pair. Your link is valid until {new Date(voter.expiresAt).toLocaleDateString()}.
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
