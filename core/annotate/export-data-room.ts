import { AnnotationContractSchema, type AnnotationContract } from '../../schemas/annotate.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';

/**
 * The contract's task id for a data room: stable across renames because it is built from the id.
 * Its `course-` prefix predates the name "data room" and stays, so a task id never changes.
 */
export function dataRoomTaskId(dataRoomId: string): string {
  return `course-${dataRoomId}`;
}

/**
 * One data room as the annotation contract, chapters in plan order and each chapter's citations in
 * the order they were added.
 *
 * Orphaned citations (their quote was not found in a newer version of the source) are exported
 * as they are: on their last-known lines, which still hold the quote in the version they name.
 * Leaving them out would silently drop ground truth the SME chose; moving them would invent it.
 * The annotator flags them, so fixing one is the SME's decision, not the exporter's.
 */
export function exportDataRoom(deps: AnnotateDeps, dataRoomId: string): AnnotationContract {
  const dataRoom = loadDataRoomDetail(deps, dataRoomId);
  return AnnotationContractSchema.parse({
    task_id: dataRoomTaskId(dataRoom.id),
    chapters: dataRoom.chapters.map((chapter) => ({
      title: chapter.title,
      order: chapter.order,
      instruction: chapter.instruction,
      context_gt: chapter.citations.map((c) => ({ source_id: c.sourceId, start_line: c.startLine, end_line: c.endLine, quote: c.quote })),
    })),
    global_notes: dataRoom.globalNotes,
    rubrics: [],
  });
}
