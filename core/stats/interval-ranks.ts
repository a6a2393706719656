// Ranks that tie where intervals overlap, by LMArena's rule: A ranks above B only when A's lower
// bound exceeds B's upper bound. Pure: intervals in, ranks out.

/** A 95% interval, or null where there is none (too little data to draw one). */
export type RankInterval = { lo: number; hi: number } | null;

/**
 * Each entry's rank: 1 + the number of entries whose lower bound exceeds its upper bound, so
 * entries whose intervals overlap share a rank and a rank is skipped after a tie (1, 1, 3).
 * An entry without an interval has no rank (null) and moves no other entry down: nothing says
 * where it stands. Ranks need no order in the input; a wide interval can tie with entries on
 * both sides of it, so ranks follow the intervals, not the estimates. Throws a RangeError naming
 * the entry when a bound is not a finite number or lo exceeds hi.
 */
export function intervalRanks(intervals: readonly RankInterval[]): (number | null)[] {
  intervals.forEach((interval, i) => {
    if (interval === null) return;
    if (!Number.isFinite(interval.lo) || !Number.isFinite(interval.hi)) throw new RangeError(`intervals[${i}] must have finite bounds, got [${interval.lo}, ${interval.hi}]`);
    if (interval.lo > interval.hi) throw new RangeError(`intervals[${i}] has its lower bound ${interval.lo} above its upper bound ${interval.hi}`);
  });
  const lowers = intervals.flatMap((interval) => (interval === null ? [] : [interval.lo]));
  return intervals.map((interval) => (interval === null ? null : 1 + lowers.filter((lo) => lo > interval.hi).length));
}
