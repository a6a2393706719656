import type { VoteChoice } from '../../schemas/arena.ts';
import { isTypingTarget, type KeyLike } from '../ui/keyboard.ts';

export type { KeyLike };
import type { Rating } from './vote-draft.ts';

export type ArenaIntent =
  | { kind: 'choose'; choice: VoteChoice }
  | { kind: 'digit'; value: Rating }
  | { kind: 'clearRating' }
  | { kind: 'focusReason' }
  /** Esc: focus leaves the reason box (or a button) for the vote area, where every voting key works. */
  | { kind: 'leaveField' }
  | { kind: 'submit' }
  | { kind: 'undo' }
  | { kind: 'toggleLegend' };


/** The key legend shown on screen, in the same words as the mapping below; `keys` are alternatives. */
export const ARENA_KEY_LEGEND: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['←', 'A'], does: 'Prefer Left' },
  { keys: ['→', 'D'], does: 'Prefer Right' },
  { keys: ['T'], does: 'Tie' },
  { keys: ['B'], does: 'Both bad' },
  { keys: ['1–5'], does: 'Rate Left, then Right (the marked rating)' },
  { keys: ['Tab'], does: 'Move between the Left and Right ratings' },
  { keys: ['Backspace'], does: 'Clear the last rating' },
  { keys: ['R'], does: 'Write a reason' },
  { keys: ['Esc'], does: 'Leave the reason box or a button, back to these keys' },
  { keys: ['Enter'], does: 'Submit the vote (on a focused button, Enter presses it)' },
  { keys: ['Ctrl+Z', 'U'], does: 'Undo your last vote' },
  { keys: ['?'], does: 'Show or hide these keys' },
];

const CHOICE_KEYS: Readonly<Record<string, VoteChoice>> = {
  arrowleft: 'left',
  a: 'left',
  arrowright: 'right',
  d: 'right',
  t: 'tie',
  b: 'both-bad',
};

function within(target: EventTarget | null, selector: string): boolean {
  const element = target as Element | null;
  return !!element && typeof element.closest === 'function' && element.closest(selector) !== null;
}

/** Controls whose own Enter (or arrows, for media) must keep working: a button's Enter presses it. */
const OWNS_ENTER = 'button, a[href], summary, select, video, audio, [role="button"], [role="tab"]';
const OWNS_ARROWS = 'video, audio, [role="tab"], [role="slider"]';

/**
 * The voting keys, as one pure mapping: ←/A and →/D prefer a side, T tie, B both bad, 1–5 set
 * the rating under the cursor, Backspace clears the last rating, R opens the reason box and Esc
 * leaves it (or a focused button), Enter submits, Ctrl/Cmd+Z or U undoes the last vote, ? toggles the legend.
 * Text fields keep every key except Esc; Alt combinations belong to the app's section keys; keys
 * inside a dialog (the live build view) belong to it.
 */
export function arenaIntentFor(event: KeyLike): ArenaIntent | undefined {
  if (within(event.target, 'dialog')) return undefined;
  if (isTypingTarget(event.target)) return event.key === 'Escape' ? { kind: 'leaveField' } : undefined;
  if (event.altKey) return undefined;
  if (event.key === 'Escape') return event.ctrlKey || event.metaKey || event.shiftKey ? undefined : { kind: 'leaveField' };
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) return key === 'z' && !event.shiftKey ? { kind: 'undo' } : undefined;
  if (event.key === '?') return { kind: 'toggleLegend' };
  if (event.shiftKey) return undefined;
  if ((key === 'arrowleft' || key === 'arrowright') && within(event.target, OWNS_ARROWS)) return undefined;
  const choice = CHOICE_KEYS[key];
  if (choice) return { kind: 'choose', choice };
  if (/^[1-5]$/.test(key)) return { kind: 'digit', value: Number(key) as Rating };
  if (key === 'backspace') return { kind: 'clearRating' };
  if (key === 'r') return { kind: 'focusReason' };
  if (key === 'u') return { kind: 'undo' };
  // A radio's Enter does nothing of its own, so from a rating or choice it still submits.
  if (key === 'enter') return within(event.target, OWNS_ENTER) && !within(event.target, '[role="radio"]') ? undefined : { kind: 'submit' };
  return undefined;
}
