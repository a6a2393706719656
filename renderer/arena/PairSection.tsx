import { useEffect, useRef } from 'react';
import { useArenaStore } from './arena-store.ts';
import { FigmaPair } from './FigmaPair.tsx';
import { ProgrammaticPair } from './ProgrammaticPair.tsx';
import { progressText } from './vote-words.ts';

export const PAIR_REGION_ID = 'arena-pair';

/** The pair on screen, or why there is none. Sides are only ever "Left" and "Right". */
export function PairSection() {
  const item = useArenaStore((s) => s.item);
  const phase = useArenaStore((s) => s.itemPhase);
  const progress = useArenaStore((s) => s.progress);
  const loadNext = useArenaStore((s) => s.loadNext);
  const turn = useArenaStore((s) => s.turn);
  const seesStudy = useArenaStore((s) => s.seesStudy);
  const region = useRef<HTMLElement>(null);
  const shownToken = useRef<string | undefined>(undefined);

  // A new pair after a vote: focus moves from the controls just used to the pair, and a screen
  // reader reads its title. Focus on the page body (keys only) stays where it is.
  useEffect(() => {
    const token = item?.token;
    if (!token || token === shownToken.current) return;
    const hadPair = shownToken.current !== undefined;
    shownToken.current = token;
    const active = document.activeElement;
    // The next pair opens at its top, its title in view: the vote just cast may sit far below it
    // (a phone stacks the vote under the pair), and the page would otherwise stay scrolled there.
    if (hadPair && (region.current?.getBoundingClientRect().top ?? 0) < 0) region.current?.scrollIntoView({ block: 'start' });
    // Where the pair scrolls inside its own region (a wide window, voter-layout.css), it opens at its top there too.
    if (region.current) region.current.scrollTop = 0;
    if (hadPair && active && active !== document.body && !region.current?.contains(active)) region.current?.focus({ preventScroll: true });
  }, [item?.token]);

  return (
    <section id={PAIR_REGION_ID} ref={region} className="pair" aria-label="Pair" aria-busy={phase === 'loading'} tabIndex={-1}>
      {seesStudy && (
        // The study's owner chooses which turn of multi-turn runs pairs show; an invite's voter gets each run as it ended.
        <label className="pair__turn-choice">
          Turn of multi-turn runs{' '}
          <input
            type="number"
            min={1}
            step={1}
            placeholder="last"
            value={turn ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.valueAsNumber;
              void loadNext({ turn: Number.isInteger(value) && value >= 1 ? value : null });
            }}
          />
        </label>
      )}
      {item ? (
        <>
          <header className="pair__header">
            <h2 className="pair__title">{item.title}</h2>
            {item.turn && <p className="pair__turn">{item.turn.of === null ? `Turn ${item.turn.index}` : `Turn ${item.turn.index} of ${item.turn.of}`}</p>}
            {item.instruction && (
              <details className="pair__instruction" open={item.kind === 'programmatic'}>
                <summary>Instruction</summary>
                <p>{item.instruction}</p>
              </details>
            )}
          </header>
          {item.kind === 'figma' ? <FigmaPair item={item} /> : <ProgrammaticPair item={item} />}
        </>
      ) : phase === 'empty' ? (
        <div className="pair__empty">
          <h2>No pairs left</h2>
          <p>
            {progress && progress.total > 0
              ? `You have voted on ${progressText(progress)}. Thank you: every pair in your queue has a vote.`
              : 'There are no pairs to vote on yet: pairs appear once two runs of the same task have produced output.'}
          </p>
          <p>You can see pairs again to vote a second time; repeat votes are recorded as such.</p>
          <button type="button" onClick={() => void loadNext({ allowRepeats: true })}>
            Show pairs again
          </button>
        </div>
      ) : phase === 'failed' ? (
        <div className="pair__empty">
          <h2>Could not load a pair</h2>
          <p>The message above says why. Your recorded votes are kept.</p>
          <button type="button" onClick={() => void loadNext()}>
            Try again
          </button>
        </div>
      ) : (
        <p className="arena__loading">Loading the next pair…</p>
      )}
    </section>
  );
}
