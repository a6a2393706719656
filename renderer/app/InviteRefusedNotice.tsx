/** Shown when the server refuses the page's token at start: a revoked or expired invite, or an old launch's link. */
export function InviteRefusedNotice({ message }: { message: string }) {
  return (
    <main className="no-token" aria-labelledby="refused-title">
      <h1 id="refused-title">This link does not open LH-Bench Studio</h1>
      <p>{message}</p>
    </main>
  );
}
