import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { annotateRedo } from './handlers/annotate-redo.ts';
import { annotateUndo } from './handlers/annotate-undo.ts';
import { chaptersAddCitation } from './handlers/chapters-add-citation.ts';
import { chaptersCreate } from './handlers/chapters-create.ts';
import { chaptersDelete } from './handlers/chapters-delete.ts';
import { chaptersMove } from './handlers/chapters-move.ts';
import { chaptersRemoveCitation } from './handlers/chapters-remove-citation.ts';
import { chaptersUpdate } from './handlers/chapters-update.ts';
import { coursesCreate } from './handlers/courses-create.ts';
import { coursesExport } from './handlers/courses-export.ts';
import { coursesGet } from './handlers/courses-get.ts';
import { coursesList } from './handlers/courses-list.ts';
import { coursesUpdate } from './handlers/courses-update.ts';

/** Data rooms, chapters, citations and their undo history (core/annotate). */
export function registerAnnotateHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('courses.list', coursesList)
    .add('courses.create', coursesCreate)
    .add('courses.get', coursesGet)
    .add('courses.update', coursesUpdate)
    .add('courses.export', coursesExport)
    .add('chapters.create', chaptersCreate)
    .add('chapters.update', chaptersUpdate)
    .add('chapters.move', chaptersMove)
    .add('chapters.delete', chaptersDelete)
    .add('chapters.addCitation', chaptersAddCitation)
    .add('chapters.removeCitation', chaptersRemoveCitation)
    .add('annotate.undo', annotateUndo)
    .add('annotate.redo', annotateRedo);
}
