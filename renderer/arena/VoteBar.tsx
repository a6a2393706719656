import { useEffect, useState } from 'react';
import { useArenaStore } from './arena-store.ts';
import { VOTE_REGION_ID } from './use-arena-shortcuts.ts';
import { describeMissing, missingForSubmit, type VoteDraft } from './vote-draft.ts';
import { CHOICE_WORDS } from './vote-words.ts';
import './vote-bar.css';

/** The draft in a few words: "Tie · Left 2 · Right 4", or what is still needed. */
export function draftSummary(draft: VoteDraft): string {
  const missing = missingForSubmit(draft);
  if (missing.length > 0) return `${describeMissing(missing)}.`;
  return `${CHOICE_WORDS[draft.choice!]} · Left ${draft.ratingLeft} · Right ${draft.ratingRight}`;
}

function showVotePanel(): void {
  const panel = document.getElementById(VOTE_REGION_ID);
  panel?.scrollIntoView({ block: 'start' });
  panel?.focus({ preventScroll: true });
}

/**
 * A compact vote that stays at the bottom of the window while the voter scrolls through the
 * frames, where the whole Vote panel sits below the pair (a phone, a narrow window): what is set
 * so far, Submit, and a way to the full panel. It hides while the Vote panel's own Submit is in
 * view, so it never covers the panel it repeats; sticky, not fixed, it ends in its own place
 * below the pair and covers nothing once scrolled to the end. Hidden, it keeps its place: were
 * it taken out of the page, the page would grow shorter under a finger scrolled to its end and
 * the controls would jump while being tapped. On a wide window the Vote panel itself stays
 * beside the pair (voter-layout.css) and this bar is not drawn.
 */
export function VoteBar() {
  const draft = useArenaStore((s) => s.draft);
  const busy = useArenaStore((s) => s.busy);
  const ready = useArenaStore((s) => s.itemPhase === 'ready' && s.item !== null && s.linkRefused === undefined);
  const [panelActionsInView, setPanelActionsInView] = useState(false);
  const canSubmit = ready && !busy && missingForSubmit(draft).length === 0;

  useEffect(() => {
    const actions = document.querySelector(`#${VOTE_REGION_ID} form > .vote-panel__actions`);
    if (!actions) return;
    const observer = new IntersectionObserver(([entry]) => setPanelActionsInView(entry?.isIntersecting ?? false));
    observer.observe(actions);
    return () => observer.disconnect();
  }, []);

  if (!ready) return null;
  return (
    <section className={panelActionsInView ? 'vote-bar vote-bar--idle' : 'vote-bar'} aria-label="Vote bar" aria-hidden={panelActionsInView || undefined} inert={panelActionsInView}>
      <p className="vote-bar__summary">{draftSummary(draft)}</p>
      <button type="button" onClick={showVotePanel}>
        Change
      </button>
      <button
        type="button"
        className="primary"
        disabled={!canSubmit}
        onClick={() => {
          const { submit, item } = useArenaStore.getState();
          const token = item?.token;
          void submit().then(() => {
            // The vote was held for a question (a preferred side rated lower): the panel asks it.
            if (useArenaStore.getState().contradictionAsked === token && useArenaStore.getState().item?.token === token) showVotePanel();
          });
        }}
      >
        {busy ? 'Submitting…' : 'Submit vote'}
      </button>
    </section>
  );
}
