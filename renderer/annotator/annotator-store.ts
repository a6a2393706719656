import { create } from 'zustand';
import { createCurationSlice, type CurationSlice } from './curation-slice.ts';
import { createDataRoomSlice, type DataRoomSlice } from './data-room-slice.ts';
import { createDocumentSlice, type DocumentSlice } from './document-slice.ts';
import { createExtractionNotesSlice, type ExtractionNotesSlice } from './extraction-notes-slice.ts';
import { createImportSlice, type ImportSlice } from './import-slice.ts';
import { createPlanAnnotatorSlice, type PlanAnnotatorSlice } from './plan-annotator-slice.ts';
import { createPlanReviewSlice, type PlanReviewSlice } from './plan-review-slice.ts';
import { createViewerSettingsSlice, type ViewerSettingsSlice } from './viewer-settings-slice.ts';

/**
 * The annotator's state, apart from the app shell's: the open data room and its chapters, the open
 * document, how it is viewed and its extraction notes, imports in progress, whose plan is on screen, the team's submitted plans, and the owner's curation of them into the
 * gold plan. Every edit goes to core through the RPC client and the data room's new state comes back, so the store never guesses what was saved.
 */
export type AnnotatorState = CurationSlice & DataRoomSlice & DocumentSlice & ExtractionNotesSlice & ImportSlice & PlanAnnotatorSlice & PlanReviewSlice & ViewerSettingsSlice;

export function createAnnotatorStore() {
  return create<AnnotatorState>()((...args) => ({
    ...createCurationSlice(...args),
    ...createDataRoomSlice(...args),
    ...createDocumentSlice(...args),
    ...createExtractionNotesSlice(...args),
    ...createImportSlice(...args),
    ...createPlanAnnotatorSlice(...args),
    ...createPlanReviewSlice(...args),
    ...createViewerSettingsSlice(...args),
  }));
}

export const useAnnotatorStore = createAnnotatorStore();
