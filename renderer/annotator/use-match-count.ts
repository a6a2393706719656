import { useEffect, useState } from 'react';
import type { RpcClient } from '../../schemas/rpc.ts';

/** How long typing must pause before the count is asked for, so each keystroke does not search. */
export const MATCH_COUNT_DELAY_MS = 200;

export interface MatchCount {
  query: string;
  total: number;
}

/**
 * How many times `query` occurs in a version, counted as the user types (after a short pause),
 * without moving to a match: Enter still goes to the first one. Answers for an older query or
 * version are dropped; a failed count shows nothing (Enter's search reports the error).
 */
export function useMatchCount(client: RpcClient | undefined, versionId: string | undefined, query: string): MatchCount | undefined {
  const [count, setCount] = useState<MatchCount & { versionId: string }>();
  useEffect(() => {
    if (!client || !versionId || query.trim() === '') return;
    let current = true;
    const timer = window.setTimeout(() => {
      client.call('sources.find', { versionId, query, limit: 1 }).then(
        (found) => {
          if (current) setCount({ versionId, query, total: found.total });
        },
        () => undefined,
      );
    }, MATCH_COUNT_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [client, versionId, query]);
  return count && count.versionId === versionId && count.query === query ? { query: count.query, total: count.total } : undefined;
}
