import type { RunPair } from './pair-key.ts';
import type { RandomSource } from '../random/random-source.ts';

export type ShownSide = 'left' | 'right';

/** Which of the pair's runs was shown on the left; stored with the vote. */
export type ShownOrder = 'a-left' | 'b-left';

export interface SideAssignment {
  readonly left: string;
  readonly right: string;
  readonly shownOrder: ShownOrder;
}

export type VoteChoice = ShownSide | 'tie' | 'both-bad';

/**
 * Left/right for one vote: a fresh, independent, fair draw per vote (never alternation, never
 * derived from the pair), so position cannot correlate with identity.
 */
export function assignSides(pair: RunPair, random: RandomSource): SideAssignment {
  return sidesFor(pair, random.next() < 0.5 ? 'a-left' : 'b-left');
}

/** The sides a stored shown order means, to rebuild what the annotator saw. */
export function sidesFor(pair: RunPair, shownOrder: ShownOrder): SideAssignment {
  return shownOrder === 'a-left'
    ? { left: pair.runA, right: pair.runB, shownOrder }
    : { left: pair.runB, right: pair.runA, shownOrder };
}

/** The run a vote preferred, or null when the choice names no winner (tie, both bad). */
export function winnerRunId(pair: RunPair, shownOrder: ShownOrder, choice: VoteChoice): string | null {
  if (choice === 'tie' || choice === 'both-bad') return null;
  return sidesFor(pair, shownOrder)[choice];
}
