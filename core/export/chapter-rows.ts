import { listChapterCitations } from '../store/citation-repository.ts';
import { countExportChapters, pageExportChapters } from '../store/export-queries.ts';
import { listPlanSubmissions } from '../store/plan-submission-repository.ts';
import { findAnnotator } from '../store/annotator-repository.ts';
import { listGoldProvenance, type GoldProvenanceRow } from '../store/gold-plan-repository.ts';
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
  // A room's curator decisions, read once per room: a gold chapter carries its own and the room's unattached ones.
  const decisionsByRoom = new Map<string, GoldProvenanceRow[]>();
  const provenanceOf = (dataRoomId: string, goldChapterId: string): SubsetRow<'chapters'>['provenance'] => {
    let decisions = decisionsByRoom.get(dataRoomId);
    if (!decisions) {
      decisions = listGoldProvenance(ctx.db, dataRoomId);
      decisionsByRoom.set(dataRoomId, decisions);
    }
    return decisions
      .filter((d) => d.gold_chapter_id === goldChapterId || d.gold_chapter_id === null)
      .map((d) => ({
        provenance_id: d.id,
        kind: d.kind,
        action: d.action,
        from_annotator: d.from_annotator_id === null ? null : ctx.annotatorName(findAnnotator(ctx.db, d.from_annotator_id)?.name ?? d.from_annotator_id),
        from_item_id: d.from_item_id,
        from_label: d.from_label,
        gold_chapter_id: d.gold_chapter_id,
        gold_citation_id: d.gold_citation_id,
        curator_note: d.curator_note,
        created_at: utcTimestamp(d.created_at, `Curator decision ${d.id}`),
      }));
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
      ctx.facts.dataRooms.set(row.data_room_id, row.data_room_title);
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
        plan: row.gold === 1 ? 'gold' : row.annotator_id === null ? 'owner' : 'annotator',
        annotator: row.annotator_id === null ? null : ctx.annotatorName(row.annotator_name ?? row.annotator_id),
        provenance: row.gold === 1 ? provenanceOf(row.data_room_id, row.id) : [],
        created_at: createdAt,
        updated_at: utcTimestamp(row.updated_at, `Chapter ${row.id}`),
      };
    }
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}
