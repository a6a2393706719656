import { z } from 'zod';
import { citationRef, CitationStatusSchema, type DataRoomDetail } from './annotate.ts';
import type { PageSpan } from './sources.ts';

/**
 * A data room's chapter plan as it leaves the app (Markdown or JSON, from the annotator or
 * `lhb chapters export`): chapters in plan order with their instruction, notes and citations.
 * The annotation contract (`dataRooms.export`) is what agents get; this is what people read.
 */
export const ChapterPlanSchema = z.object({
  format: z.literal('lhb-chapter-plan/1'),
  room: z.object({ id: z.string(), title: z.string() }),
  global_notes: z.string(),
  chapters: z.array(
    z.object({
      /** 1-based position in the plan. */
      number: z.number().int().min(1),
      title: z.string(),
      instruction: z.string(),
      notes: z.string(),
      citations: z.array(
        z.object({
          /** `source_id:start--end`, as citations are written everywhere. */
          ref: z.string(),
          source_id: z.string(),
          source_title: z.string(),
          version_id: z.string(),
          start_line: z.number().int().min(1),
          end_line: z.number().int().min(1),
          /** The PDF pages the lines came from; null when the source has no pages (not a PDF). */
          pages: z.object({ first: z.number().int().min(1), last: z.number().int().min(1) }).nullable(),
          quote: z.string(),
          status: CitationStatusSchema,
        }),
      ),
    }),
  ),
});
export type ChapterPlan = z.infer<typeof ChapterPlanSchema>;

/** The first and last PDF page of lines `start`–`end`, from a version's page spans; null when none overlap. */
export function pagesOfLines(pages: readonly PageSpan[], start: number, end: number): { first: number; last: number } | null {
  let first: number | undefined;
  let last: number | undefined;
  for (const span of pages) {
    if (span.endLine < start || span.startLine > end) continue;
    first = first === undefined ? span.page : Math.min(first, span.page);
    last = last === undefined ? span.page : Math.max(last, span.page);
  }
  return first === undefined || last === undefined ? null : { first, last };
}

/** `p. 12` or `p. 12–13`. */
export function pageLabel(pages: { first: number; last: number }): string {
  return pages.first === pages.last ? `p. ${pages.first}` : `p. ${pages.first}–${pages.last}`;
}

/** Builds the plan from a room's detail and the page spans of each cited version (by version id). */
export function chapterPlan(dataRoom: DataRoomDetail, pagesByVersion: ReadonlyMap<string, readonly PageSpan[]>): ChapterPlan {
  const titles = new Map(dataRoom.sources.map((s) => [s.id, s.title]));
  return {
    format: 'lhb-chapter-plan/1',
    room: { id: dataRoom.id, title: dataRoom.title },
    global_notes: dataRoom.globalNotes,
    chapters: [...dataRoom.chapters]
      .sort((a, b) => a.order - b.order)
      .map((chapter, index) => ({
        number: index + 1,
        title: chapter.title,
        instruction: chapter.instruction,
        notes: chapter.designNotes,
        citations: chapter.citations.map((c) => ({
          ref: citationRef(c),
          source_id: c.sourceId,
          source_title: titles.get(c.sourceId) ?? c.sourceId,
          version_id: c.versionId,
          start_line: c.startLine,
          end_line: c.endLine,
          pages: pagesOfLines(pagesByVersion.get(c.versionId) ?? [], c.startLine, c.endLine),
          quote: c.quote,
          status: c.status,
        })),
      })),
  };
}

const block = (text: string) => text.trim().replace(/\r\n?/g, '\n');
const quoted = (text: string) =>
  block(text)
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

/** The plan as Markdown: one `##` per chapter, its instruction and notes, each citation with its quote. */
export function chapterPlanMarkdown(plan: ChapterPlan): string {
  const out: string[] = [`# ${plan.room.title}: chapter plan`, ''];
  if (block(plan.global_notes)) out.push('## Global notes', '', block(plan.global_notes), '');
  if (plan.chapters.length === 0) out.push('No chapters yet.', '');
  for (const chapter of plan.chapters) {
    out.push(`## ${chapter.number}. ${chapter.title}`, '');
    out.push('**Instruction**', '', block(chapter.instruction) || '_None yet._', '');
    if (block(chapter.notes)) out.push('**Notes**', '', block(chapter.notes), '');
    if (chapter.citations.length === 0) {
      out.push('**Citations**: none yet.', '');
      continue;
    }
    out.push('**Citations**', '');
    for (const c of chapter.citations) {
      const where = [c.source_title, c.pages ? pageLabel(c.pages) : undefined, c.status === 'ok' ? undefined : c.status].filter(Boolean).join(', ');
      out.push(`- \`${c.ref}\` (${where})`, '');
      out.push(
        quoted(c.quote)
          .split('\n')
          .map((line) => `  ${line}`)
          .join('\n'),
        '',
      );
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
