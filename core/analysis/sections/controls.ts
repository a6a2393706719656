import { buildControls } from '../artifact-effect.ts';
import { artifactEffectTable, controlSetLabel, notMovedReason } from '../controls-tables.ts';
import { defineSection } from '../report-section-entry.ts';
import { say, table } from '../section-blocks.ts';

/**
 * Controls of what a score measures. The no-artifact control (`lhb judge --control no-artifact`)
 * has each judge score runs from the task and rubric alone; a rubric whose score the artifact does
 * not move is measuring the task or the judge's prior, not the run. Left out until a control is run.
 */
export const controlsSection = defineSection({
  id: 'controls',
  title: 'Controls: what the scores measure',
  compute: ({ db, data, options }) => buildControls(db, data, options),
  tables: ({ controls }) => ({ artifactEffect: artifactEffectTable(controls) }),
  render: ({ controls, tables }) => {
    if (controls.noArtifactJudgments === 0) return null;
    const notMoved = controls.artifactEffect.filter((row) => row.notMoved);
    const named = notMoved.map((row) => `${row.rubric} (${row.judge}, ${controlSetLabel(row)}: ${notMovedReason(row)})`);
    return {
      blocks: [
        say(
          notMoved.length > 0 ? 'headline' : 'plain',
          notMoved.length > 0
            ? `The artifact does not move ${notMoved.length} of ${controls.artifactEffect.length} judge–rubric scores: ${named.join('; ')}. A judge scores these as well without seeing the run, so they measure the task or the judge's expectations, not the run.`
            : `The artifact moves every one of the ${controls.artifactEffect.length} judge–rubric scores compared.`,
        ),
        say('muted', `${controls.noArtifactJudgments} judgments made with nothing of the run shown (the no-artifact control) are compared with the same judge's real judgments of the same runs; they are never counted in leaderboards, agreement or Elo.`),
        table(tables.controls.artifactEffect),
      ],
    };
  },
  card: 'own',
});
