import type { ArtifactEffectRow, Controls } from '../../schemas/analysis.ts';
import { formatDecimal } from '../../schemas/format-number.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable } from './format-table.ts';
import { TIER_TITLES } from './leaderboard-tables.ts';

const TOO_FEW_TASKS = 'too few tasks for an interval';

/** Why a rubric is flagged, in words: which rule held. */
export function notMovedReason(row: Pick<ArtifactEffectRow, 'why' | 'threshold'>): string | null {
  if (row.why === 'below-threshold') return `effect under ${formatDecimal(row.threshold, 1).text} (a tenth of the scale)`;
  if (row.why === 'interval-contains-zero') return 'interval contains 0';
  return null;
}

/** Rubric set version, tier and scale as one cell. */
export const controlSetLabel = (row: Pick<ArtifactEffectRow, 'tier' | 'rubricSet' | 'version' | 'scale'>) => `${TIER_TITLES[row.tier]} · ${row.rubricSet || '(no set)'} ${row.version} · ${row.scale}-point`;

/** Per judge, set and rubric: the score with and without the artifact, their difference with its interval, and whether the artifact moves it. */
export function artifactEffectTable(controls: Controls): TableModel {
  return formatTable(
    {
      id: 'controls-artifact-effect',
      caption:
        'No-artifact control: each judge\'s mean score per rubric with the artifact shown and with nothing of the run shown (task and rubric alone), on the same runs; effect = with − without (per task, averaged over tasks), 95% bootstrap interval over tasks; a rubric is not moved when the effect is under a tenth of its scale or its interval contains 0',
      columns: [
        column('judge', 'Judge', 'text'),
        column('set', 'Rubric set', 'text'),
        column('rubric', 'Rubric', 'text'),
        column('runs', 'Runs', 'count'),
        column('withArtifact', 'With artifact', 'score'),
        column('withoutArtifact', 'Without', 'score'),
        column('effect', 'Effect', 'score-difference'),
        column('ci', '95% CI', 'score-difference', { interval: true, missing: TOO_FEW_TASKS }),
        column('moved', 'Moved by the artifact', 'text'),
      ],
    },
    controls.artifactEffect.map((row) => {
      const reason = notMovedReason(row);
      return [row.judge, controlSetLabel(row), row.rubric, row.runs, row.real, row.control, row.effect, [row.lo, row.hi], reason === null ? 'yes' : `no: ${reason}`];
    }),
  );
}
