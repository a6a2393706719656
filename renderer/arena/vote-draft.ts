import type { VoteChoice } from '../../schemas/arena.ts';

export type Side = 'left' | 'right';
export type Rating = 1 | 2 | 3 | 4 | 5;

/**
 * What the voter has set on the pair on screen and not yet submitted. `cursor` is the rating the
 * next digit key sets; `rated` lists the sides rated, oldest first, so Backspace clears the last.
 */
export interface VoteDraft {
  choice: VoteChoice | null;
  ratingLeft: Rating | null;
  ratingRight: Rating | null;
  cursor: Side;
  rated: Side[];
  reason: string;
}

export type DraftAction =
  | { type: 'choose'; choice: VoteChoice }
  /** A digit key: sets the rating under the cursor, then moves the cursor on to Right. */
  | { type: 'digit'; value: Rating }
  /** A click on one rating's value: sets it, and moves on to Right as a digit would. */
  | { type: 'rate'; side: Side; value: Rating }
  /** Focus or Tab moved into one rating. */
  | { type: 'cursor'; side: Side }
  /** Backspace: clears the rating set last and puts the cursor back on it. */
  | { type: 'clearLast' }
  | { type: 'reason'; text: string }
  /** A new pair: nothing carries over. */
  | { type: 'reset' }
  /** Undo brought a vote back: its choice, ratings and reason become the draft again. */
  | { type: 'restore'; choice: VoteChoice; ratingLeft: Rating; ratingRight: Rating; reason: string };

export const EMPTY_DRAFT: VoteDraft = { choice: null, ratingLeft: null, ratingRight: null, cursor: 'left', rated: [], reason: '' };

const ratingKey = (side: Side) => (side === 'left' ? 'ratingLeft' : 'ratingRight');

function setRating(draft: VoteDraft, side: Side, value: Rating): VoteDraft {
  return {
    ...draft,
    [ratingKey(side)]: value,
    rated: [...draft.rated.filter((s) => s !== side), side],
    // Left then Right is the reading order; once Right is set, the cursor stays there for corrections.
    cursor: 'right',
  };
}

export function voteDraftReducer(draft: VoteDraft, action: DraftAction): VoteDraft {
  switch (action.type) {
    case 'choose':
      return draft.choice === action.choice ? draft : { ...draft, choice: action.choice };
    case 'digit':
      return setRating(draft, draft.cursor, action.value);
    case 'rate':
      return setRating(draft, action.side, action.value);
    case 'cursor':
      return draft.cursor === action.side ? draft : { ...draft, cursor: action.side };
    case 'clearLast': {
      const last = draft.rated.at(-1);
      if (!last) return draft;
      return { ...draft, [ratingKey(last)]: null, rated: draft.rated.slice(0, -1), cursor: last };
    }
    case 'reason':
      return { ...draft, reason: action.text };
    case 'reset':
      return EMPTY_DRAFT;
    case 'restore':
      // The marker starts on Left, as on any pair: typing two digits re-rates Left then Right (issue 40).
      return { choice: action.choice, ratingLeft: action.ratingLeft, ratingRight: action.ratingRight, cursor: 'left', rated: ['left', 'right'], reason: action.reason };
  }
}

/** What still stops the vote, in the words the Submit button shows; empty when it can go. */
export function missingForSubmit(draft: VoteDraft): string[] {
  const missing: string[] = [];
  if (!draft.choice) missing.push('a preference');
  if (draft.ratingLeft === null) missing.push('the Left rating');
  if (draft.ratingRight === null) missing.push('the Right rating');
  return missing;
}

/** "Still needed: a preference and the Right rating". */
export function describeMissing(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const list = missing.length === 1 ? missing[0]! : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)!}`;
  return `Still needed: ${list}`;
}

export function isRating(value: number): value is Rating {
  return Number.isInteger(value) && value >= 1 && value <= 5;
}

/**
 * When the preferred side is rated lower than the other ("Left" preferred, Left 2 and Right 4),
 * the words that ask the voter about it; undefined when the vote is consistent or incomplete.
 */
export function ratingContradiction(draft: VoteDraft): string | undefined {
  const { choice, ratingLeft, ratingRight } = draft;
  if (ratingLeft === null || ratingRight === null || (choice !== 'left' && choice !== 'right')) return undefined;
  const [preferred, other] = choice === 'left' ? [ratingLeft, ratingRight] : [ratingRight, ratingLeft];
  if (preferred >= other) return undefined;
  const [chosen, rest] = choice === 'left' ? ['Left', 'Right'] : ['Right', 'Left'];
  return `You preferred ${chosen} but rated it lower than ${rest} (${preferred} against ${other}).`;
}
