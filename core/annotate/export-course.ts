import { AnnotationContractSchema, type AnnotationContract } from '../../schemas/annotate.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { loadCourseDetail } from './course-detail.ts';

/** The contract's task id for a course: stable across renames because it is built from the id. */
export function courseTaskId(courseId: string): string {
  return `course-${courseId}`;
}

/**
 * One course as the annotation contract, chapters in plan order and each chapter's citations in
 * the order they were added.
 *
 * Orphaned citations (their quote was not found in a newer version of the source) are exported
 * as they are: on their last-known lines, which still hold the quote in the version they name.
 * Leaving them out would silently drop ground truth the SME chose; moving them would invent it.
 * The annotator flags them, so fixing one is the SME's decision, not the exporter's.
 */
export function exportCourse(deps: AnnotateDeps, courseId: string): AnnotationContract {
  const course = loadCourseDetail(deps, courseId);
  return AnnotationContractSchema.parse({
    task_id: courseTaskId(course.id),
    chapters: course.chapters.map((chapter) => ({
      title: chapter.title,
      order: chapter.order,
      instruction: chapter.instruction,
      context_gt: chapter.citations.map((c) => ({ source_id: c.sourceId, start_line: c.startLine, end_line: c.endLine, quote: c.quote })),
    })),
    global_notes: course.globalNotes,
    rubrics: [],
  });
}
