import { useRef, type KeyboardEvent } from 'react';
import type { VoteChoice } from '../../schemas/arena.ts';
import { CHOICE_LABELS } from './vote-words.ts';

const KEY_HINTS: Readonly<Record<VoteChoice, string>> = { left: '← A', right: '→ D', tie: 'T', 'both-bad': 'B' };

interface ChoiceGroupProps {
  value: VoteChoice | null;
  onChoose: (choice: VoteChoice) => void;
}

/**
 * The preference, as a radio group. ← and → already mean "prefer Left/Right" everywhere on the
 * screen, so here they keep that meaning; ↑ and ↓ walk through all four choices.
 */
export function ChoiceGroup({ value, onChoose }: ChoiceGroupProps) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusIndex = Math.max(0, CHOICE_LABELS.findIndex((c) => c.choice === value));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const down = event.key === 'ArrowDown';
    const current = CHOICE_LABELS.findIndex((c) => c.choice === value);
    const count = CHOICE_LABELS.length;
    const next = current < 0 ? (down ? 0 : count - 1) : (current + (down ? 1 : count - 1)) % count;
    onChoose(CHOICE_LABELS[next]!.choice);
    buttons.current[next]?.focus();
  };

  return (
    <div className="choice-group" role="radiogroup" aria-label="Your preference" aria-required="true" onKeyDown={onKeyDown}>
      {CHOICE_LABELS.map(({ choice, label }, index) => (
        <button
          key={choice}
          ref={(el) => {
            buttons.current[index] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === choice}
          tabIndex={index === focusIndex ? 0 : -1}
          className={`choice choice--${choice}`}
          onClick={() => onChoose(choice)}
        >
          {label}
          <kbd aria-hidden="true">{KEY_HINTS[choice]}</kbd>
        </button>
      ))}
    </div>
  );
}
