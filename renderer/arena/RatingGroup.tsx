import { useRef, type KeyboardEvent } from 'react';
import { RATING_ANCHORS } from '../../schemas/arena.ts';
import type { DraftAction, Rating, Side, VoteDraft } from './vote-draft.ts';

const VALUES = [1, 2, 3, 4, 5] as const;

interface RatingGroupProps {
  side: Side;
  draft: VoteDraft;
  dispatch: (action: DraftAction) => void;
}

/**
 * One side's 1–5 rating as a radio group. The cursor (which rating the next digit key sets) is
 * shown on the group and follows focus: Tab between the two ratings, or a click, moves it.
 */
export function RatingGroup({ side, draft, dispatch }: RatingGroupProps) {
  const label = side === 'left' ? 'Left rating' : 'Right rating';
  const value = side === 'left' ? draft.ratingLeft : draft.ratingRight;
  const isCursor = draft.cursor === side;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const hintId = `rating-cursor-${side}`;

  // Arrows change a focused rating (the radio group pattern); they stop here so they do not also choose a side.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowUp' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    event.stopPropagation();
    const next = Math.min(5, Math.max(1, (value ?? (step > 0 ? 0 : 6)) + step)) as Rating;
    dispatch({ type: 'rate', side, value: next });
    dispatch({ type: 'cursor', side });
    buttons.current[next - 1]?.focus();
  };

  return (
    <div className={isCursor ? 'rating rating--cursor' : 'rating'}>
      <p className="rating__label" aria-hidden="true">
        {label}
        {isCursor && (
          <span className="rating__cursor" id={hintId}>
            {' '}
            ◂ next digit sets this
          </span>
        )}
      </p>
      <div
        role="radiogroup"
        aria-label={label}
        aria-describedby={isCursor ? hintId : undefined}
        aria-required="true"
        className="rating__values"
        onKeyDown={onKeyDown}
        onFocus={() => dispatch({ type: 'cursor', side })}
      >
        {VALUES.map((v) => (
          <button
            key={v}
            ref={(el) => {
              buttons.current[v - 1] = el;
            }}
            type="button"
            role="radio"
            aria-checked={value === v}
            aria-label={`${v}: ${RATING_ANCHORS[v]}`}
            title={RATING_ANCHORS[v]}
            tabIndex={(value ?? 1) === v ? 0 : -1}
            className={v >= 4 ? 'rating__value rating__value--pass' : 'rating__value'}
            onClick={() => dispatch({ type: 'rate', side, value: v })}
          >
            {v}
          </button>
        ))}
      </div>
    </div>
  );
}
