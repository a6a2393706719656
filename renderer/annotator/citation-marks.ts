import type { Chapter } from '../../schemas/annotate.ts';

/** A cited span of the open version, with the chapter that cites it. */
export interface CitedSpan {
  citationId: string;
  chapterId: string;
  chapterTitle: string;
  startLine: number;
  endLine: number;
}

/** The spans of one source version cited anywhere in the plan, in line order. */
export function citedSpans(chapters: readonly Chapter[], versionId: string): CitedSpan[] {
  return chapters
    .flatMap((chapter) =>
      chapter.citations
        .filter((c) => c.versionId === versionId && c.status !== 'orphaned')
        .map((c) => ({ citationId: c.id, chapterId: chapter.id, chapterTitle: chapter.title, startLine: c.startLine, endLine: c.endLine })),
    )
    .sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
}

/** The spans covering `line`. Plans cite tens or hundreds of spans, so a scan is cheap per visible row. */
export function spansAtLine(spans: readonly CitedSpan[], line: number): CitedSpan[] {
  const found: CitedSpan[] = [];
  for (const span of spans) {
    if (span.startLine > line) break;
    if (span.endLine >= line) found.push(span);
  }
  return found;
}

/** "Cited by Chapter 1 and Chapter 3": each chapter once, in plan order of first mention. */
export function citingChapterTitles(spans: readonly CitedSpan[]): string[] {
  return [...new Map(spans.map((s) => [s.chapterId, s.chapterTitle])).values()];
}
