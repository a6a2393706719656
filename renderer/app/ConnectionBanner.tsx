import type { ConnectionState } from '../api/connection-state.ts';
import { dateTimeText } from '../ui/date-time-text.ts';

/**
 * Says, in place of the error banner, that the tab lost the app's server (browser mode), and
 * how to get it back. The token changes at every launch, so a restarted server is a new address.
 */
export function ConnectionBanner({ connection }: { connection: Exclude<ConnectionState, { kind: 'connected' }> }) {
  const at = dateTimeText(connection.since);
  return (
    <div className="error-banner" role="alert" aria-labelledby="connection-banner-title">
      {connection.kind === 'lost' ? (
        <p>
          <strong id="connection-banner-title">The app&apos;s server has stopped.</strong> This tab lost its connection to LH-Bench Studio at {at}. Jobs that were
          running may have stopped with it; what they finished is kept in the workspace. To go on, start the server again in a terminal (<code>npm start</code>{' '}
          in the project folder, or <code>lhb serve</code>) and open the address it prints: each launch has a new token, so this tab cannot join a new launch by
          itself. It reconnects on its own only if this same server comes back.
        </p>
      ) : (
        <p>
          <strong id="connection-banner-title">The app&apos;s server was restarted.</strong> Since {at} a new launch answers at this address, with a new token
          this tab does not have. Open the address it printed in the terminal (it ends in <code>#token=…</code>); the jobs are listed there.
        </p>
      )}
    </div>
  );
}
