import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, describeMissing, missingForSubmit, ratingContradiction, voteDraftReducer, type DraftAction, type Rating, type VoteDraft } from './vote-draft.ts';

const run = (...actions: DraftAction[]): VoteDraft => actions.reduce(voteDraftReducer, EMPTY_DRAFT);

describe('the vote draft', () => {
  it('sets Left with the first digit and Right with the next, the cursor following', () => {
    const afterOne = run({ type: 'digit', value: 4 });
    expect(afterOne).toMatchObject({ ratingLeft: 4, ratingRight: null, cursor: 'right' });
    const afterTwo = voteDraftReducer(afterOne, { type: 'digit', value: 2 });
    expect(afterTwo).toMatchObject({ ratingLeft: 4, ratingRight: 2, cursor: 'right' });
    // Further digits correct the Right rating; Left stays.
    expect(voteDraftReducer(afterTwo, { type: 'digit', value: 3 })).toMatchObject({ ratingLeft: 4, ratingRight: 3 });
  });

  it('lets a moved cursor decide which rating a digit sets', () => {
    const draft = run({ type: 'digit', value: 5 }, { type: 'digit', value: 1 }, { type: 'cursor', side: 'left' }, { type: 'digit', value: 2 });
    expect(draft).toMatchObject({ ratingLeft: 2, ratingRight: 1, cursor: 'right' });
  });

  it('sets a clicked rating directly, and Right before Left when clicked so', () => {
    expect(run({ type: 'rate', side: 'right', value: 3 })).toMatchObject({ ratingLeft: null, ratingRight: 3 });
    expect(run({ type: 'rate', side: 'left', value: 5 })).toMatchObject({ ratingLeft: 5, cursor: 'right' });
  });

  it('clears the last rating set with Backspace and puts the cursor on it', () => {
    const both = run({ type: 'digit', value: 4 }, { type: 'digit', value: 2 });
    const once = voteDraftReducer(both, { type: 'clearLast' });
    expect(once).toMatchObject({ ratingLeft: 4, ratingRight: null, cursor: 'right' });
    const twice = voteDraftReducer(once, { type: 'clearLast' });
    expect(twice).toMatchObject({ ratingLeft: null, ratingRight: null, cursor: 'left' });
    expect(voteDraftReducer(twice, { type: 'clearLast' })).toBe(twice);
    // The order is the order set, not the screen's: Right clicked last is cleared first.
    const rightLast = run({ type: 'rate', side: 'left', value: 1 }, { type: 'rate', side: 'right', value: 5 }, { type: 'rate', side: 'left', value: 2 });
    expect(voteDraftReducer(rightLast, { type: 'clearLast' })).toMatchObject({ ratingLeft: null, ratingRight: 5, cursor: 'left' });
  });

  it('keeps the choice and reason apart from the ratings, and a new pair starts empty', () => {
    const draft = run({ type: 'choose', choice: 'tie' }, { type: 'reason', text: 'both fine' }, { type: 'choose', choice: 'both-bad' }, { type: 'digit', value: 1 });
    expect(draft).toMatchObject({ choice: 'both-bad', reason: 'both fine', ratingLeft: 1 });
    expect(voteDraftReducer(draft, { type: 'reset' })).toEqual(EMPTY_DRAFT);
  });

  it('restores an undone vote whole', () => {
    const restored = run({ type: 'digit', value: 3 }, { type: 'restore', choice: 'right', ratingLeft: 2, ratingRight: 5, reason: 'cleaner' });
    expect(restored).toMatchObject({ choice: 'right', ratingLeft: 2, ratingRight: 5, reason: 'cleaner' });
    expect(missingForSubmit(restored)).toEqual([]);
  });

  it('starts the rating marker on Left after an undo, so two digits re-rate Left then Right', () => {
    const restored = run({ type: 'digit', value: 3 }, { type: 'digit', value: 3 }, { type: 'restore', choice: 'left', ratingLeft: 4, ratingRight: 4, reason: '' });
    expect(restored.cursor).toBe('left');
    const retyped = run({ type: 'restore', choice: 'left', ratingLeft: 4, ratingRight: 4, reason: '' }, { type: 'digit', value: 5 }, { type: 'digit', value: 2 });
    expect(retyped).toMatchObject({ ratingLeft: 5, ratingRight: 2 });
    expect(missingForSubmit(retyped)).toEqual([]);
  });

  it('says what still stops the vote', () => {
    expect(describeMissing(missingForSubmit(EMPTY_DRAFT))).toBe('Still needed: a preference, the Left rating and the Right rating');
    expect(describeMissing(missingForSubmit(run({ type: 'choose', choice: 'left' }, { type: 'digit', value: 4 })))).toBe('Still needed: the Right rating');
    expect(describeMissing(missingForSubmit(run({ type: 'digit', value: 4 }, { type: 'digit', value: 4 })))).toBe('Still needed: a preference');
    expect(describeMissing([])).toBe('');
  });
});

describe('ratingContradiction', () => {
  const draft = (choice: VoteDraft['choice'], ratingLeft: Rating | null, ratingRight: Rating | null): VoteDraft => ({ ...EMPTY_DRAFT, choice, ratingLeft, ratingRight });

  it('asks when the preferred side is rated lower than the other', () => {
    expect(ratingContradiction(draft('left', 2, 4))).toBe('You preferred Left but rated it lower than Right (2 against 4).');
    expect(ratingContradiction(draft('right', 5, 3))).toBe('You preferred Right but rated it lower than Left (3 against 5).');
  });

  it('stays quiet for consistent, equal, tie, both-bad and incomplete votes', () => {
    expect(ratingContradiction(draft('left', 4, 2))).toBeUndefined();
    expect(ratingContradiction(draft('left', 3, 3))).toBeUndefined();
    expect(ratingContradiction(draft('tie', 1, 5))).toBeUndefined();
    expect(ratingContradiction(draft('both-bad', 1, 5))).toBeUndefined();
    expect(ratingContradiction(draft('left', null, 5))).toBeUndefined();
  });
});
