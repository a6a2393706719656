import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Annotator, ArenaItem, OwnVote } from '../../schemas/arena.ts';
import type { RpcClient, RpcInput, RpcMethod, RpcOutput } from '../../schemas/rpc.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { createArenaStore } from './arena-store.ts';
import { memoryStorage } from '../ui/memory-storage.fixture.ts';

const side = (n: number) => ({ frameUrls: [`/f/${n}.png`], siteUrl: `/s/${n}/`, videoUrl: null });
const pair = (token: string, title: string): ArenaItem => ({
  token,
  kind: 'figma',
  title,
  instruction: '',
  frames: [{ name: 'Home', route: '/', viewport: { width: 1440, height: 900 }, gtUrl: '/gt.png' }],
  left: side(1),
  right: side(2),
  turn: null,
});

/** An in-memory arena behind the RpcClient interface: a queue of pairs, an open pair, a vote log. */
function fakeArena(titles: string[]) {
  const annotators: Annotator[] = [
    { id: 'ann-bot', name: 'Bot', synthetic: true, votes: 0 },
    { id: 'ann-ada', name: 'Ada', synthetic: false, votes: 0 },
  ];
  const queue = titles.map((title, i) => pair(`tok-${i}`, title));
  const votes: (OwnVote & { token: string })[] = [];
  let open: ArenaItem | null = null;
  const calls: { method: string; input: unknown }[] = [];
  let failNextVote: RpcCallError | undefined;
  const progress = () => ({ done: votes.length, total: titles.length });

  const handlers: { [M in RpcMethod]?: (input: RpcInput<M>) => RpcOutput<M> } = {
    'arena.annotators': () => ({ annotators }),
    'arena.createAnnotator': ({ name }) => {
      const created = { id: `ann-${annotators.length}`, name, synthetic: false, votes: 0 };
      annotators.push(created);
      return created;
    },
    'arena.nextPair': ({ allowRepeats }) => {
      open ??= queue.shift() ?? (allowRepeats ? pair('tok-again', titles[0]!) : null);
      return { item: open, progress: progress() };
    },
    'arena.vote': (input) => {
      if (failNextVote) {
        const error = failNextVote;
        failNextVote = undefined;
        throw error;
      }
      if (!open || input.token !== open.token) throw new RpcCallError('conflict', 'That pair is not open');
      votes.unshift({ id: `v${votes.length}`, token: open.token, taskTitle: open.title, choice: input.choice, ratingLeft: input.ratingLeft, ratingRight: input.ratingRight, reason: input.reason ?? '', timeOnItemMs: input.timeOnItemMs, createdAt: '', repeat: false });
      open = null;
      return { voteId: votes[0]!.id, progress: progress() };
    },
    'arena.undoLastVote': () => {
      const last = votes.shift();
      if (!last) return { undone: false, progress: progress() };
      if (open) queue.unshift(open);
      open = pair(last.token, last.taskTitle);
      return { undone: true, progress: progress() };
    },
    'arena.votes': () => ({ votes: votes.map(({ token: _token, ...vote }) => vote) }),
    'arena.study': () => ({ annotators: [], fastVoteFloorMs: 3000, overall: { votes: votes.length, total: titles.length }, position: { left: 0, right: 0, tie: 0, bothBad: 0, leftRate: null, pValue: null } }),
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
  return { client, calls, votes, failVote: (error: RpcCallError) => (failNextVote = error) };
}

let clock = 0;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  clock = 1000;
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(() => vi.unstubAllGlobals());

async function votingAsAda(titles = ['Pricing page', 'Docs page']) {
  const arena = fakeArena(titles);
  const store = createArenaStore(() => clock);
  store.getState().connect(arena.client);
  await settle();
  store.getState().chooseAnnotator('ann-ada');
  await settle();
  return { arena, store };
}

describe('the arena store', () => {
  it('remembers the chosen profile and picks it again on the next visit', async () => {
    const { arena } = await votingAsAda();
    expect(localStorage.getItem('lhb.arena.annotator')).toBe('ann-ada');
    const again = createArenaStore(() => clock);
    again.getState().connect(arena.client);
    await settle();
    await settle();
    expect(again.getState().annotatorId).toBe('ann-ada');
    expect(again.getState().item?.title).toBe('Pricing page');
  });

  it('never picks a remembered synthetic voter', async () => {
    localStorage.setItem('lhb.arena.annotator', 'ann-bot');
    const store = createArenaStore(() => clock);
    store.getState().connect(fakeArena(['x']).client);
    await settle();
    expect(store.getState().annotatorId).toBeUndefined();
  });

  it('submits the token, the draft and the time since the pair was shown, then shows the next pair', async () => {
    const { arena, store } = await votingAsAda();
    const s = store.getState();
    s.dispatch({ type: 'choose', choice: 'right' });
    s.dispatch({ type: 'digit', value: 2 });
    s.dispatch({ type: 'digit', value: 5 });
    s.dispatch({ type: 'reason', text: '  cleaner layout ' });
    clock += 12_345.6;
    await store.getState().submit();
    expect(arena.calls.find((c) => c.method === 'arena.vote')?.input).toEqual({
      token: 'tok-0',
      choice: 'right',
      ratingLeft: 2,
      ratingRight: 5,
      reason: 'cleaner layout',
      timeOnItemMs: 12_346,
    });
    await settle();
    expect(store.getState().item?.title).toBe('Docs page');
    expect(store.getState().draft.choice).toBeNull();
    expect(store.getState().progress).toEqual({ done: 1, total: 2 });
    expect(store.getState().votes.map((v) => v.taskTitle)).toEqual(['Pricing page']);
  });

  it('refuses an incomplete vote and says what is missing', async () => {
    const { arena, store } = await votingAsAda();
    store.getState().dispatch({ type: 'digit', value: 4 });
    await store.getState().submit();
    expect(arena.calls.some((c) => c.method === 'arena.vote')).toBe(false);
    expect(store.getState().announcement).toBe('Still needed: a preference and the Right rating.');
  });

  it('keeps the draft when the vote fails, so nothing is lost', async () => {
    const { arena, store } = await votingAsAda();
    const s = store.getState();
    s.dispatch({ type: 'choose', choice: 'tie' });
    s.dispatch({ type: 'digit', value: 3 });
    s.dispatch({ type: 'digit', value: 3 });
    arena.failVote(new RpcCallError('network', 'Lost the connection'));
    await store.getState().submit();
    expect(store.getState().error).toMatch(/^Could not record your vote: Lost the connection\. Your choice, ratings and reason are still here/);
    expect(store.getState().draft).toMatchObject({ choice: 'tie', ratingLeft: 3, ratingRight: 3 });
    expect(store.getState().item?.token).toBe('tok-0');
    await store.getState().submit();
    expect(arena.votes).toHaveLength(1);
  });

  it('undo brings the pair back with the same sides and the retracted vote filled in', async () => {
    const { store } = await votingAsAda();
    const s = store.getState();
    s.dispatch({ type: 'choose', choice: 'left' });
    s.dispatch({ type: 'digit', value: 4 });
    s.dispatch({ type: 'digit', value: 1 });
    s.dispatch({ type: 'reason', text: 'nav works' });
    await store.getState().submit();
    await settle();
    expect(store.getState().item?.title).toBe('Docs page');
    await store.getState().undo();
    await settle();
    const state = store.getState();
    expect(state.item).toMatchObject({ token: 'tok-0', title: 'Pricing page', left: side(1), right: side(2) });
    expect(state.draft).toMatchObject({ choice: 'left', ratingLeft: 4, ratingRight: 1, reason: 'nav works' });
    expect(state.votes).toEqual([]);
    expect(state.progress).toEqual({ done: 0, total: 2 });
  });

  it('shows the empty state when no pair is left, and pairs again on request', async () => {
    const { arena, store } = await votingAsAda([]);
    expect(store.getState().itemPhase).toBe('empty');
    await store.getState().loadNext({ allowRepeats: true });
    expect(arena.calls.at(-1)).toEqual({ method: 'arena.nextPair', input: { annotatorId: 'ann-ada', allowRepeats: true } });
  });

  it('asks for the turn the owner chose for every later pair, until they choose each run as it ended again', async () => {
    const { arena, store } = await votingAsAda(['Pricing page', 'Docs page', 'Home page']);
    await store.getState().loadNext({ turn: 2 });
    expect(arena.calls.at(-1)).toEqual({ method: 'arena.nextPair', input: { annotatorId: 'ann-ada', allowRepeats: false, turn: 2 } });
    await store.getState().loadNext();
    expect(arena.calls.at(-1)).toEqual({ method: 'arena.nextPair', input: { annotatorId: 'ann-ada', allowRepeats: false, turn: 2 } });
    await store.getState().loadNext({ turn: null });
    expect(arena.calls.at(-1)).toEqual({ method: 'arena.nextPair', input: { annotatorId: 'ann-ada', allowRepeats: false } });
  });

  it('picks an existing voter for a name already taken instead of making a second profile', async () => {
    const arena = fakeArena(['x']);
    const store = createArenaStore(() => clock);
    store.getState().connect(arena.client);
    await settle();
    await store.getState().createAnnotator('  ada ');
    expect(store.getState().annotatorId).toBe('ann-ada');
    expect(arena.calls.some((c) => c.method === 'arena.createAnnotator')).toBe(false);
    await store.getState().createAnnotator('Grace');
    expect(store.getState().annotators.find((a) => a.id === store.getState().annotatorId)?.name).toBe('Grace');
  });
});
