import type { ArtifactEffectRow, Controls, HarnessGuessRow } from '../../schemas/analysis.ts';
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
export function artifactEffectTable(controls: Pick<Controls, 'noArtifactJudgments' | 'artifactEffect'>): TableModel {
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

/** How chance was set for a judge, in words. */
export function chanceBasisText(row: Pick<HarnessGuessRow, 'chanceBasis' | 'harnesses'>): string {
  return row.chanceBasis === 'uniform' ? `1 in ${row.harnesses} (each harness made as many runs)` : 'the largest harness\'s share (unbalanced runs)';
}

/** Per judge: runs it was asked about, right guesses, chance and how it was set, accuracy with its interval, the test against chance, and whether the blinding leaks. */
export function harnessGuessTable(controls: Pick<Controls, 'harnessGuesses'>): TableModel {
  return formatTable(
    {
      id: 'controls-harness-guesses',
      caption:
        "Guess-harness control: each judge was shown each run's blinded trajectory and asked which of the harnesses made it, or \"cannot tell\" (counted as wrong); chance is 1 / the harnesses offered when each made as many of the runs, else the largest harness's share; 95% Wilson interval; p = one-sided exact binomial test against chance; the blinding leaks when the interval's lower bound is above chance",
      columns: [
        column('judge', 'Judge', 'text'),
        column('runs', 'Runs asked', 'count'),
        column('correct', 'Right', 'count'),
        column('cannotTell', 'Cannot tell', 'count'),
        column('chance', 'Chance', 'rate'),
        column('basis', 'Chance is', 'text'),
        column('accuracy', 'Accuracy', 'rate'),
        column('ci', '95% CI', 'rate', { interval: true }),
        column('p', 'p (vs chance)', 'p-value'),
        column('leaks', 'Blinding', 'text'),
      ],
    },
    controls.harnessGuesses.map((row) => [row.judge, row.runs, row.correct, row.cannotTell, row.chance, chanceBasisText(row), row.accuracy, [row.lo, row.hi], row.pValue, row.leaks ? 'leaks: this judge tells harnesses apart' : 'holds']),
  );
}
