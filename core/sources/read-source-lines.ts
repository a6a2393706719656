import type { PageSpan, SourceVersion } from '../../schemas/sources.ts';
import { findSourceVersion, findVersionMarkdownSha256, findVersionPages } from '../store/source-version-repository.ts';
import { lineAt } from './line-index.ts';
import { SourceNotFoundError } from './source-errors.ts';
import { sourceLinesCache, type CachedLines } from './source-lines-cache.ts';
import type { SourceWorkspace } from './source-workspace.ts';

/** A window of a version's lines: `lines[0]` is line `start`; fewer lines come back past the end. */
export interface SourceLines {
  start: number;
  lines: string[];
  lineCount: number;
  /** The PDF page spans (SourceVersion.pages) that hold lines of this window; [] for other sources. */
  pages: PageSpan[];
}

/** One version of a source: its file hashes, line count, sections and page spans. Throws SourceNotFoundError. */
export function getSourceVersion(workspace: SourceWorkspace, versionId: string): SourceVersion {
  const version = findSourceVersion(workspace.db, versionId);
  if (!version) throw versionNotFound(versionId);
  return version;
}

/**
 * Lines `start`…`end` (1-based, inclusive) of a version's Markdown, without their "\n". The
 * caller bounds the window (the RPC allows MAX_LINES_PER_CALL); reading is a slice of a cached
 * split, so any window of a million-line source costs about the same. Throws SourceNotFoundError.
 */
export function readSourceLines(workspace: SourceWorkspace, versionId: string, start: number, end: number): SourceLines {
  const { cached, lineCount } = loadLines(workspace, versionId);
  const last = Math.min(end, lineCount);
  const lines: string[] = [];
  for (let line = Math.max(1, start); line <= last; line++) lines.push(lineAt(cached.text, cached.starts, line));
  const pages = (findVersionPages(workspace.db, versionId) ?? []).filter((span) => span.endLine >= start && span.startLine <= end);
  return { start, lines, lineCount, pages };
}

/** A version's whole Markdown (e.g. to find a quote again in a new version). Throws SourceNotFoundError. */
export function readSourceText(workspace: SourceWorkspace, versionId: string): string {
  return loadLines(workspace, versionId).cached.text;
}

export function loadLines(workspace: SourceWorkspace, versionId: string): { cached: CachedLines; lineCount: number } {
  const ref = findVersionMarkdownSha256(workspace.db, versionId);
  if (!ref) throw versionNotFound(versionId);
  const cached = sourceLinesCache.get(ref.markdownSha256, () => workspace.blobs.read(ref.markdownSha256).toString('utf8'));
  return { cached, lineCount: cached.starts.length };
}

function versionNotFound(versionId: string): SourceNotFoundError {
  return new SourceNotFoundError(`No source version with id ${versionId} in this workspace; refresh the source list and open the source again.`);
}
