import { useArenaStore } from './arena-store.ts';

/**
 * In the vote panel's place once the voter's queue is empty: a vote form with nothing to vote on
 * is a dead end, so this says what can be done next instead.
 */
export function QueueDonePanel() {
  const busy = useArenaStore((s) => s.busy);
  const hasVotes = useArenaStore((s) => s.votes.length > 0);
  // An invited voter has one name and no Study tab: the owner's steps would be dead ends for them.
  const owner = useArenaStore((s) => s.seesStudy);
  const { undo, changeAnnotator, showTab } = useArenaStore.getState();
  return (
    <section className="vote-panel queue-done" aria-labelledby="queue-done-title">
      <h2 id="queue-done-title" className="vote-panel__title">
        What next
      </h2>
      <ul className="queue-done__steps">
        {hasVotes && (
          <li>
            Check your votes below. If the last one was a slip,{' '}
            <button type="button" disabled={busy} onClick={() => void undo()}>
              Undo last vote
            </button>{' '}
            brings its pair back.
          </li>
        )}
        {owner && (
          <li>
            Someone else voting on this computer?{' '}
            <button type="button" onClick={changeAnnotator}>
              Change annotator
            </button>
          </li>
        )}
        {owner && (
          <li>
            Running this study? The{' '}
            <button type="button" className="link-button" onClick={() => showTab('study')}>
              Study tab
            </button>{' '}
            shows the ratings and agreement so far.
          </li>
        )}
        <li>Otherwise you are done: you can close this window. Your votes are saved.</li>
      </ul>
    </section>
  );
}
