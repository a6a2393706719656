import type { Database } from 'better-sqlite3';
import { FINAL_RUN_STATUSES } from '../../schemas/studies.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRunIdsWithFile, listRuns, type RunRow } from '../store/run-repository.ts';
import { listRunTrajectoryUsage } from '../store/run-trajectory-repository.ts';
import { listStudies, listStudyRuns, type StudyRunRow } from '../store/study-repository.ts';
import { parseRunVersions } from './configuration-labels.ts';
import type { RunErrorSet } from './recovery-data.ts';
import type { StudyData } from './study-data.ts';

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
  /** One of the demo's arena bundles: grouped apart from the synthetic study's runs and from a user's. */
  demo: boolean;
  succeeded: boolean;
  deployable: boolean;
  /**
   * Which repeat of its task this run is within its configuration: the study's repeat index when
   * no other run of the configuration and task holds it, else the lowest free one in start order
   * (imported runs, or the same configuration run by two studies). Runs pair on (task, repeat).
   */
  repeat: number;
  /** Its stored error→recovery events; null without a stored trajectory. */
  errors: RunErrorSet['errors'] | null;
  tokensInput: number | null;
  tokensOutput: number | null;
  costUsd: number | null;
}

/**
 * The project's finished runs that record a skill version (cancelled ones never count), with
 * what the ablation reads of each: success, a deployable build, its repeat, its trajectory's
 * errors (`errorSets`, loadRunErrorSets), tokens and cost (from the study that executed it, or
 * the trajectory it was imported with). Synthetic runs follow the report's choice, like votes and judgments.
 */
export function loadAblationRuns(db: Database, data: StudyData, errorSets: readonly RunErrorSet[]): AblationRun[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const rows = listRuns(db, project.id).flatMap((row) => {
    const versions = parseRunVersions(row.versions_json);
    const skill = versions.skill;
    if (skill === undefined || row.status === 'cancelled' || (data.runs.get(row.id)?.synthetic === true && !data.synthetic.included)) return [];
    const { skill: _skill, ...otherVersions } = versions;
    return [{ row, skill, otherVersions }];
  });
  const executed = executedStudyRuns(db, project.id);
  const imported = new Map(listRunTrajectoryUsage(db, project.id).map((usage) => [usage.run_id, usage]));
  const deployable = new Set(listRunIdsWithFile(db, project.id, DEPLOYABLE_BUILD));
  const errors = new Map(errorSets.map((set) => [set.run, set.errors]));
  const repeats = assignRepeats(rows.map(({ row }) => ({ row, studyRepeat: executed.get(row.id)?.repeat_index ?? null })));
  return rows.map(({ row, skill, otherVersions }) => {
    const usage = executed.get(row.id) ?? imported.get(row.id);
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
      succeeded: row.status === 'succeeded',
      deployable: deployable.has(row.id),
      repeat: repeats.get(row.id)!,
      errors: errors.get(row.id) ?? null,
      tokensInput: usage?.tokens_input ?? null,
      tokensOutput: usage?.tokens_output ?? null,
      costUsd: usage?.cost_usd ?? null,
    };
  });
}

/** Each stored run's study run, the last to finish where a run was executed twice. */
function executedStudyRuns(db: Database, projectId: string): Map<string, StudyRunRow> {
  const byRun = new Map<string, StudyRunRow>();
  for (const study of listStudies(db, projectId)) {
    for (const row of listStudyRuns(db, study.id)) {
      if (row.run_id === null || !FINAL_RUN_STATUSES.includes(row.status)) continue;
      const seen = byRun.get(row.run_id);
      if (!seen || (row.finished_at ?? '') > (seen.finished_at ?? '')) byRun.set(row.run_id, row);
    }
  }
  return byRun;
}

/** Run id → its repeat within its (configuration, task): see AblationRun.repeat. */
function assignRepeats(runs: readonly { row: RunRow; studyRepeat: number | null }[]): Map<string, number> {
  const slots = new Map<string, { row: RunRow; studyRepeat: number | null }[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.row.config_id, run.row.task_id]);
    slots.set(key, [...(slots.get(key) ?? []), run]);
  }
  const repeats = new Map<string, number>();
  for (const group of slots.values()) {
    const inOrder = [...group].sort((x, y) => byText(x.row.started_at, y.row.started_at) || byText(x.row.id, y.row.id));
    const taken = new Set<number>();
    const waiting: RunRow[] = [];
    for (const { row, studyRepeat } of inOrder) {
      if (studyRepeat !== null && !taken.has(studyRepeat)) {
        taken.add(studyRepeat);
        repeats.set(row.id, studyRepeat);
      } else waiting.push(row);
    }
    let next = 0;
    for (const row of waiting) {
      while (taken.has(next)) next++;
      taken.add(next);
      repeats.set(row.id, next);
    }
  }
  return repeats;
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
