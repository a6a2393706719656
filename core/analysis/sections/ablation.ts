import { ablationUnpairedNote } from '../../../schemas/analysis.ts';
import type { ReportBlock } from '../../../schemas/report-section.ts';
import { buildAblation } from '../ablation.ts';
import { loadAblationRuns } from '../ablation-data.ts';
import { ablationArmTable, ablationPairedTable, ablationPairsTable, ablationScoreTable, ablationTableStems, ablationUnpairedTable } from '../ablation-tables.ts';
import { readAblationComparison } from '../report-readings.ts';
import { defineSection } from '../report-section-entry.ts';
import { part, reading, say, table } from '../section-blocks.ts';

/**
 * The paired skill ablation: per (harness, model) whose runs differ only in skill version, each
 * arm's runs and scores, and each arm against the reference over matched (study, task, repeat)
 * pairs, with the pairs counted per study and the runs left unpaired listed with why.
 * Shown only when the workspace holds such runs.
 */
export const ablationSection = defineSection({
  id: 'ablation',
  title: 'Skill ablation',
  compute: ({ db, data, errorSets, sets, options }) => buildAblation(loadAblationRuns(db, data, errorSets), sets, options),
  withoutVotes: true,
  tables: ({ ablation }) => {
    const stems = ablationTableStems(ablation.groups);
    return ablation.groups.map((group, i) => ({
      title: group.label,
      arms: ablationArmTable(group, stems[i]!),
      scores: ablationScoreTable(group, stems[i]!),
      paired: ablationPairedTable(group, stems[i]!),
      pairs: ablationPairsTable(group, stems[i]!),
      unpaired: ablationUnpairedTable(group, stems[i]!),
    }));
  },
  render: ({ ablation, tables }) => {
    if (ablation.groups.length === 0) return null;
    return {
      blocks: [
        say(
          'muted',
          'Runs of one harness and model that differ only in skill version (`none` = without SKILL.md). Each arm is compared with the reference over pairs of runs of the same study, task and repeat of that study (runs of two studies, or imported runs no study made, never pair): the mean paired difference, a 95% paired bootstrap interval and a two-sided sign test. The pairs used and every run left unpaired, with why, are listed below.',
        ),
        ...ablation.groups.map((group, i) => {
          const groupTables = tables.ablation[i]!;
          const comparisons = group.comparisons.flatMap((comparison): ReportBlock[] => {
            const note = ablationUnpairedNote(comparison);
            return [...reading(readAblationComparison(comparison), ['plain', 'muted']), ...(note ? [say('plain', note, `Unpaired runs: ${comparison.skill} − ${comparison.reference}`)] : [])];
          });
          return part(groupTables.title, [
            ...comparisons,
            table(groupTables.arms),
            ...(groupTables.scores.rows.length > 0 ? [table(groupTables.paired), table(groupTables.scores)] : [say('empty', 'No run of these arms was judged yet: judge them in Judges to compare their scores.')]),
            table(groupTables.pairs),
            ...(groupTables.unpaired.rows.length > 0 ? [table(groupTables.unpaired)] : []),
          ]);
        }),
      ],
    };
  },
  card: 'own',
});
