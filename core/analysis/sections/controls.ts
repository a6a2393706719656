import { buildControls } from '../artifact-effect.ts';
import type { Controls } from '../../../schemas/analysis.ts';
import { formatDecimal } from '../../../schemas/format-number.ts';
import type { ReportBlock } from '../../../schemas/report-section.ts';
import type { TableModel } from '../../../schemas/table-model.ts';
import { artifactEffectTable, controlSetLabel, harnessGuessTable, notMovedReason } from '../controls-tables.ts';
import { defineSection } from '../report-section-entry.ts';
import { say, table } from '../section-blocks.ts';

/**
 * Controls of what a score measures. The no-artifact control (`lhb judge --control no-artifact`)
 * has each judge score runs from the task and rubric alone; a rubric whose score the artifact does
 * not move is measuring the task or the judge's prior, not the run. The guess-harness control
 * (`--control guess-harness`) asks each judge which harness made a blinded run: better than chance,
 * the blinding leaks. Left out until a control is run.
 */
export const controlsSection = defineSection({
  id: 'controls',
  title: 'Controls: what the scores measure',
  compute: ({ db, data, options }) => buildControls(db, data, options),
  tables: ({ controls }) => ({ artifactEffect: artifactEffectTable(controls), harnessGuesses: harnessGuessTable(controls) }),
  render: ({ controls, tables }) => {
    if (controls.noArtifactJudgments === 0 && controls.harnessGuesses.length === 0) return null;
    return { blocks: [...artifactEffectBlocks(controls, tables.controls.artifactEffect), ...harnessGuessBlocks(controls, tables.controls.harnessGuesses)] };
  },
  card: 'own',
});

function artifactEffectBlocks(controls: Controls, artifactEffect: TableModel): ReportBlock[] {
  if (controls.noArtifactJudgments === 0) return [];
  const notMoved = controls.artifactEffect.filter((row) => row.notMoved);
  const named = notMoved.map((row) => `${row.rubric} (${row.judge}, ${controlSetLabel(row)}: ${notMovedReason(row)})`);
  return [
    say(
      notMoved.length > 0 ? 'headline' : 'plain',
      notMoved.length > 0
        ? `The artifact does not move ${notMoved.length} of ${controls.artifactEffect.length} judge–rubric scores: ${named.join('; ')}. A judge scores these as well without seeing the run, so they measure the task or the judge's expectations, not the run.`
        : `The artifact moves every one of the ${controls.artifactEffect.length} judge–rubric scores compared.`,
    ),
    say('muted', `${controls.noArtifactJudgments} judgments made with nothing of the run shown (the no-artifact control) are compared with the same judge's real judgments of the same runs; they are never counted in leaderboards, agreement or Elo.`),
    table(artifactEffect),
  ];
}

function harnessGuessBlocks(controls: Controls, harnessGuesses: TableModel): ReportBlock[] {
  if (controls.harnessGuesses.length === 0) return [];
  const leaking = controls.harnessGuesses.filter((row) => row.leaks);
  const rate = (value: number) => formatDecimal(value * 100, 0).text;
  const named = leaking.map((row) => `${row.judge} (${row.correct} of ${row.runs} right, ${rate(row.lo)}–${rate(row.hi)}% against chance ${rate(row.chance)}%)`);
  return [
    say(
      leaking.length > 0 ? 'headline' : 'plain',
      leaking.length > 0
        ? `The blinding leaks: ${named.join('; ')} ${leaking.length === 1 ? 'tells' : 'tell'} harnesses apart from the blinded trajectory better than chance. Something a harness leaves in its runs survives blinding; scores and votes may know who made a run.`
        : `No judge tells harnesses apart better than chance from the blinded trajectory (${controls.harnessGuesses.length} judge${controls.harnessGuesses.length === 1 ? '' : 's'} asked): the blinding holds for what they could see.`,
    ),
    say('muted', 'Each judge was asked which harness made each run from what it scores at the process tier (the guess-harness control); the answers are never counted as scores.'),
    table(harnessGuesses),
  ];
}
