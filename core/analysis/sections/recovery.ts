import { formatRate } from '../../../schemas/format-number.ts';
import { tableToMarkdown } from '../../../schemas/table-markdown.ts';
import { buildRecovery } from '../recovery.ts';
import { recoveryConfigurationChart, recoveryTypeChart } from '../report-charts.ts';
import { readRecovery } from '../report-readings.ts';
import { defineSection, type MarkdownLevel, type RenderInput } from '../report-section-entry.ts';
import { pair, part, reading, say, table } from '../section-blocks.ts';

/** Error → recovery: how often a run got past its own failures, per error type and per configuration. */
export const recoverySection = defineSection({
  id: 'recovery',
  title: 'Error recovery',
  compute: ({ errorSets, options }) => buildRecovery(errorSets, options),
  withoutVotes: true,
  render: ({ recovery, tables }) => {
    if (recovery.runs === 0) {
      return {
        empty: true,
        blocks: [say('empty', 'No run with a trajectory yet. Runs executed here (a study in Runs, or `lhb runs start`) and runs imported with an ATIF trajectory.json (`lhb runs import`) are counted.')],
      };
    }
    const { byType, byConfiguration } = tables.recovery;
    return {
      blocks: [
        ...reading(readRecovery(recovery), ['plain', 'muted']),
        ...(recovery.byType.length > 0 ? [part('By error type', [pair([table(byType), { kind: 'chart', chart: recoveryTypeChart(byType), fileName: 'recovery-by-type' }])])] : []),
        part('By configuration', [pair([table(byConfiguration), { kind: 'chart', chart: recoveryConfigurationChart(byConfiguration), fileName: 'recovery-by-configuration' }])]),
      ],
    };
  },
  markdown: recoveryMarkdown,
  card: 'none',
});

/** The headline rate, then per error type and per configuration. */
function recoveryMarkdown({ recovery, tables }: RenderInput, level: MarkdownLevel): string {
  const out = [`${level} Error recovery\n`];
  const { overall } = recovery;
  if (recovery.runs === 0) {
    out.push('_No run with a trajectory yet: runs executed here (`lhb runs start`) and runs imported with an ATIF trajectory.json are counted._\n');
    return out.join('\n');
  }
  const imported = recovery.importedRuns > 0 ? ` (${recovery.importedRuns} imported)` : '';
  const rate = (value: number | null) => formatRate(value).text;
  out.push(
    overall.errors === 0
      ? `No errors in ${recovery.runs} runs with a trajectory${imported}.\n`
      : `${overall.recovered} of ${overall.errors} errors recovered (${rate(overall.rate)}, 95% CI ${rate(overall.lo)}–${rate(overall.hi)}, bootstrap over runs) in ${recovery.runs} runs with a trajectory${imported}.\n`,
  );
  out.push(`${level}# By error type\n`);
  out.push(tableToMarkdown(tables.recovery.byType));
  out.push(`${level}# By configuration\n`);
  out.push(tableToMarkdown(tables.recovery.byConfiguration));
  return out.join('\n');
}
