import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { insertDataRoom, listDataRooms } from '../store/data-room-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { writeTransaction } from '../store/write-transaction.ts';

export const DEFAULT_DATA_ROOM_TITLE = 'Data room';

/**
 * The id of the project's first data room, creating one titled "Data room" when there is none
 * (imports without a data room land there). `projectId` defaults to the workspace's project.
 */
export function ensureDefaultDataRoom(db: Database, projectId?: string): string {
  return writeTransaction(db, () => {
    const project = projectId ?? findCurrentProject(db)?.id;
    if (!project) throw new Error('The workspace has no project yet, so it cannot hold a data room. Restart the app to seed it.');
    const existing = listDataRooms(db, project)[0];
    if (existing) return existing.id;
    const now = new Date().toISOString();
    const id = randomUUID();
    insertDataRoom(db, { id, project_id: project, title: DEFAULT_DATA_ROOM_TITLE, global_notes: '', created_at: now, updated_at: now });
    return id;
  })();
}
