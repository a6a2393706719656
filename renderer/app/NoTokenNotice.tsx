/** Shown when the page was opened without the launch token (e.g. a bookmark from an old run). */
export function NoTokenNotice() {
  return (
    <main className="no-token" aria-labelledby="no-token-title">
      <h1 id="no-token-title">Open the link LH-Bench Studio printed</h1>
      <p>
        This page needs the address <code>lhb serve</code> (or <code>npm start</code>) printed in the terminal, ending in{' '}
        <code>#token=…</code>. Each launch makes a new token so that other sites and users on this machine cannot reach your workspace.
      </p>
    </main>
  );
}
