import { buildRecovery } from '../recovery.ts';
import { recoveryConfigurationTable, recoveryTypeTable } from '../recovery-tables.ts';
import { recoveryConfigurationChart, recoveryTypeChart } from '../report-charts.ts';
import { readRecovery } from '../report-readings.ts';
import { defineSection } from '../report-section-entry.ts';
import { pair, part, reading, say, table } from '../section-blocks.ts';

/** Error → recovery: how often a run got past its own failures, per error type and per configuration. */
export const recoverySection = defineSection({
  id: 'recovery',
  title: 'Error recovery',
  compute: ({ errorSets, options }) => buildRecovery(errorSets, options),
  withoutVotes: true,
  tables: ({ recovery }) => ({ byType: recoveryTypeTable(recovery), byConfiguration: recoveryConfigurationTable(recovery) }),
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
  card: 'none',
});
