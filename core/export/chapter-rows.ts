import { listChapterCitations } from '../store/citation-repository.ts';
import { countExportChapters, pageExportChapters } from '../store/export-queries.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import type { SubsetRow } from './subset-fields.ts';

export const countChapterRows = (ctx: ExportContext): number => countExportChapters(ctx.db, ctx.projectId);

/** One row per chapter, by id, with its citations in plan order. */
export async function* chapterRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'chapters'>> {
  let after = '';
  for (;;) {
    const page = pageExportChapters(ctx.db, ctx.projectId, after, PAGE_ROWS);
    for (const row of page) {
      const citations = listChapterCitations(ctx.db, row.id).map((citation) => ({
        source_id: citation.source_id,
        start_line: citation.start_line,
        end_line: citation.end_line,
        quote: citation.quote,
        citation_id: citation.id,
        version_id: citation.version_id,
        source_sha256: citation.source_sha256,
        prefix: citation.prefix,
        suffix: citation.suffix,
        status: citation.status,
        created_at: utcTimestamp(citation.created_at, `Citation ${citation.id}`),
      }));
      const createdAt = utcTimestamp(row.created_at, `Chapter ${row.id}`);
      ctx.facts.date('chapters', createdAt);
      yield {
        chapter_id: row.id,
        data_room_id: row.data_room_id,
        data_room_title: row.data_room_title,
        data_room_notes: row.data_room_notes,
        position: row.position,
        title: row.title,
        instruction: row.instruction,
        design_notes: row.design_notes,
        citations,
        created_at: createdAt,
        updated_at: utcTimestamp(row.updated_at, `Chapter ${row.id}`),
      };
    }
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}
