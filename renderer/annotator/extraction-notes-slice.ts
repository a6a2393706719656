import type { StateCreator } from 'zustand';
import type { ExtractionDoubt } from '../../schemas/sources.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { errorMessage } from './error-message.ts';

/** What extraction found doubtful in the open version, as `sources.doubts` says. */
export type ExtractionNotes =
  | { versionId: string; state: 'loading' }
  | { versionId: string; state: 'failed'; message: string }
  | { versionId: string; state: 'ready'; doubts: ExtractionDoubt[]; recorded: boolean };

export interface ExtractionNotesSlice {
  /** The open version's extraction notes (the badge counts them; the panel lists them). */
  notes?: ExtractionNotes;
  notesOpen: boolean;
  toggleNotes(): void;
  /** Reads the notes of a version unless they are already on hand. */
  loadNotes(sourceId: string, versionId: string): Promise<void>;
  /** Shows the note's line in the viewer, highlighted, and says what the note is. */
  showNote(doubt: ExtractionDoubt, says: string): void;
}

type Slice = StateCreator<AnnotatorState, [], [], ExtractionNotesSlice>;

export const createExtractionNotesSlice: Slice = (set, get) => ({
  notesOpen: false,

  toggleNotes() {
    set({ notesOpen: !get().notesOpen });
  },

  async loadNotes(sourceId, versionId) {
    const { client, notes } = get();
    if (!client || (notes?.versionId === versionId && notes.state !== 'failed')) return;
    set({ notes: { versionId, state: 'loading' } });
    let next: ExtractionNotes;
    try {
      const { doubts, recorded } = await client.call('sources.doubts', { sourceId, versionId });
      next = { versionId, state: 'ready', doubts, recorded };
    } catch (error) {
      next = { versionId, state: 'failed', message: errorMessage('read the extraction notes', error) };
    }
    // Another version opened meanwhile: its own notes are loading.
    if (get().notes?.versionId === versionId) set({ notes: next });
  },

  showNote(doubt, says) {
    get().revealLines(doubt.line, doubt.line, true);
    get().announce(`Line ${doubt.line}: ${says}`);
  },
});
