import type { UnplacedBlob } from '../store/blob-store.ts';
import type { ExtractionDoubt, PageSpan, Section } from '../../schemas/sources.ts';

/** What a normaliser makes of one file's bytes: line-numbered Markdown, plus page spans for PDFs. */
export interface NormalisedSource {
  /** A title found in the document itself (PDF metadata, HTML <title>); null to use its first heading or file name. */
  title: string | null;
  markdown: string;
  pages: PageSpan[];
  /** What extraction found doubtful, by line (pdf-doubts.ts); absent when nothing was. */
  doubts?: ExtractionDoubt[];
}

/** A normalised source with its index: everything stored for one version except the bytes. */
export interface IndexedSource extends NormalisedSource {
  lineCount: number;
  sections: Section[];
}

/**
 * What the reader hands back once it has kept the blobs: the index, the Markdown's hash and size,
 * and the Markdown itself only when it was not written to the blob store (no blob folder given).
 * A 200 MB text file's Markdown is then never copied from the worker to the main thread.
 */
export interface KeptSource extends Omit<IndexedSource, 'markdown'> {
  markdown: string | null;
  markdownSha256: string;
  markdownBytes: number;
  /**
   * Blob files the reader wrote and checked but left to the caller to flush and name
   * (BlobStore.place, in storeImportedSource) just before it records them: the reader goes on to
   * its next file instead of waiting for the disk. Absent when it wrote none.
   */
  unplaced?: (UnplacedBlob & { temp: string })[];
}
