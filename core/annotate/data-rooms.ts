import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { findDataRoom, insertDataRoom, updateDataRoomFields } from '../store/data-room-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { nowIso, type AnnotateDeps } from './annotate-deps.ts';
import { performAction } from './record-action.ts';
import { requireDataRoom } from './require-records.ts';

/** Whether a data room exists: other capabilities ask here instead of reading the data_rooms table. */
export function dataRoomExists(db: Database, dataRoomId: string): boolean {
  return findDataRoom(db, dataRoomId) !== undefined;
}

/** A new, empty data room in the workspace's project. Not undoable: history lives inside a data room. */
export function createDataRoom(deps: AnnotateDeps, input: { title: string }): string {
  const project = findCurrentProject(deps.db);
  if (!project) throw new Error('The workspace has no project yet, so it cannot hold a data room. Restart the app to seed it.');
  const now = nowIso(deps);
  const id = randomUUID();
  insertDataRoom(deps.db, { id, project_id: project.id, title: input.title.trim(), global_notes: '', created_at: now, updated_at: now });
  return id;
}

/** Renames the data room and/or replaces its global notes. Typing bursts coalesce into one undo step. */
export function updateDataRoom(deps: AnnotateDeps, input: { dataRoomId: string; title?: string | undefined; globalNotes?: string | undefined }): void {
  const dataRoom = requireDataRoom(deps.db, input.dataRoomId);
  const title = input.title?.trim() ?? dataRoom.title;
  const globalNotes = input.globalNotes ?? dataRoom.global_notes;
  const renamed = title !== dataRoom.title;
  const notesEdited = globalNotes !== dataRoom.global_notes;
  if (!renamed && !notesEdited) return;
  const label = renamed && notesEdited ? 'Edit data room' : renamed ? 'Rename data room' : 'Edit global notes';
  performAction(deps, dataRoom.id, { label, coalesce: true }, (tracker, now) => {
    tracker.track('data_rooms', dataRoom.id);
    updateDataRoomFields(deps.db, dataRoom.id, { title, global_notes: globalNotes, updated_at: now });
  });
}
