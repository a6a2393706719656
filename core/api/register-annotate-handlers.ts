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
import { dataRoomsCreate } from './handlers/data-rooms-create.ts';
import { dataRoomsExport } from './handlers/data-rooms-export.ts';
import { dataRoomsGet } from './handlers/data-rooms-get.ts';
import { dataRoomsList } from './handlers/data-rooms-list.ts';
import { dataRoomsUpdate } from './handlers/data-rooms-update.ts';

/** Data rooms, chapters, citations and their undo history (core/annotate). */
export function registerAnnotateHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('dataRooms.list', dataRoomsList)
    .add('dataRooms.create', dataRoomsCreate)
    .add('dataRooms.get', dataRoomsGet)
    .add('dataRooms.update', dataRoomsUpdate)
    .add('dataRooms.export', dataRoomsExport)
    .add('chapters.create', chaptersCreate)
    .add('chapters.update', chaptersUpdate)
    .add('chapters.move', chaptersMove)
    .add('chapters.delete', chaptersDelete)
    .add('chapters.addCitation', chaptersAddCitation)
    .add('chapters.removeCitation', chaptersRemoveCitation)
    .add('annotate.undo', annotateUndo)
    .add('annotate.redo', annotateRedo);
}
