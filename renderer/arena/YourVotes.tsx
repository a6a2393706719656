import { useArenaStore } from './arena-store.ts';
import { CHOICE_WORDS, secondsText } from './vote-words.ts';

/**
 * The voter's own recorded votes, newest first, as the server has them (so a reload shows them too).
 * Which of the pair's halves was on the left is stored with each vote for the position-bias
 * analysis, but never sent here: the voter only ever saw "Left" and "Right" (issue 40).
 */
export function YourVotes() {
  const votes = useArenaStore((s) => s.votes);
  const phase = useArenaStore((s) => s.votesPhase);
  return (
    <section className="your-votes" aria-labelledby="your-votes-title">
      <h2 id="your-votes-title">Your votes</h2>
      {phase === 'loading' && <p className="muted">Loading your votes…</p>}
      {phase === 'ready' && votes.length === 0 && <p className="muted">No votes yet. Your votes will be listed here, newest first.</p>}
      {votes.length > 0 && (
        <ol className="your-votes__list" aria-label="Your votes">
          {votes.map((vote) => (
            <li key={vote.id} data-vote-id={vote.id} className="your-votes__row">
              <p className="your-votes__head">
                <strong>{vote.taskTitle}</strong> · {CHOICE_WORDS[vote.choice]}
              </p>
              <p className="muted">
                Left {vote.ratingLeft}/5 · Right {vote.ratingRight}/5 · {secondsText(vote.timeOnItemMs)} on this pair
              </p>
              <p className={vote.reason ? 'your-votes__reason' : 'your-votes__reason muted'}>{vote.reason ? `“${vote.reason}”` : 'No reason given'}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
