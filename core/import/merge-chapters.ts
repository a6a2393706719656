import { createHash } from 'node:crypto';
import { findChapter, insertChapter, listChapters, setChapterPosition, type ChapterRow } from '../store/chapter-repository.ts';
import { findCitation, insertCitation, listChapterCitations, nextCitationPosition } from '../store/citation-repository.ts';
import { findDataRoom, updateDataRoomFields } from '../store/data-room-repository.ts';
import { deleteDataRoomHistory } from '../store/annotation-history-repository.ts';
import { insertPlanSubmissionIfMissing } from '../store/plan-submission-repository.ts';
import { findOrInsertAnnotator } from '../store/annotator-repository.ts';
import { findAnnotatorPlan, insertAnnotatorPlan, updateAnnotatorPlanNotes } from '../store/annotator-plan-repository.ts';
import { findGoldPlan, findGoldProvenance, insertGoldPlan, insertGoldProvenance, updateGoldPlanNotes } from '../store/gold-plan-repository.ts';
import { listGoldChapters } from '../store/chapter-repository.ts';
import { randomUUID } from 'node:crypto';
import { findSourceVersion } from '../store/source-version-repository.ts';
import { ChapterPlanSchema } from '../../schemas/chapter-plan.ts';
import type { CitationStatus } from '../../schemas/annotate.ts';
import type { ChapterRowIn, CitationIn, Located } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';
import { ensureDataRoom } from './merge-sources.ts';

const CITATION_STATUSES = new Set<string>(['ok', 'reanchored', 'orphaned']);

/** The suffix of a chapter kept beside the workspace's own when both changed it differently. */
export const FROM_IMPORT = ' (from import)';

const chapterText = (chapter: Pick<ChapterRow, 'title' | 'instruction' | 'design_notes'>) =>
  `${chapter.title}\n\nInstruction:\n${chapter.instruction}\n\nDesign notes:\n${chapter.design_notes}`;

/**
 * Chapter plans, merged: a new chapter is added with its id (a new data room's plan keeps its
 * order; chapters new to an existing room go after its own); a chapter the workspace has with
 * the same text is unchanged; one whose text differs is a conflict for a person to resolve: the
 * workspace's chapter stays as it is and the incoming text is kept as a sibling chapter right
 * after it, "<title> (from import)", with a stable id so importing the same export again adds
 * nothing. Citations are merged by id and then by span (source file hash, lines, quote) into
 * the chapter of the same id, whatever its text. Data rooms' notes that differ are kept both,
 * the incoming ones appended under a marked line. Undo history of the rooms that changed is
 * cleared (an undo must not take imported records apart).
 */
/** A row's plan (format 11 on; older rows are all the workspace owner's), as a sort key: the owner's first, then annotators', then the gold plan. */
const planOrder = (row: ChapterRowIn) => `${{ owner: 0, annotator: 1, gold: 2 }[row.plan ?? 'owner'] ?? 3}${row.annotator ?? ''}`;

export function mergeChapters(ctx: MergeContext, rows: readonly Located<ChapterRowIn>[]): void {
  const ordered = [...rows].sort((x, y) => {
    if (x.row.data_room_id !== y.row.data_room_id) return x.row.data_room_id < y.row.data_room_id ? -1 : 1;
    const [px, py] = [planOrder(x.row), planOrder(y.row)];
    return px !== py ? (px < py ? -1 : 1) : x.row.position - y.row.position;
  });
  const touched = new Set<string>();
  const notesSeen = new Set<string>();
  for (const located of ordered) {
    const { row, where } = located;
    atRow(where, () => {
      const plan = planOf(ctx, row, where);
      const dataRoomExisted = findDataRoom(ctx.db, row.data_room_id) !== undefined;
      ensureDataRoom(ctx, row.data_room_id, row.data_room_title, row.created_at, plan.owner ? row.data_room_notes : '');
      const notesKey = `${row.data_room_id}\u0000${planOrder(row)}`;
      if (!notesSeen.has(notesKey)) {
        if (plan.owner && dataRoomExisted) mergeDataRoomNotes(ctx, row, touched);
        if (!plan.owner) mergePlanNotes(ctx, row, plan);
        if (!notesSeen.has(row.data_room_id)) mergeSubmittedPlans(ctx, row, where);
      }
      notesSeen.add(notesKey);
      notesSeen.add(row.data_room_id);
      const local = findChapter(ctx.db, row.chapter_id);
      let changed = false;
      if (!local) {
        const position = plan.gold ? listGoldChapters(ctx.db, row.data_room_id).length : listChapters(ctx.db, row.data_room_id, plan.annotatorId).length;
        insertChapter(ctx.db, { id: row.chapter_id, data_room_id: row.data_room_id, annotator_id: plan.annotatorId, gold: plan.gold ? 1 : 0, position, title: row.title, instruction: row.instruction, design_notes: row.design_notes, created_at: row.created_at, updated_at: row.updated_at });
        ctx.count('chapters', 'added');
        changed = true;
      } else if (chapterText(local) === chapterText(row)) {
        ctx.count('chapters', 'unchanged');
      } else {
        keepIncomingBeside(ctx, local, row);
        ctx.count('chapters', 'conflicts');
        changed = true;
      }
      const dataRoomId = local?.data_room_id ?? row.data_room_id;
      for (const [index, citation] of row.citations.entries()) {
        if (mergeCitation(ctx, row.chapter_id, citation, `${where}, field citations[${index}]`)) changed = true;
      }
      if (plan.gold && mergeProvenance(ctx, row, where)) changed = true;
      if (changed) touched.add(dataRoomId);
    });
  }
  for (const dataRoomId of touched) deleteDataRoomHistory(ctx.db, dataRoomId);
}

function keepIncomingBeside(ctx: MergeContext, local: ChapterRow, row: ChapterRowIn): void {
  const digest = createHash('sha256').update(chapterText(row)).digest('hex').slice(0, 12);
  const siblingId = `${local.id}~import-${digest}`;
  const alreadyKept = findChapter(ctx.db, siblingId) !== undefined;
  if (!alreadyKept) {
    const chapters = local.gold === 1 ? listGoldChapters(ctx.db, local.data_room_id) : listChapters(ctx.db, local.data_room_id, local.annotator_id);
    const at = chapters.findIndex((chapter) => chapter.id === local.id) + 1;
    // Make room right after the workspace's chapter: positions stay contiguous.
    for (let index = chapters.length - 1; index >= at; index--) setChapterPosition(ctx.db, chapters[index]!.id, index + 1);
    insertChapter(ctx.db, {
      id: siblingId,
      data_room_id: local.data_room_id,
      annotator_id: local.annotator_id,
      gold: local.gold ?? 0,
      position: at,
      title: `${row.title}${FROM_IMPORT}`,
      instruction: row.instruction,
      design_notes: row.design_notes,
      created_at: ctx.now,
      updated_at: row.updated_at,
    });
  }
  const fields = (['title', 'instruction', 'design_notes'] as const).filter((field) => local[field] !== row[field]).map((field) => field.replace('_', ' '));
  ctx.conflicts.push({
    kind: 'chapter',
    id: local.id,
    title: local.title,
    detail: `Both sides changed this chapter (${fields.join(', ')} differ; this workspace's was last edited ${local.updated_at}, the import's ${row.updated_at}). This workspace's text is kept as it was; the import's is the chapter "${row.title}${FROM_IMPORT}" right after it. Keep one, merge them by hand and delete the other.`,
    local: chapterText(local),
    incoming: chapterText(row),
    keptAs: siblingId,
    alreadyKept,
  });
}

/**
 * The room's submitted plans (format 6 on; older exports have none): one the workspace lacks is
 * added with its approval; a plan the workspace already has for that annotator is kept as it is
 * (it may have been resubmitted here since).
 */
function mergeSubmittedPlans(ctx: MergeContext, row: ChapterRowIn, where: string): void {
  for (const [index, plan] of (row.data_room_plans ?? []).entries()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(plan.plan);
    } catch {
      parsed = undefined;
    }
    if (!ChapterPlanSchema.safeParse(parsed).success) {
      throw new ImportRefusedError(`${where}, field data_room_plans[${index}].plan is not a chapter plan (lhb-chapter-plan/1 JSON). Export it again from the workspace it came from.`);
    }
    if ((plan.approved_by === null) !== (plan.approved_at === null)) {
      throw new ImportRefusedError(`${where}, field data_room_plans[${index}] has only one of approved_by and approved_at; an approval names both who and when.`);
    }
    insertPlanSubmissionIfMissing(ctx.db, {
      data_room_id: row.data_room_id,
      annotator: plan.annotator,
      plan_json: plan.plan,
      submitted_at: plan.submitted_at,
      approved_by: plan.approved_by,
      approved_at: plan.approved_at,
    });
  }
}

function mergeDataRoomNotes(ctx: MergeContext, row: ChapterRowIn, touched: Set<string>): void {
  const dataRoom = findDataRoom(ctx.db, row.data_room_id)!;
  const local = dataRoom.global_notes;
  const incoming = row.data_room_notes;
  if (incoming === '' || local === incoming) return;
  const keep = (notes: string) => {
    updateDataRoomFields(ctx.db, dataRoom.id, { title: dataRoom.title, global_notes: notes, updated_at: ctx.now });
    touched.add(dataRoom.id);
  };
  // One side holds all of the other's text: taking the longer loses nothing, so it is no conflict.
  if (local === '' || incoming.includes(local)) return keep(incoming);
  const alreadyKept = local.includes(`---\n${incoming}`);
  if (local.includes(incoming) && !alreadyKept) return;
  if (!alreadyKept) keep(`${local}\n\n--- Notes from the import of ${ctx.label} (${ctx.now.slice(0, 10)}) ---\n${incoming}`);
  ctx.conflicts.push({
    kind: 'data-room-notes',
    id: dataRoom.id,
    title: dataRoom.title,
    detail: "The data room's notes differ. This workspace's notes are kept; the import's are appended below a marked line. Edit them into one.",
    local,
    incoming,
    keptAs: dataRoom.id,
    alreadyKept,
  });
}

const spanOf = (citation: Pick<CitationIn, 'source_sha256' | 'start_line' | 'end_line' | 'quote'>) =>
  JSON.stringify([citation.source_sha256, citation.start_line, citation.end_line, citation.quote]);

/** Adds a citation the chapter lacks (by id, then by span); true when one was added. */
function mergeCitation(ctx: MergeContext, chapterId: string, citation: CitationIn, where: string): boolean {
  // Checked as the app checks a selection it cites, whether or not the citation is here already.
  if (!CITATION_STATUSES.has(citation.status)) throw new ImportRefusedError(`${where}: field status is "${citation.status}", not ok, reanchored or orphaned.`);
  const versionId = ctx.versionIds.get(citation.version_id) ?? (findSourceVersion(ctx.db, citation.version_id) ? citation.version_id : undefined);
  if (!versionId) {
    throw new ImportRefusedError(`${where} cites source version ${citation.version_id}, which is neither in the export's sources subset nor in this workspace. Export the sources subset too.`);
  }
  const version = findSourceVersion(ctx.db, versionId)!;
  if (citation.end_line < citation.start_line || citation.end_line > version.lineCount) {
    throw new ImportRefusedError(
      `${where} cites lines ${citation.start_line}–${citation.end_line} of source version ${citation.version_id}, which has ${version.lineCount} lines: a citation's lines are within its source, the first not after the last.`,
    );
  }
  if (findCitation(ctx.db, citation.citation_id)) return false;
  const span = spanOf(citation);
  if (listChapterCitations(ctx.db, chapterId).some((existing) => spanOf(existing) === span)) return false;
  insertCitation(ctx.db, {
    id: citation.citation_id,
    chapter_id: chapterId,
    source_id: version.sourceId,
    version_id: versionId,
    source_sha256: citation.source_sha256,
    start_line: citation.start_line,
    end_line: citation.end_line,
    quote: citation.quote,
    prefix: citation.prefix,
    suffix: citation.suffix,
    status: citation.status as CitationStatus,
    start_char: citation.start_char ?? null,
    end_char: citation.end_char ?? null,
    position: nextCitationPosition(ctx.db, chapterId),
    created_at: citation.created_at,
  });
  return true;
}

interface RowPlan {
  owner: boolean;
  gold: boolean;
  annotatorId: string | null;
}

/** The plan a row's chapter goes into: the owner's, the named annotator's own (their profile made when missing) or the gold plan. */
function planOf(ctx: MergeContext, row: ChapterRowIn, where: string): RowPlan {
  const plan = row.plan ?? 'owner';
  if (plan === 'owner' || plan === 'gold') {
    if (row.annotator !== undefined && row.annotator !== null) throw new ImportRefusedError(`${where}: field annotator is "${row.annotator}" on a chapter of the ${plan === 'gold' ? 'gold plan' : "workspace owner's plan"}, which is nobody's own; it is null there.`);
    return { owner: plan === 'owner', gold: plan === 'gold', annotatorId: null };
  }
  if (plan !== 'annotator') throw new ImportRefusedError(`${where}: field plan is "${plan}", not owner, annotator or gold.`);
  const name = row.annotator?.trim();
  if (!name) throw new ImportRefusedError(`${where}: a chapter of an annotator's own plan names the annotator (field annotator); it is empty.`);
  return { owner: false, gold: false, annotatorId: findOrInsertAnnotator(ctx.db, ctx.projectId, name, ctx.now).id };
}

/** An annotator's or the gold plan's global notes: taken when the workspace has none for that plan; its own are kept otherwise. */
function mergePlanNotes(ctx: MergeContext, row: ChapterRowIn, plan: RowPlan): void {
  const notes = row.data_room_notes;
  if (notes === '') return;
  if (plan.gold) {
    const local = findGoldPlan(ctx.db, row.data_room_id);
    if (!local) insertGoldPlan(ctx.db, { id: randomUUID(), data_room_id: row.data_room_id, global_notes: notes, created_at: ctx.now, updated_at: ctx.now });
    else if (local.global_notes === '') updateGoldPlanNotes(ctx.db, local.id, notes, ctx.now);
    return;
  }
  const local = findAnnotatorPlan(ctx.db, row.data_room_id, plan.annotatorId!);
  if (!local) insertAnnotatorPlan(ctx.db, { id: randomUUID(), data_room_id: row.data_room_id, annotator_id: plan.annotatorId!, global_notes: notes, created_at: ctx.now, updated_at: ctx.now });
  else if (local.global_notes === '') updateAnnotatorPlanNotes(ctx.db, local.id, notes, ctx.now);
}

const KINDS = new Set(['chapter', 'citation', 'note']);
const ACTIONS = new Set(['accepted', 'edited', 'dropped']);

/** A gold chapter's curator decisions the workspace lacks (by id), with their annotators by name; true when one was added. */
function mergeProvenance(ctx: MergeContext, row: ChapterRowIn, where: string): boolean {
  let added = false;
  for (const [index, d] of (row.provenance ?? []).entries()) {
    if (!KINDS.has(d.kind) || !ACTIONS.has(d.action)) throw new ImportRefusedError(`${where}, field provenance[${index}]: kind "${d.kind}" and action "${d.action}" are not a curator decision (chapter, citation or note; accepted, edited or dropped).`);
    if (findGoldProvenance(ctx.db, d.provenance_id)) continue;
    const fromAnnotatorId = d.from_annotator === null ? null : findOrInsertAnnotator(ctx.db, ctx.projectId, d.from_annotator, ctx.now).id;
    // A plan's global notes are named by its plan row, whose id is this workspace's own: the imported SME's plan row here.
    const planNotes = d.kind === 'note' && fromAnnotatorId !== null && !findChapter(ctx.db, d.from_item_id);
    const fromItemId = planNotes ? (findAnnotatorPlan(ctx.db, row.data_room_id, fromAnnotatorId)?.id ?? d.from_item_id) : d.from_item_id;
    insertGoldProvenance(ctx.db, {
      id: d.provenance_id,
      data_room_id: row.data_room_id,
      kind: d.kind as 'chapter' | 'citation' | 'note',
      action: d.action as 'accepted' | 'edited' | 'dropped',
      from_annotator_id: fromAnnotatorId,
      from_item_id: fromItemId,
      from_label: d.from_label,
      gold_chapter_id: d.gold_chapter_id,
      gold_citation_id: d.gold_citation_id,
      curator_note: d.curator_note,
      created_at: d.created_at,
    });
    added = true;
  }
  return added;
}
