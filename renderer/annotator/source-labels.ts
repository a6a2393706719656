import type { SourceType } from '../../schemas/sources.ts';

/** The short badge each source type wears in the Sources list, and what it stands for. */
export const SOURCE_TYPE_BADGE: Record<SourceType, { badge: string; name: string }> = {
  pdf: { badge: 'PDF', name: 'PDF document' },
  web: { badge: 'Web', name: 'Web page' },
  markdown: { badge: 'MD', name: 'Markdown file' },
  text: { badge: 'TXT', name: 'Plain text file' },
};

const numberFormat = new Intl.NumberFormat('en');

export function formatLineCount(count: number): string {
  return `${numberFormat.format(count)} line${count === 1 ? '' : 's'}`;
}

/** A line range as the viewer writes it: `L10–13` (en dash), or `L7` for one line. */
export function formatLineRange(startLine: number, endLine: number): string {
  return startLine === endLine ? `L${startLine}` : `L${startLine}–${endLine}`;
}

/** An exact quote's place, `startLine:startChar–endLine:endChar` (plain-text characters, end exclusive). */
export function charRangeLabel(startLine: number, startChar: number, endLine: number, endChar: number): string {
  return `${startLine}:${startChar}–${endLine}:${endChar}`;
}

/**
 * The sources whose title another source in the list also carries (ignoring case and spacing):
 * the Sources list shows their file names too, so two "URL"s can be told apart.
 */
export function sourcesWithSharedTitles(sources: readonly { id: string; title: string }[]): Set<string> {
  const key = (title: string) => title.replace(/\s+/g, ' ').trim().toLowerCase();
  const counts = new Map<string, number>();
  for (const source of sources) counts.set(key(source.title), (counts.get(key(source.title)) ?? 0) + 1);
  return new Set(sources.filter((source) => counts.get(key(source.title))! > 1).map((source) => source.id));
}
