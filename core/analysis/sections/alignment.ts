import { tableToMarkdown } from '../../../schemas/table-markdown.ts';
import { buildAlignment } from '../alignment.ts';
import { defineSection, type MarkdownLevel, type RenderInput } from '../report-section-entry.ts';
import { part, say, table } from '../section-blocks.ts';

const NO_VOTE_ON_SET = 'No human vote on a pair both of whose runs were scored with this set.';

/** Per tier, rubric set and scale: whether the judges pick the winner people voted for, win rates side by side, and agreement per pair of configurations. */
export const alignmentSection = defineSection({
  id: 'alignment',
  title: 'Human–judge alignment',
  compute: ({ data, sets }) => buildAlignment(data, sets),
  render: ({ alignment, tables }) => {
    if (!alignment.groups.some((group) => group.together.n > 0)) return { empty: true, blocks: [say('empty', 'Alignment needs human votes on pairs whose two runs the judges have scored.')] };
    return {
      blocks: [
        say(
          'muted',
          'For each rubric set: on the pairs people voted on, the run with the higher score wins and equal scores tie. n counts the votes on pairs whose two runs were scored with the set.',
        ),
        ...tables.alignment.map((group, i) =>
          part(group.title, alignment.groups[i]!.together.n > 0 ? [group.judges, group.winRates, group.pairs].map(table) : [say('empty', NO_VOTE_ON_SET)]),
        ),
      ],
    };
  },
  markdown: alignmentMarkdown,
  card: 'rankings',
});

/** Human votes against the judges' scores, per tier, rubric set version and scale. */
function alignmentMarkdown({ tables }: RenderInput, level: MarkdownLevel): string {
  const out = [`${level} Human–judge alignment (per tier, rubric set and scale)\n`];
  if (tables.alignment.length === 0) return [...out, "_No judgments yet: alignment compares the judges' scores with the human votes on the same pairs._\n"].join('\n');
  out.push('On each pair people voted on whose two runs were scored with the set, the run with the higher score wins and equal scores tie; n counts those votes.\n');
  for (const group of tables.alignment) {
    out.push(`${level}# ${group.title}\n`);
    if (group.judges.rows.every((row) => row[1]?.value === 0)) {
      out.push(`_${NO_VOTE_ON_SET}_\n`);
      continue;
    }
    out.push(tableToMarkdown(group.judges), tableToMarkdown(group.winRates), tableToMarkdown(group.pairs));
  }
  return out.join('\n');
}
