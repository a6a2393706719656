import type { Database } from 'better-sqlite3';
import { FINAL_RUN_STATUSES } from '../../schemas/studies.ts';
import { TrajectoryErrorSchema, type TrajectoryError } from '../../schemas/trajectory.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRunTrajectoryErrors } from '../store/run-trajectory-repository.ts';
import { listStudies, listStudyRuns, type StudyRunRow } from '../store/study-repository.ts';
import { labelConfigurations } from './configuration-labels.ts';
import type { StudyData } from './study-data.ts';
import { studiesInScope } from './study-scope.ts';

/** One run's stored error→recovery events, with the configuration that produced it. */
export interface RunErrorSet {
  /** The store's run id (a study run's own id when its run was never stored). */
  run: string;
  config: string;
  label: string;
  /** Imported with an ATIF trajectory rather than executed here. */
  imported: boolean;
  errors: Pick<TrajectoryError, 'type' | 'recovered'>[];
}

const ErrorListSchema = TrajectoryErrorSchema.pick({ type: true, recovered: true }).array();

/**
 * Every run of the project whose trajectory is stored, with its errors: runs the engine finished
 * (study_runs with a final status and a parsed trajectory; a run retried in place counts once)
 * and runs imported with an ATIF trajectory (run_trajectories). Synthetic runs follow the
 * report's choice (`data.synthetic.included`), like votes and judgments. By run id.
 */
export function loadRunErrorSets(db: Database, data: StudyData): RunErrorSet[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const counted = (runId: string | null) => {
    const run = runId === null ? undefined : data.runs.get(runId);
    return !run?.synthetic || data.synthetic.included;
  };
  const executed: StudyRunRow[] = studiesInScope(listStudies(db, project.id), data.scope)
    .flatMap((study) => listStudyRuns(db, study.id))
    .filter((row) => FINAL_RUN_STATUSES.includes(row.status) && row.errors_json !== null && counted(row.run_id));
  // A study run whose run was never stored still has a configuration; label it like the others.
  const fallbackLabels = labelConfigurations(executed);
  const labelOf = (config: string) => data.labels.get(config) ?? fallbackLabels.get(config) ?? config;
  const sets: RunErrorSet[] = executed.map((row) => ({
    run: row.run_id ?? row.id,
    config: row.config_id,
    label: labelOf(row.config_id),
    imported: false,
    errors: parseErrors(row.errors_json!),
  }));
  const seen = new Set(sets.map((set) => set.run));
  for (const row of listRunTrajectoryErrors(db, project.id)) {
    const run = data.runs.get(row.run_id);
    if (!run || seen.has(row.run_id) || !counted(row.run_id)) continue;
    sets.push({ run: row.run_id, config: run.config, label: labelOf(run.config), imported: true, errors: parseErrors(row.errors_json) });
  }
  // The bootstrap resamples runs in the order it is given them: by run id, which an export and
  // import keep, never the order studies and runs were stored in.
  return sets.sort((x, y) => byText(x.run, y.run));
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function parseErrors(json: string): RunErrorSet['errors'] {
  const parsed = ErrorListSchema.safeParse(JSON.parse(json));
  // Written by our own extractErrors; a row that does not parse is left out rather than guessed at.
  return parsed.success ? parsed.data : [];
}
