import type { FormEvent } from 'react';
import { RATING_ANCHORS } from '../../schemas/arena.ts';
import { ChoiceGroup } from './ChoiceGroup.tsx';
import { RatingGroup } from './RatingGroup.tsx';
import { useArenaStore } from './arena-store.ts';
import { REASON_FIELD_ID, VOTE_REGION_ID } from './use-arena-shortcuts.ts';
import { describeMissing, missingForSubmit, ratingContradiction } from './vote-draft.ts';

/**
 * After a clicked Undo the keyboard goes back to the vote area, where every voting key works: the
 * button it pressed is disabled while the undo runs, and Enter on it would undo again, not submit.
 */
function focusVoteKeys(): void {
  document.getElementById(VOTE_REGION_ID)?.focus({ preventScroll: true });
}

/** The vote on the pair on screen: a preference, both ratings, an optional reason. */
export function VotePanel() {
  const draft = useArenaStore((s) => s.draft);
  const busy = useArenaStore((s) => s.busy);
  // A refused link (revoked, expired) ends voting on this page: nothing may look as if it would still record.
  const ready = useArenaStore((s) => s.itemPhase === 'ready' && s.item !== null && s.linkRefused === undefined);
  const refused = useArenaStore((s) => s.linkRefused !== undefined);
  const hasVotes = useArenaStore((s) => s.votesPhase !== 'ready' || s.votes.length > 0);
  const asked = useArenaStore((s) => s.item !== null && s.contradictionAsked === s.item.token);
  const contradiction = asked ? ratingContradiction(draft) : undefined;
  const { dispatch, submit, undo } = useArenaStore.getState();
  const missing = missingForSubmit(draft);
  const canSubmit = ready && !busy && missing.length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <section id={VOTE_REGION_ID} className="vote-panel" aria-label="Vote" tabIndex={-1}>
      <h2 className="vote-panel__title">Your vote</h2>
      <form onSubmit={onSubmit} aria-label="Vote on this pair">
        <fieldset className="vote-panel__fields" disabled={!ready}>
          <ChoiceGroup value={draft.choice} onChoose={(choice) => dispatch({ type: 'choose', choice })} />
          <div className="ratings" aria-describedby="rating-anchors">
            <RatingGroup side="left" draft={draft} dispatch={dispatch} />
            <RatingGroup side="right" draft={draft} dispatch={dispatch} />
            <dl id="rating-anchors" className="ratings__anchors" aria-label="What the ratings mean">
              {([1, 2, 3, 4, 5] as const).map((value) => (
                <div key={value}>
                  <dt>{value}</dt>
                  <dd>{RATING_ANCHORS[value]}</dd>
                </div>
              ))}
            </dl>
          </div>
          <label className="vote-panel__reason">
            Reason <span className="muted">(optional; <kbd>R</kbd> to write, <kbd>Esc</kbd> to leave)</span>
            <textarea
              id={REASON_FIELD_ID}
              rows={3}
              maxLength={10_000}
              value={draft.reason}
              onChange={(e) => dispatch({ type: 'reason', text: e.target.value })}
            />
          </label>
        </fieldset>
        <div className="vote-panel__actions">
          <button type="submit" className="primary" disabled={!canSubmit} aria-describedby="vote-missing" aria-keyshortcuts="Enter">
            {busy ? 'Submitting…' : 'Submit vote'} <kbd aria-hidden="true">Enter</kbd>
          </button>
          <button type="button" disabled={busy || refused || !hasVotes} aria-keyshortcuts="Control+Z U" onClick={() => void undo().then(focusVoteKeys)}>
            Undo last vote
          </button>
        </div>
        {contradiction && (
          <div className="vote-panel__contradiction" role="alert">
            <p>{contradiction} Is that what you meant?</p>
            <div className="vote-panel__actions">
              <button type="button" onClick={() => void submit()} disabled={busy}>
                Submit as it is
              </button>
              <span className="muted">or change the preference or a rating above.</span>
            </div>
          </div>
        )}
        <p id="vote-missing" className="vote-panel__missing" aria-live="polite">
          {ready ? (missing.length > 0 ? `${describeMissing(missing)}.` : 'Ready to submit.') : ''}
        </p>
      </form>
    </section>
  );
}
