import type { RpcClient } from '../../schemas/rpc.ts';

/** The lines of a version that open or close a fenced code block, in order. */
export interface FenceIndex {
  lines: readonly number[];
}

export const NO_FENCES: FenceIndex = { lines: [] };
/** Most fence lines looked for per marker: past them, lines read as text. */
const FENCE_LIMIT = 10_000;
/** A fence starts a line (up to three spaces of indent). */
const FENCE_COLUMN_MAX = 4;

/**
 * Finds the version's fence lines with the document search (one call per marker), so the viewer
 * knows whether a line in its window is code without reading the lines above it.
 */
export async function loadFences(client: RpcClient, versionId: string): Promise<FenceIndex> {
  const found = await Promise.all(['```', '~~~'].map((query) => client.call('sources.find', { versionId, query, limit: FENCE_LIMIT })));
  const lines = new Set<number>();
  for (const { matches } of found) for (const match of matches) if (match.column <= FENCE_COLUMN_MAX) lines.add(match.line);
  return { lines: [...lines].sort((a, b) => a - b) };
}

/** Whether `line` is inside a fenced code block: an odd number of fence lines before it, and not one itself. */
export function inCodeAt(fences: FenceIndex, line: number): boolean {
  let lo = 0;
  let hi = fences.lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fences.lines[mid]! < line) lo = mid + 1;
    else hi = mid;
  }
  return lo % 2 === 1 && fences.lines[lo] !== line;
}
