import type { StateCreator } from 'zustand';
import type { CurateInput, CurationEdit, GoldPlan, PlanAgreement } from '../../schemas/gold-plan.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { planMarkOf, samePlan, type CuratedPlan, type PlanId } from './curation-spans.ts';
import { errorMessage } from './error-message.ts';
import { serialQueue } from './serial-queue.ts';

/** What the curation view shows of the open room: each annotator's plan, the gold plan and their agreement. */
export interface Curation {
  dataRoomId: string;
  /** The annotators' plans (the workspace owner's too when it holds anything), lettered A, B, C… */
  plans: CuratedPlan[];
  gold: GoldPlan;
  agreement: PlanAgreement;
}

/** The chapter whose spans the document shows, in one plan (or the gold plan). */
export interface CurationFocus {
  plan: PlanId;
  chapterId: string;
}

/** The room owner's Curate mode: building the gold plan from the annotators' plans (plans.curate and the gold plan's own history). */
export interface CurationSlice {
  curating: boolean;
  curation?: Curation;
  curationFocus?: CurationFocus;
  /** The curator's note to the annotator, sent with the next decision and then cleared. */
  curatorNote: string;
  /** The gold chapter citations and chapter notes go into; undefined: the gold chapter made from their own chapter. */
  goldInto?: string;
  setCurating(on: boolean): void;
  loadCuration(): Promise<void>;
  focusCuration(focus: CurationFocus | undefined): void;
  setCuratorNote(text: string): void;
  setGoldInto(chapterId: string | undefined): void;
  /** One decision on one annotator's item; resolves true when the gold plan took it. */
  curate(action: CurateInput['action'], item: CurateInput['item'], edit?: CurationEdit): Promise<boolean>;
  goldStep(which: 'undo' | 'redo'): Promise<void>;
  moveGoldChapter(chapterId: string, toIndex: number): Promise<void>;
}

/** The gold plan as one more plan beside the annotators'. */
export const goldAsPlan = (gold: GoldPlan): CuratedPlan => ({ id: { gold: true }, mark: planMarkOf({ gold: true }, 0), chapters: gold.chapters, globalNotes: gold.globalNotes });

type Slice = StateCreator<AnnotatorState, [], [], CurationSlice>;

export const createCurationSlice: Slice = (set, get) => {
  // Decisions run one at a time, in the order made, so each answer is the gold plan's newest state.
  const serially = serialQueue();

  /** Runs a call on the open room for the owner; a failure is shown like every other annotator error. */
  const onRoom = async <T>(what: string, work: (client: RpcClient, dataRoomId: string) => Promise<T>): Promise<T | undefined> => {
    const { client, dataRoom, invite } = get();
    if (!client || !dataRoom || invite) return undefined;
    try {
      return await work(client, dataRoom.id);
    } catch (error) {
      set({ error: errorMessage(what, error) });
      return undefined;
    }
  };

  /** Takes the gold plan's new state, and the agreement, which counts the gold plan too. */
  const adoptGold = async (client: RpcClient, gold: GoldPlan) => {
    const current = get().curation;
    if (!current || current.dataRoomId !== gold.dataRoom.id) return;
    const into = get().goldInto;
    set({ curation: { ...current, gold }, goldInto: into && gold.chapters.some((c) => c.id === into) ? into : undefined });
    const agreement = await client.call('plans.agreement', { dataRoomId: gold.dataRoom.id });
    const now = get().curation;
    if (now?.dataRoomId === gold.dataRoom.id) set({ curation: { ...now, agreement } });
  };

  const goldCall = (what: string, call: (client: RpcClient, dataRoomId: string) => Promise<GoldPlan>, announce: (gold: GoldPlan) => string) =>
    serially(() =>
      onRoom(what, async (client, dataRoomId) => {
        const gold = await call(client, dataRoomId);
        await adoptGold(client, gold);
        get().announce(announce(gold));
        return gold;
      }),
    );

  return {
    curating: false,
    curatorNote: '',

    setCurating(on) {
      if (get().invite) return;
      // The curation panel loads the room's plans when it shows (and again for another room).
      set({ curating: on });
      get().announce(on ? 'Curate mode: the annotators’ plans side by side, and the gold plan beside them.' : 'Back to annotating.');
    },

    async loadCuration() {
      await onRoom('load the plans to curate', async (client, dataRoomId) => {
        const [agreement, gold] = await Promise.all([client.call('plans.agreement', { dataRoomId }), client.call('plans.gold', { dataRoomId })]);
        const labels = agreement.plans.filter((p) => !p.gold);
        const details = await Promise.all(labels.map((p) => client.call('dataRooms.get', { dataRoomId, ...(p.annotator === null ? {} : { annotator: p.annotator }) })));
        if (get().dataRoom?.id !== dataRoomId) return;
        const plans = labels.map((p, index): CuratedPlan => {
          const id: PlanId = { gold: false, annotator: p.annotator };
          return { id, mark: planMarkOf(id, index), chapters: details[index]!.chapters, globalNotes: details[index]!.globalNotes };
        });
        const focus = get().curationFocus;
        const kept = focus && [...plans, goldAsPlan(gold)].some((p) => samePlan(p.id, focus.plan) && p.chapters.some((c) => c.id === focus.chapterId));
        const first = plans.find((p) => p.chapters.length > 0);
        set({
          curation: { dataRoomId, plans, gold, agreement },
          curationFocus: kept ? focus : first ? { plan: first.id, chapterId: first.chapters[0]!.id } : undefined,
        });
      });
    },

    focusCuration(focus) {
      set({ curationFocus: focus });
    },

    setCuratorNote(text) {
      set({ curatorNote: text });
    },

    setGoldInto(chapterId) {
      set({ goldInto: chapterId });
    },

    async curate(action, item, edit) {
      const note = get().curatorNote.trim();
      const into = item.kind === 'citation' || item.kind === 'chapterNotes' ? get().goldInto : undefined;
      const gold = await goldCall(
        'curate the item',
        (client, dataRoomId) => client.call('plans.curate', { dataRoomId, action, item, ...(into ? { into } : {}), ...(edit ? { edit } : {}), ...(note ? { note } : {}) }),
        (next) => `${next.undoLabel ?? 'Done'}. Ctrl+Z undoes it.`,
      );
      if (gold) set({ curatorNote: '' });
      return gold !== undefined;
    },

    async goldStep(which) {
      const label = which === 'undo' ? get().curation?.gold.undoLabel : get().curation?.gold.redoLabel;
      if (!label) return;
      await goldCall(
        `${which} "${label}"`,
        (client, dataRoomId) => client.call(which === 'undo' ? 'plans.goldUndo' : 'plans.goldRedo', { dataRoomId }),
        () => `${which === 'undo' ? 'Undone' : 'Redone'}: ${label}`,
      );
    },

    async moveGoldChapter(chapterId, toIndex) {
      await goldCall(
        'move the gold chapter',
        (client, dataRoomId) => client.call('plans.goldMove', { dataRoomId, chapterId, toIndex }),
        (gold) => `Moved "${gold.chapters.find((c) => c.id === chapterId)?.title ?? 'the chapter'}" to place ${gold.chapters.findIndex((c) => c.id === chapterId) + 1} of ${gold.chapters.length} in the gold plan`,
      );
    },
  };
};
