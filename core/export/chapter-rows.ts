import { listChapterCitations } from '../store/citation-repository.ts';
import { countExportChapters, pageExportChapters } from '../store/export-queries.ts';
import { listPlanSubmissions } from '../store/plan-submission-repository.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import type { SubsetRow } from './subset-fields.ts';

export const countChapterRows = (ctx: ExportContext): number => countExportChapters(ctx.db, ctx.projectId, ctx.demo);

/** One row per chapter, by id, with its citations in plan order. */
export async function* chapterRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'chapters'>> {
  let after = '';
  // A room's submitted plans go on each of its chapter rows; read once per room.
  const plansByRoom = new Map<string, SubsetRow<'chapters'>['data_room_plans']>();
  const plansOf = (dataRoomId: string) => {
    let plans = plansByRoom.get(dataRoomId);
    if (!plans) {
      plans = listPlanSubmissions(ctx.db, dataRoomId).map((row) => ({
        annotator: ctx.annotatorName(row.annotator),
        submitted_at: utcTimestamp(row.submitted_at, `The plan ${row.annotator} submitted`),
        approved_by: row.approved_by === null ? null : ctx.annotatorName(row.approved_by),
        approved_at: row.approved_at === null ? null : utcTimestamp(row.approved_at, `The approval of ${row.annotator}'s plan`),
        plan: row.plan_json,
      }));
      plansByRoom.set(dataRoomId, plans);
    }
    return plans;
  };
  for (;;) {
    const page = pageExportChapters(ctx.db, ctx.projectId, ctx.demo, after, PAGE_ROWS);
    for (const row of page) {
      const citations = listChapterCitations(ctx.db, row.id).map((citation) => ({
        source_id: citation.source_id,
        start_line: citation.start_line,
        end_line: citation.end_line,
        quote: citation.quote,
        start_char: citation.start_char,
        end_char: citation.end_char,
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
        data_room_plans: plansOf(row.data_room_id),
        created_at: createdAt,
        updated_at: utcTimestamp(row.updated_at, `Chapter ${row.id}`),
      };
    }
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}
