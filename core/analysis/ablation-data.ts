import type { Database } from 'better-sqlite3';
import { studyLabels, type StudyRef } from '../../schemas/analysis.ts';
import { FINAL_RUN_STATUSES, NO_OUTPUT_KIND } from '../../schemas/studies.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRunIdsWithFile, listRuns } from '../store/run-repository.ts';
import { listRunTrajectoryUsage } from '../store/run-trajectory-repository.ts';
import { listStudies, listStudyRuns, type StudyRow, type StudyRunRow } from '../store/study-repository.ts';
import { parseRunVersions } from './configuration-labels.ts';
import type { RunErrorSet } from './recovery-data.ts';
import type { StudyData } from './study-data.ts';
import { studiesInScope } from './study-scope.ts';

/** The file that makes a run's output deployable: a static build at the root of dist/, which the arena and Runs screen serve. */
const DEPLOYABLE_BUILD = 'dist/index.html';

/** One finished run with a skill version, as the ablation counts it. */
export interface AblationRun {
  id: string;
  task: string;
  harness: string;
  model: string;
  /** The run's versions other than the skill's: runs are compared only when these are the same. */
  otherVersions: Record<string, string>;
  /** `versions.skill`: `none`, `base`, `v1`, … */
  skill: string;
  synthetic: boolean;
  /** Cancelled: counted in no figure, listed only as the reason its counterpart has no pair. */
  cancelled: boolean;
  /** One of the demo's arena bundles: grouped apart from the synthetic study's runs and from a user's. */
  demo: boolean;
  succeeded: boolean;
  deployable: boolean;
  /**
   * The study that executed it (the last to finish where two did) and its repeat index there;
   * null for a run no study executed (an imported bundle or ATIF run). Runs pair only on the same
   * (study, task, repeat): repeats of two studies, or of imported runs, are not the same trials.
   */
  study: StudyRef | null;
  repeat: number | null;
  /** Its stored error→recovery events; null without a stored trajectory. */
  errors: RunErrorSet['errors'] | null;
  tokensInput: number | null;
  tokensOutput: number | null;
  costUsd: number | null;
}

/**
 * The project's runs in the report's scope that record a skill version, with what the ablation
 * reads of each: success, a deployable build, the study and repeat it pairs on, its trajectory's
 * errors (`errorSets`, loadRunErrorSets), tokens and cost (from the study that executed it, or
 * the trajectory it was imported with). Cancelled runs come marked (they count nowhere).
 * Synthetic runs follow the report's choice, like votes and judgments.
 */
export function loadAblationRuns(db: Database, data: StudyData, errorSets: readonly RunErrorSet[]): AblationRun[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const rows = listRuns(db, project.id).flatMap((row) => {
    const versions = parseRunVersions(row.versions_json);
    const skill = versions.skill;
    if (skill === undefined || !data.runs.has(row.id) || (data.runs.get(row.id)!.synthetic && !data.synthetic.included)) return [];
    const { skill: _skill, ...otherVersions } = versions;
    return [{ row, skill, otherVersions }];
  });
  const studies = studiesInScope(listStudies(db, project.id), data.scope);
  const labels = studyLabels(listStudies(db, project.id));
  const executed = executedStudyRuns(db, studies);
  const imported = new Map(listRunTrajectoryUsage(db, project.id).map((usage) => [usage.run_id, usage]));
  const deployable = new Set(listRunIdsWithFile(db, project.id, DEPLOYABLE_BUILD));
  const errors = new Map(errorSets.map((set) => [set.run, set.errors]));
  return rows.map(({ row, skill, otherVersions }) => {
    const studyRun = executed.get(row.id);
    const usage = studyRun ?? imported.get(row.id);
    return {
      id: row.id,
      task: row.task_id,
      harness: row.harness,
      model: row.model,
      otherVersions,
      skill,
      // Synthetic or the demo's (study-data.ts decides), so a demo bundle never pairs with a user's run.
      synthetic: data.runs.get(row.id)?.synthetic === true,
      demo: row.demo === 1 && row.synthetic === 0,
      cancelled: row.status === 'cancelled',
      // A run that left nothing in out/ ("no output") did not deliver: it is not a success in the figures.
      succeeded: row.status === 'succeeded' && executed.get(row.id)?.error_kind !== NO_OUTPUT_KIND,
      deployable: deployable.has(row.id),
      study: studyRun ? { id: studyRun.study_id, label: labels.get(studyRun.study_id) ?? studyRun.study_id } : null,
      repeat: studyRun?.repeat_index ?? null,
      errors: errors.get(row.id) ?? null,
      tokensInput: usage?.tokens_input ?? null,
      tokensOutput: usage?.tokens_output ?? null,
      costUsd: usage?.cost_usd ?? null,
    };
  });
}

/** Each stored run's study run among these studies', the last to finish where a run was executed twice. */
function executedStudyRuns(db: Database, studies: readonly StudyRow[]): Map<string, StudyRunRow> {
  const byRun = new Map<string, StudyRunRow>();
  for (const study of studies) {
    for (const row of listStudyRuns(db, study.id)) {
      // A cancelled run keeps its slot: its counterpart's reason for having no pair.
      if (row.run_id === null || !(FINAL_RUN_STATUSES.includes(row.status) || row.status === 'cancelled')) continue;
      const seen = byRun.get(row.run_id);
      // Two that finished at once: the later study id, which an export and import keep (a study run's own id is not kept).
      const later = !seen || (row.finished_at ?? '') > (seen.finished_at ?? '') || ((row.finished_at ?? '') === (seen.finished_at ?? '') && row.study_id > seen.study_id);
      if (later) byRun.set(row.run_id, row);
    }
  }
  return byRun;
}
