import type { CitationAnchor, CitationRow } from '../store/citation-repository.ts';
import { contextAround } from './quote-anchor.ts';
import { contextScore, currentAnchor } from './anchor-choice.ts';
import { LooseText, nearestPassage } from './loose-quote-match.ts';
import type * as PlainVersion from './plain-version-text.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';
import { collapseWhitespace, type TextSpan, type VersionText } from './version-text.ts';

/** How versions are read as plain text (`plain-version-text.ts`), passed in so the Markdown parser loads only when citations move. */
export type PlainVersionReader = Pick<typeof PlainVersion, 'readPlainVersion' | 'likelyLines'>;

/** The passage most like an orphaned quote in the version it could not move to. */
export interface NearestCandidate {
  startLine: number;
  endLine: number;
  /** Its plain text, whitespace collapsed, cut to 160 characters. */
  text: string;
  /** Share of the quote's words it has in order, 0–1. */
  similarity: number;
}

/** One target version read once for every plain-text citation moved to it. */
export class PlainTarget {
  #whole: VersionText | undefined;
  readonly #loose = new WeakMap<VersionText, LooseText>();

  constructor(
    readonly sources: SourceLinesReader,
    readonly version: SourceVersionRef,
    readonly markdown: readonly string[],
    readonly reader: PlainVersionReader,
  ) {}

  /** The whole version as plain text (parsed once, on first need). */
  whole(): VersionText {
    this.#whole ??= this.reader.readPlainVersion(this.sources, this.version, this.markdown);
    return this.#whole;
  }

  /** Exact, then whitespace collapsed, then without whitespace and hyphens. */
  find(text: VersionText, quote: string): TextSpan[] {
    const spans = text.findQuote(quote);
    if (spans.length > 0) return spans;
    let loose = this.#loose.get(text);
    if (!loose) this.#loose.set(text, (loose = new LooseText(text.text)));
    return loose.find(quote);
  }
}

/**
 * Where a citation of plain text (one with a character range) is in `target`: its quote looked
 * for in the version's plain text, as the viewer shows it, so links, emphasis and code spans the
 * quote runs across are no obstacle; whitespace and hyphenation may differ. Lines likely to hold
 * it are read first, the whole version only when they do not. Among several places, the one whose
 * surroundings match the stored context best, then the nearest to the old lines. The lines and
 * characters become the found text's; not found, the old anchor is kept, `orphaned`, with the
 * passage most like the quote.
 */
export function locatePlainCitation(citation: CitationRow, target: PlainTarget): { anchor: CitationAnchor; nearest?: NearestCandidate } {
  const reach = citation.end_line - citation.start_line + 2;
  const wanted = target.reader.likelyLines(target.markdown, citation.quote, reach);
  let text = wanted ? target.reader.readPlainVersion(target.sources, target.version, target.markdown, wanted) : target.whole();
  let spans = target.find(text, citation.quote);
  if (spans.length === 0 && wanted) {
    text = target.whole();
    spans = target.find(text, citation.quote);
  }
  if (spans.length === 0) {
    const nearest = nearestCandidate(target.whole(), citation.quote);
    return { anchor: { ...currentAnchor(citation), status: 'orphaned' }, ...(nearest ? { nearest } : {}) };
  }
  const placed = spans.map((span) => ({ span, score: contextScore(text.text, span, citation), distance: Math.abs(text.lineAt(span.start) - citation.start_line) }));
  placed.sort((a, b) => b.score - a.score || a.distance - b.distance);
  const { span } = placed[0]!;
  const startLine = text.lineAt(span.start);
  const endLine = text.lineAt(Math.max(span.start, span.end - 1));
  const startChar = span.start - text.startOf(startLine);
  const endChar = span.end - text.startOf(endLine);
  const same = startLine === citation.start_line && endLine === citation.end_line && startChar === citation.start_char && endChar === citation.end_char;
  return {
    anchor: {
      version_id: target.version.id,
      source_sha256: target.version.sha256,
      start_line: startLine,
      end_line: endLine,
      start_char: startChar,
      end_char: endChar,
      quote: text.text.slice(span.start, span.end),
      ...contextAround(text.text, span),
      status: same ? 'ok' : 'reanchored',
    },
  };
}

function nearestCandidate(text: VersionText, quote: string): NearestCandidate | undefined {
  const passage = nearestPassage(text.text, quote);
  if (!passage) return undefined;
  const words = collapseWhitespace(text.text.slice(passage.start, passage.end));
  return {
    startLine: text.lineAt(passage.start),
    endLine: text.lineAt(Math.max(passage.start, passage.end - 1)),
    text: words.length > 160 ? `${words.slice(0, 159)}…` : words,
    similarity: Math.round(passage.similarity * 100) / 100,
  };
}
