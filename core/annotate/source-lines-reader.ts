import type { PageSpan, SourceSummary, SourceVersion } from '../../schemas/sources.ts';

/** What annotate needs to know about one version of a source. */
export type SourceVersionRef = Pick<SourceVersion, 'id' | 'sourceId' | 'version' | 'sha256' | 'lineCount'> & { pages?: readonly PageSpan[] };

/**
 * How core/annotate reads sources. Sources belong to core/sources; annotate never queries their
 * tables, it asks through this interface, which core/api implements over core/sources.
 */
export interface SourceLinesReader {
  /** The version, or undefined when there is no such version. */
  version(versionId: string): SourceVersionRef | undefined;
  /** The source with its newest version, or undefined when there is no such source. */
  source(sourceId: string): SourceSummary | undefined;
  /** Lines `start`..`end` (1-based, inclusive) of the version's Markdown; fewer past its end. */
  lines(versionId: string, start: number, end: number): string[];
  /** The sources of one data room, as the Sources panel lists them. */
  listDataRoomSources(dataRoomId: string): SourceSummary[];
}
