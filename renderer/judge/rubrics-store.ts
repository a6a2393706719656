import { create } from 'zustand';
import type { RubricScale } from '../../schemas/judge.ts';
import { nextRubricVersion, type RubricSetSummary, type RubricSetUsage, type StoredRubricSet } from '../../schemas/rubric-library.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { couldNot, describeError } from '../api/describe-error.ts';
import { blankDraft, checkDraft, draftFromSet, type DraftErrors, type RubricDraft } from './rubric-draft.ts';
import type { TierFilter } from './rubric-set-groups.ts';
import { setLabel } from './rubric-set-groups.ts';

type LoadPhase = 'idle' | 'loading' | 'ready' | 'failed';

export interface RubricSetKey {
  name: string;
  version: string;
  scale: RubricScale;
}

export interface EditorState {
  /** What the editor was opened for, for its heading. */
  mode: 'new-set' | 'new-version';
  draft: RubricDraft;
  /** Shown once Save was pressed with problems; cleared field by field as they are fixed. */
  errors: DraftErrors;
  /** Save was pressed at least once: from then on errors follow the draft live. */
  attempted: boolean;
  saving: boolean;
  /** What the server said when it refused the set (a version already taken, …). */
  serverError?: string;
}

export interface RubricsState {
  client?: RpcClient;
  phase: LoadPhase;
  sets: RubricSetSummary[];
  usage: RubricSetUsage[];
  warnings: string[];
  tier: TierFilter;
  selected?: RubricSetKey;
  viewPhase: LoadPhase;
  viewed?: StoredRubricSet;
  editor?: EditorState;
  error?: string;
  announcement: string;
  connect(client: RpcClient): void;
  load(): Promise<void>;
  setTier(tier: TierFilter): void;
  select(key: RubricSetKey): Promise<void>;
  /** Opens the editor on the viewed set's next version. */
  startNewVersion(): void;
  startNewSet(): void;
  editDraft(change: (draft: RubricDraft) => RubricDraft): void;
  cancelEdit(): void;
  save(): Promise<boolean>;
  dismissError(): void;
}

export function createRubricsStore() {
  return create<RubricsState>()((set, get) => {
    let viewRequest = 0;
    const setEditor = (change: Partial<EditorState>) => {
      const editor = get().editor;
      if (editor) set({ editor: { ...editor, ...change } });
    };

    return {
      phase: 'idle',
      sets: [],
      usage: [],
      warnings: [],
      tier: 'all',
      viewPhase: 'idle',
      announcement: '',

      connect(client) {
        set({ client });
        // Each visit refreshes: judgments made from the command line since then are counted.
        void get().load();
        const selected = get().selected;
        if (selected) void get().select(selected);
      },

      async load() {
        const { client } = get();
        if (!client) return;
        if (get().phase !== 'ready') set({ phase: 'loading' });
        try {
          const [{ sets, warnings }, { usage }] = await Promise.all([client.call('rubrics.list', {}), client.call('rubrics.usage', {})]);
          set({ sets, warnings, usage, phase: 'ready' });
        } catch (error) {
          set({ phase: 'failed', error: couldNot('list the rubric sets', error, 'Reload the page to try again; nothing was changed.') });
        }
      },

      setTier(tier) {
        set({ tier });
      },

      async select(key) {
        const { client } = get();
        if (!client) return;
        const request = ++viewRequest;
        set({ selected: key, viewPhase: 'loading' });
        try {
          const viewed = await client.call('rubrics.get', key);
          if (request !== viewRequest) return;
          set({ viewed, viewPhase: 'ready' });
        } catch (error) {
          if (request !== viewRequest) return;
          set({ viewPhase: 'failed', viewed: undefined, error: couldNot(`open ${setLabel(key)}`, error, 'Reload the list and pick the set again.') });
        }
      },

      startNewVersion() {
        const viewed = get().viewed;
        if (!viewed) return;
        const versions = get()
          .sets.filter((summary) => summary.name === viewed.set.name)
          .map((summary) => summary.version);
        set({ editor: { mode: 'new-version', draft: draftFromSet(viewed.set, nextRubricVersion(versions)), errors: {}, attempted: false, saving: false } });
      },

      startNewSet() {
        const tier = get().tier;
        set({ editor: { mode: 'new-set', draft: blankDraft(tier === 'all' ? 'output' : tier), errors: {}, attempted: false, saving: false } });
      },

      editDraft(change) {
        const editor = get().editor;
        if (!editor) return;
        const draft = change(editor.draft);
        const check = editor.attempted ? checkDraft(draft) : undefined;
        setEditor({ draft, errors: check && !check.ok ? check.errors : {}, serverError: undefined });
      },

      cancelEdit() {
        set({ editor: undefined });
      },

      async save() {
        const { client, editor } = get();
        if (!client || !editor || editor.saving) return false;
        const check = checkDraft(editor.draft);
        if (!check.ok) {
          setEditor({ attempted: true, errors: check.errors, serverError: undefined });
          set({ announcement: `Not saved: ${Object.keys(check.errors).length} problem${Object.keys(check.errors).length === 1 ? '' : 's'} to fix.` });
          return false;
        }
        setEditor({ attempted: true, errors: {}, saving: true, serverError: undefined });
        try {
          const { stored, created } = await client.call('rubrics.save', { set: check.set });
          const key = { name: stored.set.name, version: stored.set.version, scale: stored.set.scale };
          set({ editor: undefined, announcement: created ? `Saved ${setLabel(key)}.` : `${setLabel(key)} is already stored with these contents; nothing changed.` });
          await get().load();
          await get().select(key);
          return true;
        } catch (error) {
          const message = describeError(error);
          setEditor({ saving: false, serverError: message });
          set({ announcement: `Not saved: ${message}` });
          return false;
        }
      },

      dismissError() {
        set({ error: undefined });
      },
    };
  });
}

export const useRubricsStore = createRubricsStore();
