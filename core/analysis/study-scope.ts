import type { Database } from 'better-sqlite3';
import { studyLabels, type StudyRef } from '../../schemas/analysis.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { AmbiguousIdError, expandShortId } from '../store/short-id.ts';
import { findStudy, listStudies, listStudyRuns } from '../store/study-repository.ts';
import { lhbErrorOfCode } from '../../schemas/lhb-error.ts';

/**
 * The studies a report or an export is limited to, and the runs they executed (study_runs.run_id;
 * a study an import brought counts like one run here). Null scope: every study and every imported run.
 */
export interface StudyScope {
  studies: StudyRef[];
  studyIds: ReadonlySet<string>;
  runs: ReadonlySet<string>;
}

/** A study id the caller gave that names no study of this workspace (or the start of several). */
export class UnknownStudyError extends lhbErrorOfCode('not_found') {
  override name = 'UnknownStudyError';
}

/**
 * The full ids the caller's study ids (or their starts, as `lhb runs status` prints them) name,
 * sorted and each once, so the same choice always gives the same report key; an id naming no
 * study, or the start of several, is an UnknownStudyError naming it and where ids are listed.
 */
export function resolveStudyIds(db: Database, asked: readonly string[]): string[] {
  const ids = asked.map((id) => {
    let full: string;
    try {
      full = expandShortId(db, ['studies'], id);
    } catch (error) {
      if (error instanceof AmbiguousIdError) throw new UnknownStudyError(`Study ${error.message}`);
      throw error;
    }
    if (!findStudy(db, full)) throw new UnknownStudyError(`No study "${id}" in this workspace: \`lhb runs status\` lists the studies with their ids.`);
    return full;
  });
  return [...new Set(ids)].sort();
}

/** The scope of these (full) study ids, or null when none is chosen. */
export function loadStudyScope(db: Database, studyIds: readonly string[] | undefined): StudyScope | null {
  if (studyIds === undefined || studyIds.length === 0) return null;
  const project = findCurrentProject(db);
  const labels = studyLabels(project ? listStudies(db, project.id) : []);
  const runs = new Set<string>();
  for (const id of studyIds) for (const row of listStudyRuns(db, id)) if (row.run_id !== null) runs.add(row.run_id);
  return {
    studies: studyIds.map((id) => ({ id, label: labels.get(id) ?? findStudy(db, id)?.name ?? id })),
    studyIds: new Set(studyIds),
    runs,
  };
}

/** The studies of `studies` within the scope (all of them when there is none). */
export function studiesInScope<T extends { id: string }>(studies: readonly T[], scope: StudyScope | null | undefined): T[] {
  return !scope ? [...studies] : studies.filter((study) => scope.studyIds.has(study.id));
}

/** The runs of `runs` within the scope (all of them when there is none). */
export function runsInScope<T extends { id: string }>(runs: readonly T[], scope: StudyScope | null | undefined): T[] {
  return !scope ? [...runs] : runs.filter((run) => scope.runs.has(run.id));
}
