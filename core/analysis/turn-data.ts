import type { Database } from 'better-sqlite3';
import { FINAL_RUN_STATUSES } from '../../schemas/studies.ts';
import { listProjectImportedRunTurns, type ImportedRunTurnRow } from '../store/imported-run-facts-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listStudies, listStudyRuns, type StudyRunRow } from '../store/study-repository.ts';
import { labelConfigurations } from './configuration-labels.ts';
import type { StudyData } from './study-data.ts';
import { turnFactsFromImport, turnFactsOf, workspaceBlobReader, type TurnFact } from './turn-facts.ts';
import { studiesInScope } from './study-scope.ts';

/** One finished multi-turn run as the per-turn analysis reads it. */
export interface MultiTurnRun {
  run: string;
  config: string;
  label: string;
  turns: TurnFact[];
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The project's finished runs whose trajectory records more than one turn (a task with revision
 * requests), by run id: runs executed here (the last finished where a run was executed twice),
 * whose trajectories and `out/` snapshots are blobs, content-addressed and never rewritten, so the
 * study runs that name them are the report's only inputs here (migration 017's triggers on
 * study_runs); and runs imported from a dataset export, whose turns it carried (imported_run_turns).
 * Synthetic runs follow the report's choice, like votes and judgments.
 */
export function loadMultiTurnRuns(db: Database, data: StudyData): MultiTurnRun[] {
  const project = findCurrentProject(db);
  if (!project) return [];
  const readBlob = workspaceBlobReader(db);
  const counted = (runId: string | null) => {
    const run = runId === null ? undefined : data.runs.get(runId);
    return !run?.synthetic || data.synthetic.included;
  };
  const latest = new Map<string, StudyRunRow>();
  for (const study of studiesInScope(listStudies(db, project.id), data.scope)) {
    for (const row of listStudyRuns(db, study.id)) {
      if (!FINAL_RUN_STATUSES.includes(row.status) || row.trajectory_sha256 === null || !counted(row.run_id)) continue;
      const key = row.run_id ?? row.id;
      const seen = latest.get(key);
      if (!seen || (row.finished_at ?? '') > (seen.finished_at ?? '')) latest.set(key, row);
    }
  }
  const rows = [...latest.values()];
  const fallbackLabels = labelConfigurations(rows);
  const labelOf = (config: string) => data.labels.get(config) ?? fallbackLabels.get(config) ?? config;
  const found: MultiTurnRun[] = [];
  for (const row of rows) {
    const turns = turnFactsOf(readBlob(row.trajectory_sha256!), row.errors_json, readBlob);
    if (turns) found.push({ run: row.run_id ?? row.id, config: row.config_id, label: labelOf(row.config_id), turns });
  }
  const imported = new Map<string, ImportedRunTurnRow[]>();
  for (const row of listProjectImportedRunTurns(db, project.id)) imported.set(row.run_id, [...(imported.get(row.run_id) ?? []), row]);
  for (const [runId, turnRows] of imported) {
    const run = data.runs.get(runId);
    if (!run || latest.has(runId) || !counted(runId) || turnRows.length < 2) continue;
    found.push({ run: runId, config: run.config, label: labelOf(run.config), turns: turnFactsFromImport(turnRows) });
  }
  // By run id, which an export and import keep: the order runs were stored in is not a fact of the study.
  return found.sort((x, y) => byText(x.run, y.run));
}
