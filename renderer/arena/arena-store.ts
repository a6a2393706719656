import { create } from 'zustand';
import type { Annotator, ArenaItem, ArenaProgress, ArenaStudy, OwnVote } from '../../schemas/arena.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { couldNot } from '../api/describe-error.ts';
import { isConflict, isRefusedLink } from './arena-error.ts';
import { readRememberedAnnotator, rememberAnnotator } from './remembered-annotator.ts';
import { CHOICE_WORDS, progressText } from './vote-words.ts';
import { EMPTY_DRAFT, describeMissing, isRating, missingForSubmit, ratingContradiction, voteDraftReducer, type DraftAction, type VoteDraft } from './vote-draft.ts';

export type ArenaTab = 'vote' | 'study';
export type ItemPhase = 'idle' | 'loading' | 'ready' | 'empty' | 'failed';

/** The contract's ceiling on timeOnItemMs (a week). */
const MAX_TIME_ON_ITEM_MS = 7 * 24 * 3600 * 1000;

export interface ArenaState {
  client?: RpcClient;
  tab: ArenaTab;
  annotatorsPhase: 'idle' | 'loading' | 'ready' | 'failed';
  annotators: Annotator[];
  /** Who every vote is attributed to; undefined until the voter picks or creates a profile. */
  annotatorId?: string;
  /** The voter pressed "Change": the picker shows even though a profile is chosen. */
  choosingAnnotator: boolean;
  item: ArenaItem | null;
  itemPhase: ItemPhase;
  progress?: ArenaProgress;
  /** performance.now() when the pair on screen arrived; a vote's timeOnItemMs counts from here. */
  shownAt: number;
  /** The voter asked to see pairs again: later calls keep allowing repeats. */
  allowRepeats: boolean;
  /** The turn of multi-turn runs the owner asked pairs at; null: each run as it ended. Later calls keep it. */
  turn: number | null;
  draft: VoteDraft;
  /** A vote or an undo is on its way: further ones wait. */
  busy: boolean;
  /** The pair (its token) on which the voter was already asked about ratings that contradict the preference: asked once per pair. */
  contradictionAsked?: string;
  votes: OwnVote[];
  votesPhase: 'idle' | 'loading' | 'ready' | 'failed';
  study?: ArenaStudy;
  studyError?: string;
  legendOpen: boolean;
  /**
   * Whether this page may read the study owner's panel (\`arena.study\`). An invite link's page
   * may not: it would only collect 403s, so it never asks.
   */
  seesStudy: boolean;
  /** The server refused this page's token (an invite link revoked or expired): why, in its words. Voting is over. */
  linkRefused?: string;
  error?: string;
  announcement: string;
  connect(client: RpcClient): void;
  showTab(tab: ArenaTab): void;
  chooseAnnotator(annotatorId: string): void;
  createAnnotator(name: string): Promise<void>;
  changeAnnotator(): void;
  cancelChange(): void;
  loadNext(options?: { allowRepeats?: boolean; turn?: number | null }): Promise<void>;
  dispatch(action: DraftAction): void;
  submit(): Promise<void>;
  undo(): Promise<void>;
  loadVotes(): Promise<void>;
  loadStudy(): Promise<void>;
  /** Sets the workspace's fast-vote floor (owner only), then refreshes the panel. */
  setFastVoteFloor(floorMs: number): Promise<void>;
  toggleLegend(): void;
  announce(text: string): void;
  dismissError(): void;
}

const clampTime = (ms: number) => Math.min(MAX_TIME_ON_ITEM_MS, Math.max(0, Math.round(ms)));

export function createArenaStore(now: () => number = () => performance.now()) {
  return create<ArenaState>()((set, get) => {
    // Answers to superseded requests (another annotator picked, a newer "next") are dropped.
    let nextRequest = 0;
    let votesRequest = 0;

    const selfVoting = (annotatorId: string | undefined) => annotatorId !== undefined && get().annotatorId === annotatorId;

    return {
      tab: 'vote',
      annotatorsPhase: 'idle',
      annotators: [],
      choosingAnnotator: false,
      item: null,
      itemPhase: 'idle',
      shownAt: 0,
      allowRepeats: false,
      turn: null,
      draft: EMPTY_DRAFT,
      busy: false,
      votes: [],
      votesPhase: 'idle',
      legendOpen: true,
      seesStudy: true,
      announcement: '',

      connect(client) {
        if (get().client === client) return;
        set({ client, annotatorsPhase: 'loading' });
        void (async () => {
          try {
            const { annotators } = await client.call('arena.annotators', {});
            set({ annotators, annotatorsPhase: 'ready' });
            const remembered = annotators.find((a) => a.id === readRememberedAnnotator() && !a.synthetic);
            if (remembered) get().chooseAnnotator(remembered.id);
          } catch (error) {
            set({ annotatorsPhase: 'failed', error: couldNot('list the annotators', error, 'Reload the page to try again; no votes were affected.') });
          }
        })();
      },

      showTab(tab) {
        set({ tab });
      },

      chooseAnnotator(annotatorId) {
        rememberAnnotator(annotatorId);
        const same = get().annotatorId === annotatorId;
        set({ annotatorId, choosingAnnotator: false });
        if (same && get().itemPhase !== 'idle') return;
        set({ item: null, itemPhase: 'idle', progress: undefined, votes: [], votesPhase: 'idle', allowRepeats: false, draft: EMPTY_DRAFT });
        void get().loadNext();
        void get().loadVotes();
      },

      async createAnnotator(name) {
        const { client, annotators } = get();
        const trimmed = name.trim();
        if (!client || !trimmed) return;
        // One person, one profile: a name already taken by a human voter is that voter.
        const existing = annotators.find((a) => !a.synthetic && a.name.toLowerCase() === trimmed.toLowerCase());
        if (existing) {
          get().chooseAnnotator(existing.id);
          get().announce(`"${existing.name}" already exists; voting as ${existing.name}.`);
          return;
        }
        try {
          const created = await client.call('arena.createAnnotator', { name: trimmed });
          set((state) => ({ annotators: [...state.annotators, created] }));
          get().chooseAnnotator(created.id);
          get().announce(`Created ${created.name}; every vote from now on is theirs.`);
        } catch (error) {
          set({ error: couldNot(`create the annotator "${trimmed}"`, error, 'Check the name and try again.') });
        }
      },

      changeAnnotator() {
        set({ choosingAnnotator: true });
      },

      cancelChange() {
        set({ choosingAnnotator: false });
      },

      async loadNext(options = {}) {
        const { client, annotatorId } = get();
        if (!client || !annotatorId) return;
        const allowRepeats = options.allowRepeats ?? get().allowRepeats;
        const turn = options.turn === undefined ? get().turn : options.turn;
        const request = ++nextRequest;
        set({ itemPhase: 'loading', allowRepeats, turn });
        try {
          const { item, progress } = await client.call('arena.nextPair', { annotatorId, allowRepeats, ...(turn === null ? {} : { turn }) });
          if (request !== nextRequest || !selfVoting(annotatorId)) return;
          const previous = get().item;
          // The same open pair again (a retry, a reload of the list): keep what the voter set and the clock.
          const samePair = item !== null && previous !== null && item.token === previous.token;
          set({
            item,
            progress,
            itemPhase: item ? 'ready' : 'empty',
            ...(samePair ? {} : { draft: EMPTY_DRAFT, shownAt: now() }),
          });
        } catch (error) {
          if (request !== nextRequest) return;
          if (isRefusedLink(error)) return set({ linkRefused: error.message });
          set({ item: null, itemPhase: 'failed', error: couldNot('load the next pair', error, 'Press "Try again"; your recorded votes are kept.') });
        }
      },

      dispatch(action) {
        set((state) => ({ draft: voteDraftReducer(state.draft, action) }));
      },

      async submit() {
        const { client, item, draft, busy, shownAt, annotatorId, linkRefused } = get();
        if (!client || !item || busy || linkRefused || get().itemPhase !== 'ready') return;
        const missing = missingForSubmit(draft);
        if (missing.length > 0 || !draft.choice || draft.ratingLeft === null || draft.ratingRight === null) {
          get().announce(`${describeMissing(missing)}.`);
          return;
        }
        const contradiction = ratingContradiction(draft);
        if (contradiction && get().contradictionAsked !== item.token) {
          set({ contradictionAsked: item.token });
          get().announce(`${contradiction} Submit again to keep it, or change the preference or a rating.`);
          return;
        }
        set({ busy: true });
        try {
          const { progress } = await client.call('arena.vote', {
            token: item.token,
            choice: draft.choice,
            ratingLeft: draft.ratingLeft,
            ratingRight: draft.ratingRight,
            reason: draft.reason.trim(),
            timeOnItemMs: clampTime(now() - shownAt),
          });
          if (!selfVoting(annotatorId)) return;
          set({ progress });
          get().announce(`Vote recorded: ${CHOICE_WORDS[draft.choice]}, Left ${draft.ratingLeft}, Right ${draft.ratingRight}. ${progressText(progress)} done.`);
          void get().loadVotes();
          if (get().seesStudy) void get().loadStudy();
          await get().loadNext();
        } catch (error) {
          if (isRefusedLink(error)) {
            set({ linkRefused: error.message });
          } else if (isConflict(error)) {
            set({ error: couldNot('record your vote', error, 'This pair is no longer open (perhaps voted in another window); your open pair is shown now.') });
            await get().loadNext();
          } else {
            set({ error: couldNot('record your vote', error, 'Your choice, ratings and reason are still here: press Submit (or Enter) to try again.') });
          }
        } finally {
          set({ busy: false });
        }
      },

      async undo() {
        const { client, annotatorId, busy, votes, votesPhase, linkRefused } = get();
        if (!client || !annotatorId || busy || linkRefused) return;
        set({ busy: true });
        const last = votesPhase === 'ready' ? votes[0] : undefined;
        try {
          const { undone, progress } = await client.call('arena.undoLastVote', { annotatorId });
          if (!selfVoting(annotatorId)) return;
          set({ progress });
          if (!undone) {
            get().announce('There is no vote of yours to undo.');
            return;
          }
          await get().loadNext();
          const back = get().item;
          // The pair comes back with the same sides, so the retracted vote's positions still apply.
          if (last && back && back.title === last.taskTitle && isRating(last.ratingLeft) && isRating(last.ratingRight)) {
            get().dispatch({ type: 'restore', choice: last.choice, ratingLeft: last.ratingLeft, ratingRight: last.ratingRight, reason: last.reason });
          }
          get().announce(`Undid your vote${last ? ` on "${last.taskTitle}"` : ''}. The pair is back with the same sides; change it and submit again.`);
          void get().loadVotes();
          if (get().seesStudy) void get().loadStudy();
        } catch (error) {
          if (isRefusedLink(error)) set({ linkRefused: error.message });
          else set({ error: couldNot('undo your last vote', error, 'The vote is still recorded; try Undo again.') });
        } finally {
          set({ busy: false });
        }
      },

      async loadVotes() {
        const { client, annotatorId } = get();
        if (!client || !annotatorId) return;
        const request = ++votesRequest;
        if (get().votesPhase !== 'ready') set({ votesPhase: 'loading' });
        try {
          const { votes } = await client.call('arena.votes', { annotatorId });
          if (request !== votesRequest || !selfVoting(annotatorId)) return;
          set({ votes, votesPhase: 'ready' });
        } catch (error) {
          if (request !== votesRequest) return;
          if (isRefusedLink(error)) return set({ linkRefused: error.message });
          set({ votesPhase: 'failed', error: couldNot('load your votes', error, 'They are safely recorded; they show again after your next vote or a reload.') });
        }
      },

      async loadStudy() {
        const { client } = get();
        if (!client) return;
        try {
          const study = await client.call('arena.study', {});
          set({ study, studyError: undefined });
        } catch (error) {
          set({ studyError: couldNot('refresh the study panel', error, 'It tries again every few seconds.') });
        }
      },

      async setFastVoteFloor(floorMs) {
        const { client } = get();
        if (!client) return;
        try {
          await client.call('arena.setFastVoteFloor', { fastVoteFloorMs: floorMs });
          set({ announcement: `Votes faster than ${floorMs / 1000} s are flagged from now on.` });
          await get().loadStudy();
        } catch (error) {
          set({ studyError: couldNot('set the fast-vote floor', error, 'The floor was not changed; try again.') });
        }
      },

      toggleLegend() {
        set((state) => ({ legendOpen: !state.legendOpen }));
      },

      announce(text) {
        set({ announcement: text });
      },

      dismissError() {
        set({ error: undefined });
      },
    };
  });
}

export const useArenaStore = createArenaStore();
