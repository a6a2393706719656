import { useEffect, useState } from 'react';
import type { StudyCost } from '../../schemas/model-prices.ts';
import type { RpcClient } from '../../schemas/rpc.ts';

/**
 * What a study cost (or every study and judge, with `studyId` null), asked again whenever `key`
 * changes (a run ending, a price set): undefined until it answers, and while it cannot.
 */
export function useStudyCost(client: RpcClient | undefined, studyId: string | null, key: string): StudyCost | undefined {
  const [cost, setCost] = useState<StudyCost | undefined>(undefined);
  useEffect(() => {
    if (!client) return;
    let current = true;
    client
      .call('runs.cost', studyId === null ? {} : { studyId })
      .then((answer) => current && setCost(answer))
      .catch(() => current && setCost(undefined));
    return () => {
      current = false;
    };
  }, [client, studyId, key]);
  return cost;
}
