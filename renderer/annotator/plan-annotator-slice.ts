import type { StateCreator } from 'zustand';
import type { Session } from '../../schemas/invites.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { errorMessage } from './error-message.ts';

/** An SME's invite link, as the server named it: their own plan in one data room and nothing else. */
export type PlanInvite = Extract<Session, { role: 'annotator' }>;

/** Whose plan of the data room is on screen, and (for the room's owner) whether the annotators see each other's. */
export interface PlanAnnotatorSlice {
  /** An annotator's name; null for the workspace owner's own plan. */
  planAnnotator: string | null;
  /** Set when this page is an SME's invite link: the owner's controls are not shown, and the plan is theirs alone. */
  invite?: PlanInvite;
  /** The workspace's people (synthetic voters left out), offered by "who is annotating"; undefined until loaded. */
  knownAnnotators?: string[];
  loadKnownAnnotators(): Promise<void>;
  /** Opens `name`'s plan of the room (null: the workspace owner's) and remembers the choice in this browser. */
  switchPlanAnnotator(name: string | null): Promise<void>;
  /** The room owner's choice: whether the room's annotators see each other's plans (read-only). */
  setPlansShared(shared: boolean): Promise<void>;
}

const KEY = 'lhb.annotator.planAnnotator';

/** The plan this browser last annotated; null (the workspace owner's) when none is remembered. */
export function readRememberedPlanAnnotator(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): string | null {
  try {
    const name = storage?.getItem(KEY)?.trim();
    return name ? name : null;
  } catch {
    return null;
  }
}

function rememberPlanAnnotator(name: string | null, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.localStorage): void {
  try {
    if (name) storage?.setItem(KEY, name);
    else storage?.removeItem(KEY);
  } catch {
    // Storage refused (private mode, quota): the next reload opens the owner's plan, and says so.
  }
}

/** The `annotator` field of a plan call: the plan on screen; absent for the workspace owner's. */
export const planScope = (state: Pick<PlanAnnotatorSlice, 'planAnnotator'>): { annotator?: string } =>
  state.planAnnotator === null ? {} : { annotator: state.planAnnotator };

/** How a plan is named on screen. */
export const planOwnerName = (annotator: string | null) => annotator ?? 'Workspace owner';

type Slice = StateCreator<AnnotatorState, [], [], PlanAnnotatorSlice>;

export const createPlanAnnotatorSlice: Slice = (set, get) => ({
  planAnnotator: readRememberedPlanAnnotator(),

  async loadKnownAnnotators() {
    const { client, invite } = get();
    if (!client || invite) return;
    try {
      const { annotators } = await client.call('arena.annotators', {});
      set({ knownAnnotators: annotators.filter((a) => !a.synthetic).map((a) => a.name) });
    } catch (error) {
      set({ knownAnnotators: [], error: errorMessage('list the annotators', error) });
    }
  },

  async switchPlanAnnotator(name) {
    const { client, dataRoom, invite } = get();
    const next = name?.trim() ? name.trim() : null;
    if (invite || !client) return;
    const previous = get().planAnnotator;
    set({ planAnnotator: next });
    rememberPlanAnnotator(next);
    if (!dataRoom) return;
    try {
      const detail = await client.call('dataRooms.get', { dataRoomId: dataRoom.id, ...planScope({ planAnnotator: next }) });
      if (get().planAnnotator !== next) return;
      set({ dataRoom: detail, activeChapterId: detail.chapters[0]?.id, notesState: 'idle' });
      const count = detail.chapters.length;
      get().announce(`Now annotating as ${planOwnerName(detail.annotator)}: their plan has ${count} ${count === 1 ? 'chapter' : 'chapters'}.`);
    } catch (error) {
      set({ planAnnotator: previous, error: errorMessage(`open ${planOwnerName(next)}'s plan`, error) });
      rememberPlanAnnotator(previous);
    }
  },

  async setPlansShared(shared) {
    const { client, dataRoom, invite } = get();
    if (invite || !client || !dataRoom) return;
    try {
      const detail = await client.call('dataRooms.update', { dataRoomId: dataRoom.id, ...planScope(get()), plansShared: shared });
      if (get().dataRoom?.id === detail.id) set({ dataRoom: detail });
      get().announce(
        shared ? "The room's annotators now see each other's plans, read-only." : "Each annotator of the room now sees only their own plan.",
      );
    } catch (error) {
      set({ error: errorMessage(shared ? "share the room's plans" : "stop sharing the room's plans", error) });
    }
  },
});
