import { describe, expect, it } from 'vitest';
import { inCodeAt, loadFences } from './code-fences.ts';
import type { RpcClient } from '../../schemas/rpc.ts';

describe('code fences in the viewer', () => {
  it('finds fence lines by the document search, keeping only matches that start a line', async () => {
    const asked: string[] = [];
    const client = {
      call: async (_method: string, input: { query: string }) => {
        asked.push(input.query);
        return input.query === '```'
          ? { matches: [{ line: 3, column: 1 }, { line: 9, column: 40 }, { line: 7, column: 1 }], total: 3, truncated: false }
          : { matches: [{ line: 20, column: 4 }, { line: 24, column: 1 }], total: 2, truncated: false };
      },
    } as unknown as RpcClient;
    expect((await loadFences(client, 'v1')).lines).toEqual([3, 7, 20, 24]);
    expect(asked.sort()).toEqual(['```', '~~~']);
  });

  it('reads a line between an opening and a closing fence as code, and the fences themselves as not', () => {
    const fences = { lines: [3, 7, 20] };
    expect([1, 3, 4, 6, 7, 8, 20, 21, 500].map((line) => inCodeAt(fences, line))).toEqual([false, false, true, true, false, false, false, true, true]);
    expect(inCodeAt({ lines: [] }, 5)).toBe(false);
  });
});
