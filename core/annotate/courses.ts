import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { findCourse, insertCourse, updateCourseFields } from '../store/course-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { nowIso, type AnnotateDeps } from './annotate-deps.ts';
import { performAction } from './record-action.ts';
import { requireCourse } from './require-records.ts';

/** Whether a data room exists: other capabilities ask here instead of reading the courses table. */
export function courseExists(db: Database, courseId: string): boolean {
  return findCourse(db, courseId) !== undefined;
}

/** A new, empty data room in the workspace's project. Not undoable: history lives inside a course. */
export function createCourse(deps: AnnotateDeps, input: { title: string }): string {
  const project = findCurrentProject(deps.db);
  if (!project) throw new Error('The workspace has no project yet, so it cannot hold a data room. Restart the app to seed it.');
  const now = nowIso(deps);
  const id = randomUUID();
  insertCourse(deps.db, { id, project_id: project.id, title: input.title.trim(), global_notes: '', created_at: now, updated_at: now });
  return id;
}

/** Renames the data room and/or replaces its global notes. Typing bursts coalesce into one undo step. */
export function updateCourse(deps: AnnotateDeps, input: { courseId: string; title?: string | undefined; globalNotes?: string | undefined }): void {
  const course = requireCourse(deps.db, input.courseId);
  const title = input.title?.trim() ?? course.title;
  const globalNotes = input.globalNotes ?? course.global_notes;
  const renamed = title !== course.title;
  const notesEdited = globalNotes !== course.global_notes;
  if (!renamed && !notesEdited) return;
  const label = renamed && notesEdited ? 'Edit data room' : renamed ? 'Rename data room' : 'Edit global notes';
  performAction(deps, course.id, { label, coalesce: true }, (tracker, now) => {
    tracker.track('courses', course.id);
    updateCourseFields(deps.db, course.id, { title, global_notes: globalNotes, updated_at: now });
  });
}
