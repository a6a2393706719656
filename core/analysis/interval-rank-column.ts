import { intervalRanks, type RankInterval } from '../stats/interval-ranks.ts';
import { column, type CellEntry, type ColumnSpec } from './format-table.ts';

/** What every ranked table's section says of its Rank column, once (the leaderboards, the Elo table). */
export const RANK_RULE =
  "Rank: 1 + the number of configurations whose 95% interval lies wholly above this one's (LMArena's rule: A ranks above B only when A's lower bound exceeds B's upper bound), so configurations whose intervals overlap share a rank, and a wide interval can share a rank with configurations on both sides of it. A configuration without an interval has no rank and moves none.";

/** The Rank column, placed after the configuration's name. */
export const rankColumn = (): ColumnSpec => column('rank', 'Rank', 'count');

/** One rank cell per row, from each row's interval, or why the row has none (`withoutInterval(i)`, asked only for rows with a null interval). */
export function rankCells(intervals: readonly RankInterval[], withoutInterval: (row: number) => string): CellEntry[] {
  return intervalRanks(intervals).map((rank, i) => (rank === null ? { value: null, missing: `No rank: ${withoutInterval(i)}` } : rank));
}
