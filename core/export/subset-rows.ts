import type { ExportSplit, ExportSubset } from '../../schemas/export.ts';
import { chapterRows, countChapterRows } from './chapter-rows.ts';
import { controlJudgmentRows, countControlJudgmentRows } from './control-judgment-rows.ts';
import type { ExportContext } from './export-context.ts';
import { countHarnessGuessRows, harnessGuessRows } from './harness-guess-rows.ts';
import { countJudgmentRows, judgmentRows } from './judgment-rows.ts';
import { countPairwiseVerdictRows, pairwiseVerdictRows } from './pairwise-verdict-rows.ts';
import { countPreferencePairRows, preferencePairRows } from './preference-pair-rows.ts';
import { countPreferenceRows, preferenceRows } from './preference-rows.ts';
import { countRubricRows, rubricRows } from './rubric-rows.ts';
import { countRunRows, runRows } from './run-rows.ts';
import { countSkillRows, skillRows } from './skill-rows.ts';
import { countSourceRows, sourceRows } from './source-rows.ts';
import { countStudyRows, studyRows } from './study-rows.ts';
import { countTaskRows, taskRows } from './task-rows.ts';
import { countTrajectoryRows, trajectoryRows } from './trajectory-rows.ts';

/** Subsets whose records can be synthetic (the demo study's): they get a `synthetic` split when asked. */
export const SUBSETS_WITH_SYNTHETIC: ReadonlySet<ExportSubset> = new Set(['preferences', 'preference_pairs', 'judgments', 'runs', 'tasks', 'trajectories']);

/** How many rows a subset's split has now (for progress; the files count what they really wrote). */
export function countSubsetRows(ctx: ExportContext, subset: ExportSubset, split: ExportSplit): number {
  if (split === 'synthetic' && !SUBSETS_WITH_SYNTHETIC.has(subset)) return 0;
  switch (subset) {
    case 'sources':
      return countSourceRows(ctx);
    case 'chapters':
      return countChapterRows(ctx);
    case 'preferences':
      return countPreferenceRows(ctx, split);
    case 'preference_pairs':
      return countPreferencePairRows(ctx, split);
    case 'judgments':
      return countJudgmentRows(ctx, split);
    case 'runs':
      return countRunRows(ctx, split);
    case 'rubrics':
      return countRubricRows(ctx);
    case 'skills':
      return countSkillRows(ctx);
    case 'tasks':
      return countTaskRows(ctx, split);
    case 'studies':
      return countStudyRows(ctx);
    case 'trajectories':
      return countTrajectoryRows(ctx, split);
    case 'pairwise_verdicts':
      return countPairwiseVerdictRows(ctx);
    case 'control_judgments':
      return countControlJudgmentRows(ctx);
    case 'harness_guesses':
      return countHarnessGuessRows(ctx);
  }
}

/** The rows of one subset's split, in their fixed order, each field as subset-fields.ts declares it. */
export function subsetRows(ctx: ExportContext, subset: ExportSubset, split: ExportSplit): AsyncGenerator<Record<string, unknown>> {
  switch (subset) {
    case 'sources':
      return sourceRows(ctx);
    case 'chapters':
      return chapterRows(ctx);
    case 'preferences':
      return preferenceRows(ctx, split);
    case 'preference_pairs':
      return preferencePairRows(ctx, split);
    case 'judgments':
      return judgmentRows(ctx, split);
    case 'runs':
      return runRows(ctx, split);
    case 'rubrics':
      return rubricRows(ctx);
    case 'skills':
      return skillRows(ctx);
    case 'tasks':
      return taskRows(ctx, split);
    case 'studies':
      return studyRows(ctx);
    case 'trajectories':
      return trajectoryRows(ctx, split);
    case 'pairwise_verdicts':
      return pairwiseVerdictRows(ctx);
    case 'control_judgments':
      return controlJudgmentRows(ctx);
    case 'harness_guesses':
      return harnessGuessRows(ctx);
  }
}
