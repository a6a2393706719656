import type { StateCreator } from 'zustand';
import type { DataRoomDetail, DataRoomSummary } from '../../schemas/annotate.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { watchesConnection } from '../api/connection-state.ts';
import { coalescedReads } from './coalesced-reads.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { inCodeAt } from './code-fences.ts';
import type { OpenDocument } from './document-slice.ts';
import { errorMessage } from './error-message.ts';
import { serialQueue } from './serial-queue.ts';
import { planScope, type PlanInvite } from './plan-annotator-slice.ts';
import { markdownLine } from './markdown-line-cache.ts';
import { quoteOf } from './selection-to-lines.ts';
import { readPlace, writePlace } from './remembered-place.ts';
import { formatLineRange } from './source-labels.ts';

export type NotesState = 'idle' | 'saving' | 'saved' | 'failed';

export interface PendingCitation {
  chapterId: string;
  sourceId: string;
  versionId: string;
  startLine: number;
  endLine: number;
  quote: string;
  startChar: number | null;
  endChar: number | null;
}

export interface DataRoomSlice {
  client?: RpcClient;
  /** `no-data-room`: the workspace has no data room yet and the screen offers to make one. */
  phase: 'idle' | 'loading' | 'no-data-room' | 'ready' | 'failed';
  dataRooms: DataRoomSummary[];
  dataRoom?: DataRoomDetail;
  activeChapterId?: string;
  /** What went wrong, in words a user can act on; shown until dismissed. */
  error?: string;
  /** The last thing done, read out by screen readers (a polite live region). */
  announcement: string;
  notesState: NotesState;
  /** A citation sent to core and not yet confirmed: shown at once, marked as saving. */
  pendingCitation?: PendingCitation;
  /**
   * Subscribes to the app's events and opens the remembered (or first) data room; returns the
   * unsubscribe. With an SME's `invite`, opens their one room and plan. Either way the open room is
   * read again when its plans change (another annotator's writes, the owner's sharing), without a reload.
   */
  connect(client: RpcClient, invite?: PlanInvite): () => void;
  openDataRoom(dataRoomId: string): Promise<void>;
  /** Reads the open data room again (another process added a source or cited), keeping what is open. */
  refreshDataRoom(): Promise<void>;
  createDataRoom(title: string): Promise<void>;
  setActiveChapter(chapterId: string): void;
  /** Adds "Chapter N" after the active chapter and makes it active; resolves with its id. */
  addChapter(): Promise<string | undefined>;
  renameChapter(chapterId: string, title: string): Promise<void>;
  /** Saves a chapter's instruction or design notes; typing bursts make one undo step in core. */
  editChapterText(chapterId: string, field: 'instruction' | 'designNotes', text: string): Promise<boolean>;
  moveChapter(chapterId: string, toIndex: number): Promise<void>;
  deleteChapter(chapterId: string): Promise<void>;
  removeCitation(citationId: string): Promise<void>;
  /** Cites the selected lines into the active chapter, creating "Chapter 1" when there is none. */
  citeSelection(): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Saves the global notes of `annotator`'s plan (absent: the plan on screen), so typing is never saved into a plan switched to since. */
  saveNotes(text: string, annotator?: string | null): Promise<void>;
  announce(text: string): void;
  dismissError(): void;
}

type Slice = StateCreator<AnnotatorState, [], [], DataRoomSlice>;

export const createDataRoomSlice: Slice = (set, get) => {
  // Edits run one at a time, in the order made, so each answer is the newest state of the data room.
  const serially = serialQueue();

  /** Takes the data room's new state; keeps the active chapter, or picks a neighbour if it went. */
  const adopt = (detail: DataRoomDetail) => {
    const { activeChapterId, dataRoom: previous } = get();
    let active = detail.chapters.find((c) => c.id === activeChapterId)?.id;
    if (!active && detail.chapters.length > 0) {
      const oldIndex = previous?.chapters.findIndex((c) => c.id === activeChapterId) ?? -1;
      active = detail.chapters[Math.min(Math.max(oldIndex, 0), detail.chapters.length - 1)]!.id;
    }
    set((state) => ({
      dataRoom: detail,
      activeChapterId: active,
      dataRooms: state.dataRooms.map((c) => (c.id === detail.id ? { ...c, title: detail.title, sourceCount: detail.sources.length, chapterCount: detail.chapters.length } : c)),
    }));
    rememberPlace(get());
  };

  /** Runs one edit of the data room; a failure is shown and the data room stays as the server has it. */
  const edit = (what: string, call: (client: RpcClient, dataRoom: DataRoomDetail) => Promise<DataRoomDetail>) =>
    serially(async () => {
      const { client, dataRoom } = get();
      if (!client || !dataRoom) return undefined;
      try {
        const detail = await call(client, dataRoom);
        adopt(detail);
        return detail;
      } catch (error) {
        set({ error: errorMessage(what, error) });
        return undefined;
      }
    });

  // A change elsewhere reads the room again after the edits already queued, so it never reads a
  // state older than one they adopt.
  const followChange = coalescedReads(() => serially(() => get().refreshDataRoom()));

  const chapterTitle = (chapterId: string) => get().dataRoom?.chapters.find((c) => c.id === chapterId)?.title ?? 'the chapter';

  const undoOrRedo = async (which: 'undo' | 'redo') => {
    const label = which === 'undo' ? get().dataRoom?.undoLabel : get().dataRoom?.redoLabel;
    if (!label) return;
    const detail = await edit(`${which} "${label}"`, (client, dataRoom) => client.call(`annotate.${which}`, { dataRoomId: dataRoom.id, ...planScope(get()) }));
    if (detail) get().announce(`${which === 'undo' ? 'Undone' : 'Redone'}: ${label}`);
  };

  return {
    phase: 'idle',
    dataRooms: [],
    announcement: '',
    notesState: 'idle',

    connect(client, invite) {
      set(invite ? { client, phase: 'loading', invite, planAnnotator: invite.annotatorName } : { client, phase: 'loading' });
      const unfollow = client.onEvent((event) => {
        if (event.type === 'job') get().jobChanged(event.job);
        // Another process wrote to the workspace (`sources add` from a terminal, say), or a plan of
        // this room was written (an SME through their link, the owner here, a curator): show it now,
        // in Curate mode too.
        else if (event.type === 'store-changed' || event.dataRoomId === get().dataRoom?.id) {
          followChange();
          if (get().curating) void get().loadCuration();
        }
      });
      // Events sent while the stream was down were not heard: read the room again when it reopens.
      const unwatch = watchesConnection(client) ? client.onStreamOpen(followChange) : () => {};
      const unsubscribe = () => {
        unwatch();
        unfollow();
      };
      if (invite) {
        void (async () => {
          set({ dataRooms: [{ id: invite.dataRoomId, title: invite.dataRoomTitle, sourceCount: 0, chapterCount: 0, updatedAt: '' }] });
          await get().openDataRoom(invite.dataRoomId);
        })();
        return unsubscribe;
      }
      void (async () => {
        try {
          const { dataRooms } = await client.call('dataRooms.list', {});
          set({ dataRooms });
          const remembered = readPlace().dataRoomId;
          const first = dataRooms.find((c) => c.id === remembered) ?? dataRooms[0];
          if (first) await get().openDataRoom(first.id);
          else set({ phase: 'no-data-room' });
        } catch (error) {
          set({ phase: 'failed', error: errorMessage('list the data rooms', error) });
        }
      })();
      return unsubscribe;
    },

    async openDataRoom(dataRoomId) {
      const { client } = get();
      if (!client) return;
      set({ phase: 'loading' });
      try {
        const detail = await client.call('dataRooms.get', { dataRoomId, ...planScope(get()) });
        const place = readPlace();
        const chapterId = detail.chapters.find((c) => c.id === place.chapterId)?.id ?? detail.chapters[0]?.id;
        set({ dataRoom: detail, activeChapterId: chapterId, phase: 'ready', notesState: 'idle' });
        get().closeDocument();
        const source = detail.sources.find((s) => s.id === place.sourceId) ?? detail.sources[0];
        if (source) await get().openSource(source.id, source.id === place.sourceId ? place.versionId : undefined);
        rememberPlace(get());
      } catch (error) {
        set({ phase: 'failed', error: errorMessage('open the data room', error) });
      }
    },

    async refreshDataRoom() {
      const { client, dataRoom, invite, planAnnotator } = get();
      if (!client || !dataRoom || get().phase !== 'ready') return;
      try {
        const [detail, dataRooms] = await Promise.all([
          client.call('dataRooms.get', { dataRoomId: dataRoom.id, ...planScope(get()) }),
          // An SME's link has its one room; the list is the owner's.
          invite ? get().dataRooms : client.call('dataRooms.list', {}).then((answer) => answer.dataRooms),
        ]);
        if (get().dataRoom?.id !== detail.id || get().planAnnotator !== planAnnotator) return;
        const active = get().activeChapterId;
        set({ dataRoom: detail, dataRooms, activeChapterId: detail.chapters.some((c) => c.id === active) ? active : detail.chapters[0]?.id });
        const open = get().doc;
        if (!open && detail.sources[0]) await get().openSource(detail.sources[0].id);
      } catch {
        // A refresh is a courtesy: the next edit or reload reads the data room again and says what failed.
      }
    },

    async createDataRoom(title) {
      const { client } = get();
      if (!client) return;
      try {
        const detail = await client.call('dataRooms.create', { title });
        const summary: DataRoomSummary = { id: detail.id, title: detail.title, sourceCount: 0, chapterCount: 0, updatedAt: detail.updatedAt };
        set((state) => ({ dataRooms: [...state.dataRooms, summary] }));
        await get().openDataRoom(detail.id);
        get().announce(`Created the data room "${detail.title}"`);
      } catch (error) {
        set({ error: errorMessage('create the data room', error) });
      }
    },

    setActiveChapter(chapterId) {
      set({ activeChapterId: chapterId });
      rememberPlace(get());
    },

    async addChapter() {
      const before = new Set(get().dataRoom?.chapters.map((c) => c.id));
      const detail = await edit('add a chapter', (client, dataRoom) =>
        client.call('chapters.create', { dataRoomId: dataRoom.id, ...planScope(get()), title: `Chapter ${dataRoom.chapters.length + 1}`, ...(get().activeChapterId ? { afterChapterId: get().activeChapterId } : {}) }),
      );
      const added = detail?.chapters.find((c) => !before.has(c.id));
      if (added) {
        get().setActiveChapter(added.id);
        get().announce(`Added "${added.title}"; it is now the active chapter`);
      }
      return added?.id;
    },

    async renameChapter(chapterId, title) {
      const trimmed = title.trim();
      if (!trimmed || trimmed === chapterTitle(chapterId)) return;
      await edit('rename the chapter', (client) => client.call('chapters.update', { chapterId, title: trimmed }));
    },

    async editChapterText(chapterId, field, text) {
      if (get().dataRoom?.chapters.find((c) => c.id === chapterId)?.[field] === text) return true;
      const what = field === 'instruction' ? 'save the instruction' : 'save the notes';
      return (await edit(what, (client) => client.call('chapters.update', { chapterId, [field]: text }))) !== undefined;
    },

    async moveChapter(chapterId, toIndex) {
      const count = get().dataRoom?.chapters.length ?? 0;
      if (toIndex < 0 || toIndex >= count) return;
      const detail = await edit('move the chapter', (client) => client.call('chapters.move', { chapterId, toIndex }));
      if (detail) get().announce(`Moved "${chapterTitle(chapterId)}" to position ${toIndex + 1} of ${count}`);
    },

    async deleteChapter(chapterId) {
      const title = chapterTitle(chapterId);
      const detail = await edit('delete the chapter', (client) => client.call('chapters.delete', { chapterId }));
      if (detail) get().announce(`Deleted "${title}". Undo (Ctrl+Z) brings it back with its citations.`);
    },

    async removeCitation(citationId) {
      const detail = await edit('remove the citation', (client) => client.call('chapters.removeCitation', { citationId }));
      if (detail) get().announce('Citation removed');
    },

    async citeSelection() {
      const { selection, doc, dataRoom } = get();
      if (!dataRoom) return;
      if (!selection || !doc) {
        get().announce('Select lines in the document first, then press C or Cite.');
        return;
      }
      let chapterId = get().activeChapterId;
      if (!chapterId) chapterId = await get().addChapter();
      if (!chapterId) return;
      const { startLine, endLine } = selection;
      // A drag says which characters; lines picked whole (by keyboard or gutter) quote their plain text whole.
      const exact = selection.startChar !== undefined && selection.endChar !== undefined && selection.quote !== undefined;
      const whole = exact ? undefined : wholeLines(doc, startLine, endLine);
      const chars = exact ? { startChar: selection.startChar!, endChar: selection.endChar!, quote: selection.quote! } : whole;
      const quote = chars?.quote ?? doc.lines.getText(startLine, endLine);
      // Show it now; core answers in a few ms for most sources, but a huge one takes longer.
      set({
        pendingCitation: { chapterId, sourceId: doc.source.id, versionId: doc.version.id, startLine, endLine, quote: quote ?? '', startChar: chars?.startChar ?? null, endChar: chars?.endChar ?? null },
      });
      const detail = await edit('cite the selected lines', (client) =>
        client.call('chapters.addCitation', {
          chapterId,
          versionId: doc.version.id,
          startLine,
          endLine,
          ...(chars ? { startChar: chars.startChar, endChar: chars.endChar } : quote !== undefined && quote.length <= 100_000 ? { quote } : {}),
        }),
      );
      set({ pendingCitation: undefined });
      if (detail) {
        get().setSelection(undefined);
        get().announce(`Cited ${formatLineRange(startLine, endLine)} into "${chapterTitle(chapterId)}"`);
      }
    },

    undo: () => undoOrRedo('undo'),
    redo: () => undoOrRedo('redo'),

    async saveNotes(text, annotator) {
      const plan = annotator === undefined ? get().planAnnotator : annotator;
      const onScreen = plan === get().planAnnotator;
      if (onScreen && get().dataRoom?.globalNotes === text) return;
      set({ notesState: 'saving' });
      const save = (client: RpcClient, dataRoom: DataRoomDetail) => client.call('dataRooms.update', { dataRoomId: dataRoom.id, ...planScope({ planAnnotator: plan }), globalNotes: text });
      if (!onScreen) {
        // Typed into the plan switched away from: saved there, and the plan on screen stays as it is.
        const { client, dataRoom } = get();
        if (!client || !dataRoom) return;
        await save(client, dataRoom).then(
          () => set({ notesState: 'idle' }),
          (error: unknown) => set({ notesState: 'idle', error: errorMessage(`save ${plan ?? "the workspace owner"}'s global notes`, error) }),
        );
        return;
      }
      const detail = await edit('save the global notes', save);
      set({ notesState: detail ? 'saved' : 'failed' });
    },

    announce(text) {
      set({ announcement: text });
    },

    dismissError() {
      set({ error: undefined });
    },
  };
};

/**
 * Whole lines as plain text, from the first line's start to the last line's end, when every line
 * is loaded and holds text; otherwise undefined (core then quotes the lines' Markdown whole).
 */
function wholeLines(doc: OpenDocument, startLine: number, endLine: number): { startChar: number; endChar: number; quote: string } | undefined {
  const read = (line: number) => {
    const text = doc.lines.getLine(line);
    return text === undefined ? undefined : markdownLine(text, inCodeAt(doc.fences, line)).text;
  };
  const last = read(endLine);
  const quote = last === undefined ? undefined : quoteOf(startLine, endLine, 0, last.length, read);
  return last !== undefined && quote !== undefined ? { startChar: 0, endChar: last.length, quote } : undefined;
}

/** Keeps the data room, open source and active chapter in this browser, for the next reload. */
export function rememberPlace(state: AnnotatorState): void {
  if (!state.dataRoom) return;
  writePlace({
    dataRoomId: state.dataRoom.id,
    ...(state.doc ? { sourceId: state.doc.source.id } : {}),
    // An older version is remembered only when one was chosen; otherwise a reload opens the newest.
    ...(state.doc && state.doc.version.id !== state.doc.source.latestVersionId ? { versionId: state.doc.version.id } : {}),
    ...(state.activeChapterId ? { chapterId: state.activeChapterId } : {}),
  });
}
