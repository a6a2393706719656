import { deleteCourseHistory } from '../store/annotation-history-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';

/**
 * Starts a course's undo history afresh. A seeded demo course is built through the same actions
 * a user takes; without this, the newcomer's first Ctrl+Z would take the demo apart.
 */
export function forgetCourseHistory(deps: AnnotateDeps, courseId: string): void {
  deleteCourseHistory(deps.db, courseId);
}
