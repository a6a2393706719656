import { create } from 'zustand';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { SearchResult } from '../../schemas/search.ts';
import { couldNot } from '../api/describe-error.ts';

/** What the Runs screen's search box asks for per page. */
export const SEARCH_PAGE = 50;

export interface RunSearchState {
  query: string;
  phase: 'idle' | 'searching' | 'ready' | 'failed';
  result?: SearchResult;
  problem?: string;
  /** The result the arrow keys are on, as an index into result.hits; -1: none yet. */
  active: number;
  setQuery(query: string): void;
  search(client: RpcClient): Promise<void>;
  /** Moves the active result by `delta`, staying inside the list. */
  move(delta: number): void;
  setActive(index: number): void;
}

export function createRunSearchStore() {
  return create<RunSearchState>()((set, get) => {
    let request = 0;
    return {
      query: '',
      phase: 'idle',
      active: -1,
      setQuery: (query) => set({ query }),
      async search(client) {
        const query = get().query.trim();
        if (query === '') return;
        const mine = ++request;
        set({ phase: 'searching', problem: undefined });
        try {
          const result = await client.call('search.query', { query, limit: SEARCH_PAGE });
          if (mine === request) set({ phase: 'ready', result, active: result.hits.length > 0 ? 0 : -1 });
        } catch (error) {
          if (mine === request) set({ phase: 'failed', problem: couldNot('search the runs', error, 'Press Enter to try again.') });
        }
      },
      move(delta) {
        const count = get().result?.hits.length ?? 0;
        if (count === 0) return;
        set({ active: Math.min(count - 1, Math.max(0, get().active + delta)) });
      },
      setActive: (index) => set({ active: index }),
    };
  });
}

export const useRunSearchStore = createRunSearchStore();
