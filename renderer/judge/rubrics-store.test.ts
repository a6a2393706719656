import { describe, expect, it } from 'vitest';
import type { RubricSet } from '../../schemas/judge.ts';
import type { RubricSetSummary, StoredRubricSet } from '../../schemas/rubric-library.ts';
import type { RpcClient, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createRubricsStore } from './rubrics-store.ts';

const builtin: RubricSet = {
  name: 'figma-process',
  version: 'v1',
  tier: 'process',
  scale: 3,
  title: 'Process',
  description: '',
  authoredBy: 'expert',
  taskKinds: ['figma'],
  rubrics: [{ name: 'Build verification', criterion: 'Checks the build.', weight: 1, anchors: { '0': 'Nothing run.', '1': 'Built, not compared.', '2': 'Compared at the viewport.' } }],
};

/** A library behind the RpcClient interface that stores what is saved, refusing a changed stored version as the server does. */
function fakeLibrary() {
  const stored = new Map<string, StoredRubricSet>([['figma-process@v1:3', { set: builtin, taskKindsDeclared: true, builtin: true, digest: 'd1', createdAt: '2025-01-01' }]]);
  const calls: { method: string; input: unknown }[] = [];
  const summary = ({ set, builtin: isBuiltin, digest, createdAt }: StoredRubricSet): RubricSetSummary => ({
    name: set.name,
    version: set.version,
    scale: set.scale,
    tier: set.tier,
    title: set.title,
    authoredBy: set.authoredBy,
    chapterId: null,
    taskKinds: set.taskKinds ?? 'any',
    taskKindsDeclared: true,
    builtin: isBuiltin,
    rubricCount: set.rubrics.length,
    digest,
    createdAt,
  });
  const handlers: { [M in RpcMethod]?: (input: RpcInput<M>) => RpcOutput<M> } = {
    'rubrics.list': () => ({ sets: [...stored.values()].map(summary), warnings: [] }),
    'rubrics.usage': () => ({ usage: [{ rubricSet: 'figma-process', version: 'v1', scale: 3, judgments: 6, failed: 1, runs: 3, judges: 2 }] }),
    'rubrics.get': ({ name, version, scale }) => {
      const found = stored.get(`${name}@${version}:${scale}`);
      if (!found) throw new RpcCallError('not_found', `There is no rubric set ${name}@${version}.`);
      return found;
    },
    'rubrics.save': ({ set }) => {
      const key = `${set.name}@${set.version}:${set.scale}`;
      if (stored.has(key)) throw new RpcCallError('conflict', `${set.name}@${set.version} (3-point) is already stored with other contents. Nothing was saved. Make a new version: save it as ${set.name}@v3.`);
      const entry = { set: set as RubricSet, taskKindsDeclared: true, builtin: false, digest: 'd2', createdAt: '2025-02-01' };
      stored.set(key, entry);
      return { stored: entry, created: true };
    },
  };
  const client: RpcClient = {
    async call(method, input) {
      calls.push({ method, input });
      const handler = handlers[method] as ((input: unknown) => unknown) | undefined;
      if (!handler) throw new Error(`no fake for ${method}`);
      return handler(input) as never;
    },
    putBlob: () => Promise.reject(new Error('unused')),
    onEvent: () => () => undefined,
  };
  return { client, calls, stored };
}

async function connected() {
  const library = fakeLibrary();
  const store = createRubricsStore();
  store.getState().connect(library.client);
  await store.getState().load();
  return { ...library, store };
}

describe('the rubrics store', () => {
  it('lists the sets with their usage, opens one, and drafts its next version', async () => {
    const { store } = await connected();
    expect(store.getState().phase).toBe('ready');
    expect(store.getState().sets.map((set) => set.version)).toEqual(['v1']);
    expect(store.getState().usage[0]!.judgments).toBe(6);
    await store.getState().select({ name: 'figma-process', version: 'v1', scale: 3 });
    expect(store.getState().viewed?.set.rubrics[0]!.name).toBe('Build verification');
    store.getState().startNewVersion();
    expect(store.getState().editor?.mode).toBe('new-version');
    expect(store.getState().editor?.draft.version).toBe('v2');
  });

  it('saves the edited version, lists it and opens it; the editor closes', async () => {
    const { store, calls } = await connected();
    await store.getState().select({ name: 'figma-process', version: 'v1', scale: 3 });
    store.getState().startNewVersion();
    store.getState().editDraft((draft) => ({ ...draft, rubrics: draft.rubrics.map((rubric) => ({ ...rubric, anchors: { ...rubric.anchors, '2': 'Every route compared after the last edit.' } })) }));
    expect(await store.getState().save()).toBe(true);
    const saved = calls.find((call) => call.method === 'rubrics.save')!.input as { set: RubricSet };
    expect(saved.set.version).toBe('v2');
    expect(saved.set.rubrics[0]!.anchors['2']).toBe('Every route compared after the last edit.');
    expect(store.getState().editor).toBeUndefined();
    expect(store.getState().sets.map((set) => set.version)).toEqual(['v1', 'v2']);
    expect(store.getState().viewed?.set.version).toBe('v2');
    expect(store.getState().announcement).toBe('Saved figma-process@v2 (3-point).');
  });

  it('an invalid draft is not sent; its errors then follow the edits live', async () => {
    const { store, calls } = await connected();
    await store.getState().select({ name: 'figma-process', version: 'v1', scale: 3 });
    store.getState().startNewVersion();
    store.getState().editDraft((draft) => ({ ...draft, rubrics: [{ ...draft.rubrics[0]!, weight: '0.5' }] }));
    // Before the first Save the user is not shouted at.
    expect(store.getState().editor?.errors).toEqual({});
    expect(await store.getState().save()).toBe(false);
    expect(calls.some((call) => call.method === 'rubrics.save')).toBe(false);
    expect(store.getState().editor?.errors.rubrics).toBe('Weights sum to 0.5; they must sum to 1.');
    store.getState().editDraft((draft) => ({ ...draft, rubrics: [{ ...draft.rubrics[0]!, weight: '1' }] }));
    expect(store.getState().editor?.errors).toEqual({});
  });

  it('the server refusing a version already taken keeps the editor open with its message', async () => {
    const { store } = await connected();
    await store.getState().select({ name: 'figma-process', version: 'v1', scale: 3 });
    store.getState().startNewVersion();
    store.getState().editDraft((draft) => ({ ...draft, version: 'v1', title: 'Changed' }));
    expect(await store.getState().save()).toBe(false);
    expect(store.getState().editor?.serverError).toContain('Make a new version: save it as figma-process@v3.');
    expect(store.getState().editor?.saving).toBe(false);
    // Editing again clears the stale refusal.
    store.getState().editDraft((draft) => ({ ...draft, version: 'v3' }));
    expect(store.getState().editor?.serverError).toBeUndefined();
  });

  it('a new set starts blank in the filtered tier', async () => {
    const { store } = await connected();
    store.getState().setTier('content');
    store.getState().startNewSet();
    expect(store.getState().editor?.draft).toMatchObject({ name: '', version: 'v1', tier: 'content', scale: 5 });
  });
});
