import { tableToMarkdown } from '../../../schemas/table-markdown.ts';
import { buildLeaderboards } from '../leaderboards.ts';
import { leaderboardChart } from '../report-charts.ts';
import { defineSection, type MarkdownLevel, type RenderInput } from '../report-section-entry.ts';
import { pair, part, say, table } from '../section-blocks.ts';

/** One part per tier and rubric set version: its 3- and 5-point tables one after the other, their charts side by side. */
export const leaderboardsSection = defineSection({
  id: 'leaderboards',
  title: 'Leaderboards',
  compute: ({ data, sets, options }) => buildLeaderboards(data, sets, options),
  render: ({ tables }) => {
    const intro = say(
      'muted',
      "A run's score is the weighted mean of one rubric set's rubrics, averaged over the judges; each configuration's score is its mean over tasks, with a 95% bootstrap interval over tasks and their runs. Sets and scales are never mixed: a 3-point set scores 0–2, a 5-point set 1–5. Best first.",
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
  markdown: leaderboardsMarkdown,
  card: 'rankings',
});

/** The leaderboards as the method reports them: a part per tier and rubric set version, its 3- and 5-point tables one after the other. */
function leaderboardsMarkdown({ tables }: RenderInput, level: MarkdownLevel): string {
  const out = [`${level} Leaderboards (judge scores per tier, rubric set and scale)\n`];
  if (tables.leaderboards.length === 0) return [...out, '_No judgments yet: judge finished runs to fill the leaderboards._\n'].join('\n');
  out.push(
    "A run's score is the weighted mean of one rubric set's rubrics (S = Σ wᵢsᵢ, Σ wᵢ = 1) averaged over judges; a judge that did not score every rubric of the set for a run gives that run no score (counted under the table). " +
      'Sets and scales are never pooled: a 3-point set scores 0–2, a 5-point set 1–5.\n',
  );
  for (const section of tables.leaderboards) {
    out.push(`${level}# ${section.title}\n`);
    for (const board of section.boards) out.push(tableToMarkdown(board.table));
  }
  return out.join('\n');
}
