import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { updateAnnotatorPlanNotes } from '../store/annotator-plan-repository.ts';
import { findDataRoom, insertDataRoom, setPlansShared, updateDataRoomFields } from '../store/data-room-repository.ts';
import { ensureAnnotatorPlanRow, ensurePlan, findPlan, planGlobalNotes, type PlanRef } from './annotator-plans.ts';
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

export interface DataRoomEdit {
  dataRoomId: string;
  title?: string | undefined;
  /** The global notes of `annotator`'s plan (absent: the workspace owner's). */
  globalNotes?: string | undefined;
  annotator?: string | undefined;
  /** Whether the room's annotators may see each other's plans (the owner's setting; not an undo step). */
  plansShared?: boolean | undefined;
}

/**
 * Renames the data room, replaces the global notes of one plan, and/or lets its annotators see
 * each other's plans (or not). Typing bursts coalesce into one undo step; returns the plan edited.
 */
export function updateDataRoom(deps: AnnotateDeps, input: DataRoomEdit): PlanRef {
  const dataRoom = requireDataRoom(deps.db, input.dataRoomId);
  if (input.plansShared !== undefined && (input.plansShared ? 1 : 0) !== dataRoom.plans_shared) {
    setPlansShared(deps.db, dataRoom.id, input.plansShared, nowIso(deps));
    deps.announce?.({ dataRoomId: dataRoom.id, what: 'room', annotatorId: null });
  }
  const title = input.title?.trim() ?? dataRoom.title;
  const renamed = title !== dataRoom.title;
  const plan = input.globalNotes === undefined ? findPlan(deps, dataRoom.id, input.annotator) : ensurePlan(deps, dataRoom.id, input.annotator);
  const notesEdited = input.globalNotes !== undefined && input.globalNotes !== planGlobalNotes(deps, dataRoom, plan.annotatorId);
  if (!renamed && !notesEdited) return plan;
  const label = renamed && notesEdited ? 'Edit data room' : renamed ? 'Rename data room' : 'Edit global notes';
  // A room's title is the owner's: a rename is an undo step of the owner's plan.
  const historyOf = renamed || plan.annotatorId === undefined ? { dataRoomId: dataRoom.id, annotatorId: null } : { dataRoomId: dataRoom.id, annotatorId: plan.annotatorId };
  performAction(deps, historyOf, { label, coalesce: true }, (tracker, now) => {
    const ownerNotes = notesEdited && plan.annotatorId === null;
    if (renamed || ownerNotes) {
      // Only then: undoing an SME's notes must never put back an older title or owner's notes.
      tracker.track('data_rooms', dataRoom.id);
      updateDataRoomFields(deps.db, dataRoom.id, { title, global_notes: ownerNotes ? (input.globalNotes ?? '') : dataRoom.global_notes, updated_at: now });
    }
    if (notesEdited && typeof plan.annotatorId === 'string') {
      const row = ensureAnnotatorPlanRow(deps, dataRoom.id, plan.annotatorId, now, (id) => tracker.track('annotator_plans', id));
      tracker.track('annotator_plans', row.id);
      updateAnnotatorPlanNotes(deps.db, row.id, input.globalNotes ?? '', now);
    }
  });
  // A new title shows on every plan's page, so it is the room's change, not only the owner's plan's.
  if (renamed) deps.announce?.({ dataRoomId: dataRoom.id, what: 'room', annotatorId: null });
  return plan;
}
