import { lineOfOffset } from './line-index.ts';
import { loadLines } from './read-source-lines.ts';
import { sourceLinesCache } from './source-lines-cache.ts';
import type { SourceWorkspace } from './source-workspace.ts';

export interface SourceMatches {
  /** 1-based line, and 1-based column in UTF-16 code units (what JavaScript string offsets count). */
  matches: { line: number; column: number }[];
  /** Every match in the version, even beyond `limit`. */
  total: number;
  truncated: boolean;
}

/**
 * Case-insensitive substring search over a version's Markdown: the first `limit` matches in
 * document order, and how many there are in all. Matches do not overlap ("aa" in "aaaa" is 2).
 * Throws SourceNotFoundError.
 */
export function findInSource(workspace: SourceWorkspace, versionId: string, query: string, limit: number): SourceMatches {
  const { cached } = loadLines(workspace, versionId);
  if (cached.lower === undefined) {
    const lower = cached.text.toLowerCase();
    // A few characters change length when lower-cased ("İ" → "i̇"); offsets into such a copy
    // would be wrong, so that text is searched with a case-insensitive expression instead.
    cached.lower = lower.length === cached.text.length ? lower : null;
    if (cached.lower) sourceLinesCache.noteGrowth(cached.lower.length);
  }
  const matches: SourceMatches['matches'] = [];
  let total = 0;
  const record = (offset: number) => {
    total++;
    if (matches.length >= limit) return;
    const line = lineOfOffset(cached.starts, offset);
    matches.push({ line, column: offset - cached.starts[line - 1]! + 1 });
  };
  const needle = query.toLowerCase();
  if (cached.lower && needle.length === query.length) {
    for (let at = cached.lower.indexOf(needle); at !== -1; at = cached.lower.indexOf(needle, at + needle.length)) record(at);
  } else {
    const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
    for (const match of cached.text.matchAll(pattern)) record(match.index);
  }
  return { matches, total, truncated: total > matches.length };
}
