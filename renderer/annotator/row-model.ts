import type { Section } from '../../schemas/sources.ts';

/** One row of the document viewer: a section's header (with its toggle) or one source line. */
export type Row = { kind: 'header'; sectionIndex: number; section: Section; collapsed: boolean } | { kind: 'line'; line: number };

/**
 * Maps the viewer's rows to lines and section headers without one entry per line, so a
 * 1,000,000-line source with thousands of sections costs only one entry per section. Rows are
 * stored as segments (a header, or a run of consecutive visible lines); lookups are binary
 * searches over them.
 */
export interface RowModel {
  readonly rowCount: number;
  rowAt(index: number): Row | undefined;
  /** The row showing `line`, or undefined when a collapsed section hides it. */
  rowOfLine(line: number): number | undefined;
  /** The first line shown at or after `row`, and the last shown at or before it. */
  lineAtOrAfter(row: number): number | undefined;
  lineAtOrBefore(row: number): number | undefined;
  /** The next (delta > 0) or previous visible line from `line`, clamped to the first/last. */
  stepLine(line: number, delta: number): number | undefined;
}

interface Segment {
  rowStart: number;
  /** -1 for a run of lines; otherwise the index of the section whose header this is. */
  sectionIndex: number;
  lineStart: number;
  lineEnd: number;
}

/** Only headings get a header row: the level-0 preamble before the first heading has none. */
export const hasHeader = (section: Section) => section.level > 0;

export function buildRowModel(lineCount: number, sections: readonly Section[], collapsed: ReadonlySet<number>): RowModel {
  const order = sections
    .map((section, index) => ({ section, index }))
    .filter(({ section }) => hasHeader(section) && section.startLine <= lineCount)
    .sort((a, b) => a.section.startLine - b.section.startLine || a.section.level - b.section.level);

  const segments: Segment[] = [];
  let rows = 0;
  let nextLine = 1;
  const pushLines = (from: number, to: number) => {
    if (to < from) return;
    segments.push({ rowStart: rows, sectionIndex: -1, lineStart: from, lineEnd: to });
    rows += to - from + 1;
  };
  for (const { section, index } of order) {
    // A section starting inside a collapsed one is hidden along with its header.
    if (section.startLine < nextLine) continue;
    pushLines(nextLine, section.startLine - 1);
    nextLine = section.startLine;
    segments.push({ rowStart: rows, sectionIndex: index, lineStart: section.startLine, lineEnd: section.startLine - 1 });
    rows += 1;
    if (collapsed.has(index)) nextLine = Math.max(nextLine, Math.min(section.endLine, lineCount) + 1);
  }
  pushLines(nextLine, lineCount);
  const lineSegments = segments.filter((s) => s.sectionIndex === -1);

  /** Index of the last segment in `list` for which `key(segment) <= value`, or -1. */
  const lastAtOrBefore = (list: Segment[], value: number, key: (s: Segment) => number) => {
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (key(list[mid]!) <= value) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };

  const rowOfLine = (line: number) => {
    const at = lastAtOrBefore(lineSegments, line, (s) => s.lineStart);
    const segment = lineSegments[at];
    if (!segment || line > segment.lineEnd) return undefined;
    return segment.rowStart + (line - segment.lineStart);
  };

  const lineNear = (row: number, direction: 1 | -1): number | undefined => {
    let at = lastAtOrBefore(segments, row, (s) => s.rowStart);
    for (; at >= 0 && at < segments.length; at += direction) {
      const segment = segments[at]!;
      if (segment.sectionIndex !== -1) continue;
      const offset = Math.min(Math.max(row - segment.rowStart, 0), segment.lineEnd - segment.lineStart);
      return segment.lineStart + offset;
    }
    return undefined;
  };

  return {
    rowCount: rows,
    rowAt(index) {
      const segment = segments[lastAtOrBefore(segments, index, (s) => s.rowStart)];
      if (!segment || index >= rows || index < 0) return undefined;
      if (segment.sectionIndex === -1) return { kind: 'line', line: segment.lineStart + (index - segment.rowStart) };
      const section = sections[segment.sectionIndex]!;
      return { kind: 'header', sectionIndex: segment.sectionIndex, section, collapsed: collapsed.has(segment.sectionIndex) };
    },
    rowOfLine,
    lineAtOrAfter: (row) => lineNear(row, 1),
    lineAtOrBefore: (row) => lineNear(row, -1),
    stepLine(line, delta) {
      const row = rowOfLine(line);
      if (row === undefined) return lineNear(0, 1);
      const target = Math.min(Math.max(row + delta, 0), rows - 1);
      return delta >= 0 ? (lineNear(target, 1) ?? lineNear(target, -1)) : (lineNear(target, -1) ?? lineNear(target, 1));
    },
  };
}

/** Indexes of the collapsed sections that hide `line`: expanding them all brings it into view. */
export function sectionsHiding(line: number, sections: readonly Section[], collapsed: ReadonlySet<number>): number[] {
  return [...collapsed].filter((index) => {
    const section = sections[index];
    return section !== undefined && section.startLine <= line && line <= section.endLine;
  });
}
