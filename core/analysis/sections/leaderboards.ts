import { leaderboardSections } from '../leaderboard-tables.ts';
import { buildLeaderboards } from '../leaderboards.ts';
import { leaderboardChart } from '../report-charts.ts';
import { RANK_RULE } from '../interval-rank-column.ts';
import { defineSection } from '../report-section-entry.ts';
import { pair, part, say, table } from '../section-blocks.ts';

/** One part per tier and rubric set version: its 3- and 5-point tables one after the other, their charts side by side. */
export const leaderboardsSection = defineSection({
  id: 'leaderboards',
  title: 'Leaderboards',
  compute: ({ data, sets, options }) => buildLeaderboards(data, sets, options),
  tables: ({ leaderboards }) => leaderboardSections(leaderboards),
  render: ({ tables }) => {
    const intro = say(
      'muted',
      `A run's score is the weighted mean of one rubric set's rubrics, averaged over the judges; each configuration's score is its mean over tasks, with a 95% bootstrap interval over tasks and their runs. Sets and scales are never mixed: a 3-point set scores 0–2, a 5-point set 1–5. Best first. ${RANK_RULE}`,
    );
    if (tables.leaderboards.length === 0) return { empty: true, blocks: [intro, say('empty', 'No judgments yet: judge finished runs to fill the process, output and content leaderboards.')] };
    return {
      blocks: [
        intro,
        ...tables.leaderboards.map((section) =>
          part(section.title, [
            ...section.boards.map((board) => table(board.table)),
            pair(section.boards.map((board) => ({ kind: 'chart', chart: leaderboardChart(section, board), fileName: board.table.id }))),
          ]),
        ),
      ],
    };
  },
  card: 'rankings',
});
