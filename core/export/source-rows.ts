import { getSourceVersion, readSourceText } from '../sources/index.ts';
import { countExportSourceVersions, pageExportSourceVersions } from '../store/export-queries.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import type { SubsetRow } from './subset-fields.ts';

export const countSourceRows = (ctx: ExportContext): number => countExportSourceVersions(ctx.db, ctx.projectId, ctx.demo);

/** One row per source version, by source id then version, with its lines, sections and pages. */
export async function* sourceRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'sources'>> {
  let after: { sourceId: string; version: number } | null = null;
  for (;;) {
    const page = pageExportSourceVersions(ctx.db, ctx.projectId, ctx.demo, after, PAGE_ROWS);
    for (const row of page) {
      const version = getSourceVersion(ctx.workspace, row.version_id);
      const text = readSourceText(ctx.workspace, row.version_id);
      const lines = text.length === 0 && row.line_count === 0 ? [] : text.split('\n');
      const createdAt = utcTimestamp(row.created_at, `Source version ${row.version_id}`);
      ctx.facts.date('sources', createdAt);
      yield {
        source_id: row.source_id,
        version_id: row.version_id,
        version: row.version,
        data_room_id: row.data_room_id,
        data_room_title: row.data_room_title,
        title: row.title,
        type: row.type,
        original_name: row.original_name,
        sha256: row.sha256,
        markdown_sha256: row.markdown_sha256,
        line_count: row.line_count,
        lines: lines.map((line, index) => ({ line: index + 1, text: line })),
        sections: version.sections.map((section) => ({ title: section.title, level: section.level, start_line: section.startLine, end_line: section.endLine })),
        pages: version.pages.map((page) => ({ page: page.page, start_line: page.startLine, end_line: page.endLine })),
        created_at: createdAt,
      };
    }
    if (page.length < PAGE_ROWS) return;
    const last = page[page.length - 1]!;
    after = { sourceId: last.source_id, version: last.version };
    await yieldToEventLoop();
  }
}
