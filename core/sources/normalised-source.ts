import type { PageSpan, Section } from '../../schemas/sources.ts';

/** What a normaliser makes of one file's bytes: line-numbered Markdown, plus page spans for PDFs. */
export interface NormalisedSource {
  /** A title found in the document itself (PDF metadata, HTML <title>); null to use its first heading or file name. */
  title: string | null;
  markdown: string;
  pages: PageSpan[];
}

/** A normalised source with its index: everything stored for one version except the bytes. */
export interface IndexedSource extends NormalisedSource {
  lineCount: number;
  sections: Section[];
}
