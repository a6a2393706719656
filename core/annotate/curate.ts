import { randomUUID } from 'node:crypto';
import { citationRef } from '../../schemas/annotate.ts';
import type { CurateInput, CurationEdit, GoldPlan } from '../../schemas/gold-plan.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { deleteChapter, insertChapter, listGoldChapters, updateChapterText, type ChapterRow } from '../store/chapter-repository.ts';
import { deleteCitation, insertCitation, listChapterCitations, nextCitationPosition, updateCitationAnchor, type CitationRow } from '../store/citation-repository.ts';
import { findAnnotatorPlan } from '../store/annotator-plan-repository.ts';
import { insertGoldProvenance, listProvenanceOfItem, updateGoldPlanNotes, type CurationAction, type GoldItemKind, type GoldProvenanceRow } from '../store/gold-plan-repository.ts';
import type { DataRoomRow } from '../store/data-room-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { findPlan, planGlobalNotes } from './annotator-plans.ts';
import { renumberChapters } from './chapters.ts';
import { ensureGoldPlanRow, goldKey, liveGoldChapter, liveGoldCitation, loadGoldPlan } from './gold-plan.ts';
import { anchorQuote } from './quote-anchor.ts';
import { quoted } from './quoted.ts';
import { performAction, type ChangeTracker } from './record-action.ts';
import { requireChapter, requireCitation, requireDataRoom, requireSourceVersion } from './require-records.ts';
import { findAnnotator } from '../store/annotator-repository.ts';

/** An annotator's item as the curator takes it. */
interface SourceItem {
  kind: GoldItemKind;
  fromAnnotatorId: string | null;
  fromItemId: string;
  /** What the item says now, for the provenance and the undo label. */
  label: string;
  /** Whose plan, in words. */
  owner: string;
  chapter?: ChapterRow;
  citation?: CitationRow;
  notes?: string;
  /** Which notes: a chapter's design notes or the plan's global notes. */
  notesOf?: 'chapter' | 'plan';
}

/** A citation as a provenance or feedback label: `source:12--14 “quote”`. */
export const citationLabel = (c: Pick<CitationRow, 'source_id' | 'start_line' | 'end_line' | 'quote'>) =>
  `${citationRef({ sourceId: c.source_id, startLine: c.start_line, endLine: c.end_line })} ${quoted(c.quote, 80)}`;

const ownerName = (deps: AnnotateDeps, annotatorId: string | null) => (annotatorId === null ? 'the workspace owner' : (findAnnotator(deps.db, annotatorId)?.name ?? annotatorId));

/** The annotator's chapter, refused when it is in another room or is itself gold. */
function annotatorChapter(deps: AnnotateDeps, room: DataRoomRow, chapterId: string): ChapterRow {
  const chapter = requireChapter(deps.db, chapterId);
  if (chapter.data_room_id !== room.id) throw new LhbError('bad_request', `Chapter ${quoted(chapter.title)} is in another data room than ${quoted(room.title)}. Nothing was curated.`, { field: 'item' });
  if (chapter.gold === 1) throw new LhbError('bad_request', `Chapter ${quoted(chapter.title)} is already the gold plan's own; curate an annotator's chapter into it. Nothing was curated.`, { field: 'item' });
  return chapter;
}

function sourceItem(deps: AnnotateDeps, room: DataRoomRow, item: CurateInput['item']): SourceItem {
  if (item.kind === 'chapter' || item.kind === 'chapterNotes') {
    const chapter = annotatorChapter(deps, room, item.chapterId);
    const base = { fromAnnotatorId: chapter.annotator_id, fromItemId: chapter.id, owner: ownerName(deps, chapter.annotator_id), chapter };
    if (item.kind === 'chapter') return { ...base, kind: 'chapter', label: chapter.title };
    return { ...base, kind: 'note', label: chapter.design_notes, notes: chapter.design_notes, notesOf: 'chapter' };
  }
  if (item.kind === 'citation') {
    const citation = requireCitation(deps.db, item.citationId);
    const chapter = annotatorChapter(deps, room, citation.chapter_id);
    return { kind: 'citation', fromAnnotatorId: chapter.annotator_id, fromItemId: citation.id, label: citationLabel(citation), owner: ownerName(deps, chapter.annotator_id), chapter, citation };
  }
  const plan = findPlan(deps, room.id, item.annotator);
  if (plan.annotatorId === undefined) throw new LhbError('not_found', `${plan.annotator ?? 'That annotator'} has no plan in ${quoted(room.title)}. Nothing was curated.`, { field: 'item' });
  const notes = planGlobalNotes(deps, room, plan.annotatorId);
  const fromItemId = plan.annotatorId === null ? room.id : (findAnnotatorPlan(deps.db, room.id, plan.annotatorId)?.id ?? plan.annotatorId);
  return { kind: 'note', fromAnnotatorId: plan.annotatorId, fromItemId, label: notes, owner: ownerName(deps, plan.annotatorId), notes, notesOf: 'plan' };
}

/** The newest decision on the item that put it into the gold plan, while that gold item is still there. */
function liveDecision(deps: AnnotateDeps, room: DataRoomRow, source: SourceItem): GoldProvenanceRow | undefined {
  const decisions = listProvenanceOfItem(deps.db, source.fromItemId).filter((row) => row.data_room_id === room.id && row.kind === source.kind);
  const last = decisions.at(-1);
  if (!last || last.action === 'dropped') return undefined;
  if (source.kind === 'chapter') return liveGoldChapter(deps, last) ? last : undefined;
  if (source.kind === 'citation') return liveGoldCitation(deps, last) ? last : undefined;
  return last;
}

/** The gold chapter a citation or a chapter's notes go into: `into`, or the gold chapter made from the item's own chapter. */
function targetChapter(deps: AnnotateDeps, room: DataRoomRow, source: SourceItem, into: string | undefined): ChapterRow {
  if (into !== undefined) {
    const chapter = requireChapter(deps.db, into);
    if (chapter.gold !== 1 || chapter.data_room_id !== room.id) {
      throw new LhbError('bad_request', `Chapter ${quoted(chapter.title)} is not a chapter of ${quoted(room.title)}'s gold plan; name one of the gold plan's chapters (lhb plans gold show). Nothing was curated.`, { field: 'into' });
    }
    return chapter;
  }
  const own = source.chapter ? liveDecision(deps, room, { ...source, kind: 'chapter', fromItemId: source.chapter.id }) : undefined;
  const chapter = own ? liveGoldChapter(deps, own) : undefined;
  if (!chapter) {
    throw new LhbError('bad_request', `${source.owner}'s chapter ${quoted(source.chapter?.title ?? '')} is not in the gold plan yet: accept the chapter first, or name the gold chapter this goes into. Nothing was curated.`, { field: 'into' });
  }
  return chapter;
}

const EDIT_FIELDS: Record<GoldItemKind, (keyof CurationEdit)[]> = { chapter: ['title', 'instruction', 'designNotes'], citation: ['startLine', 'endLine'], note: ['text'] };

function checkEdit(source: SourceItem, input: CurateInput): CurationEdit {
  const edit = input.edit ?? {};
  const given = (Object.keys(edit) as (keyof CurationEdit)[]).filter((key) => edit[key] !== undefined);
  const allowed = EDIT_FIELDS[source.kind];
  const wrong = given.filter((key) => !allowed.includes(key));
  if (input.action !== 'edit' && given.length > 0) throw new LhbError('bad_request', `Only an edit takes changes (${given.join(', ')}); ${input.action} takes the item as it is. Nothing was curated.`, { field: 'edit' });
  if (wrong.length > 0) throw new LhbError('bad_request', `A ${source.kind} is edited with ${allowed.join(', ')}, not ${wrong.join(', ')}. Nothing was curated.`, { field: 'edit' });
  if (input.action === 'edit' && given.length === 0) throw new LhbError('bad_request', `Say what to change: an edit of a ${source.kind} takes ${allowed.join(', ')}. Nothing was curated.`, { field: 'edit' });
  return edit;
}

/**
 * One curator decision on one annotator's item, as one undoable step of the gold plan's own
 * history: accept it into the gold plan as it is, edit it into the gold plan (or edit the gold
 * item it already became), or drop it (taking out the gold item it became). Every decision records
 * where the gold item came from, with the curator's note. Returns the gold plan.
 */
export function curate(deps: AnnotateDeps, input: CurateInput): GoldPlan {
  const room = requireDataRoom(deps.db, input.dataRoomId);
  const source = sourceItem(deps, room, input.item);
  const edit = checkEdit(source, input);
  if (source.kind === 'note' && input.action !== 'drop' && (source.notes ?? '').trim() === '' && edit.text === undefined) {
    throw new LhbError('bad_request', `${source.owner}'s ${source.notesOf === 'chapter' ? `chapter ${quoted(source.chapter?.title ?? '')} has no design notes` : 'plan has no global notes'} to take. Nothing was curated.`, { field: 'item' });
  }
  const live = liveDecision(deps, room, source);
  if (input.action === 'accept' && live && source.kind !== 'note') {
    throw new LhbError('conflict', `${source.owner}'s ${source.kind} ${quoted(source.label)} is already in the gold plan; edit it there or drop it first. Nothing was changed.`, { field: 'item' });
  }
  const verb = { accept: 'Accept', edit: 'Edit', drop: 'Drop' }[input.action];
  const what = source.kind === 'note' ? (source.notesOf === 'chapter' ? `notes of ${quoted(source.chapter?.title ?? '')}` : 'global notes') : `${source.kind} ${quoted(source.label)}`;
  const action: CurationAction = input.action === 'accept' ? 'accepted' : input.action === 'edit' ? 'edited' : 'dropped';
  performAction(deps, goldKey(room.id), { label: `${verb} ${what} from ${source.owner}` }, (tracker, now) => {
    const record = (gold: { chapter?: string | null; citation?: string | null }, kind: GoldItemKind = source.kind, from: Pick<SourceItem, 'fromItemId' | 'label'> = source, rowAction = action) => {
      const id = randomUUID();
      tracker.track('gold_provenance', id);
      insertGoldProvenance(deps.db, {
        id,
        data_room_id: room.id,
        kind,
        action: rowAction,
        from_annotator_id: source.fromAnnotatorId,
        from_item_id: from.fromItemId,
        from_label: from.label,
        gold_chapter_id: gold.chapter ?? null,
        gold_citation_id: gold.citation ?? null,
        curator_note: input.note?.trim() ?? '',
        created_at: now,
      });
    };
    const ctx = { deps, tracker, now, room, source, edit, live, record };
    if (input.action === 'drop') return dropItem(ctx);
    if (source.kind === 'chapter') return takeChapter(ctx);
    if (source.kind === 'citation') return takeCitation(ctx, targetChapter(deps, room, source, input.into));
    return takeNotes(ctx, source.notesOf === 'chapter' ? targetChapter(deps, room, source, input.into) : undefined);
  });
  return loadGoldPlan(deps, room.id);
}

interface CurationStep {
  deps: AnnotateDeps;
  tracker: ChangeTracker;
  now: string;
  room: DataRoomRow;
  source: SourceItem;
  edit: CurationEdit;
  live: GoldProvenanceRow | undefined;
  record: (gold: { chapter?: string | null; citation?: string | null }, kind?: GoldItemKind, from?: Pick<SourceItem, 'fromItemId' | 'label'>, action?: CurationAction) => void;
}

function takeChapter({ deps, tracker, now, room, source, edit, live, record }: CurationStep): void {
  const chapter = source.chapter!;
  const existing = live ? liveGoldChapter(deps, live) : undefined;
  if (existing) {
    tracker.track('chapters', existing.id);
    updateChapterText(deps.db, existing.id, {
      title: edit.title ?? existing.title,
      instruction: edit.instruction ?? existing.instruction,
      design_notes: edit.designNotes ?? existing.design_notes,
      updated_at: now,
    });
    record({ chapter: existing.id });
    return;
  }
  const id = randomUUID();
  tracker.track('chapters', id);
  insertChapter(deps.db, {
    id,
    data_room_id: room.id,
    annotator_id: null,
    gold: 1,
    position: listGoldChapters(deps.db, room.id).length,
    title: edit.title ?? chapter.title,
    instruction: edit.instruction ?? chapter.instruction,
    design_notes: edit.designNotes ?? chapter.design_notes,
    created_at: now,
    updated_at: now,
  });
  record({ chapter: id });
  // The chapter comes with its citations, each recorded as accepted so the SME's feedback names each one.
  for (const citation of listChapterCitations(deps.db, chapter.id)) {
    const copy = copyCitation(deps, tracker, citation, id, now);
    record({ chapter: id, citation: copy }, 'citation', { fromItemId: citation.id, label: citationLabel(citation) }, 'accepted');
  }
}

function copyCitation(deps: AnnotateDeps, tracker: ChangeTracker, citation: CitationRow, goldChapterId: string, now: string, lines?: { startLine: number; endLine: number }): string {
  const id = randomUUID();
  tracker.track('citations', id);
  const anchor = lines ? reanchor(deps, citation, lines) : undefined;
  insertCitation(deps.db, {
    ...citation,
    ...anchor,
    id,
    chapter_id: goldChapterId,
    start_char: anchor ? null : citation.start_char,
    end_char: anchor ? null : citation.end_char,
    position: nextCitationPosition(deps.db, goldChapterId),
    created_at: now,
  });
  return id;
}

/** The citation's anchor on other lines of its own source version (whole lines quoted). */
function reanchor(deps: AnnotateDeps, citation: CitationRow, lines: { startLine: number; endLine: number }) {
  if (lines.endLine < lines.startLine) throw new LhbError('bad_request', `Cannot cite lines ${lines.startLine}–${lines.endLine}: the end line is before the start line.`, { field: 'edit' });
  const version = requireSourceVersion(deps.sources, citation.version_id);
  return { ...anchorQuote(deps.sources, version, lines.startLine, lines.endLine), start_line: lines.startLine, end_line: lines.endLine, status: 'ok' as const };
}

function takeCitation({ deps, tracker, now, source, edit, live, record }: CurationStep, into: ChapterRow): void {
  const citation = source.citation!;
  const existing = live ? liveGoldCitation(deps, live) : undefined;
  const lines = edit.startLine !== undefined || edit.endLine !== undefined ? { startLine: edit.startLine ?? (existing ?? citation).start_line, endLine: edit.endLine ?? (existing ?? citation).end_line } : undefined;
  if (existing) {
    tracker.track('citations', existing.id);
    if (lines) {
      const anchor = reanchor(deps, existing, lines);
      updateCitationAnchor(deps.db, existing.id, { version_id: existing.version_id, source_sha256: existing.source_sha256, ...anchor });
    }
    record({ chapter: existing.chapter_id, citation: existing.id });
    return;
  }
  const copy = copyCitation(deps, tracker, citation, into.id, now, lines);
  record({ chapter: into.id, citation: copy });
}

function takeNotes({ deps, tracker, now, room, source, edit, record }: CurationStep, into: ChapterRow | undefined): void {
  const taken = edit.text ?? source.notes ?? '';
  const join = (before: string) => (edit.text !== undefined || before.trim() === '' ? taken : `${before.trimEnd()}\n\n${taken}`);
  if (into) {
    tracker.track('chapters', into.id);
    updateChapterText(deps.db, into.id, { title: into.title, instruction: into.instruction, design_notes: join(into.design_notes), updated_at: now });
    record({ chapter: into.id });
    return;
  }
  const plan = ensureGoldPlanRow(deps, room.id, now, (id) => tracker.track('gold_plans', id));
  tracker.track('gold_plans', plan.id);
  updateGoldPlanNotes(deps.db, plan.id, join(plan.global_notes), now);
  record({});
}

/** Records the item as left out and takes out the gold item it became, if any (a chapter with its citations). */
function dropItem({ deps, tracker, room, source, live, record }: CurationStep): void {
  const chapter = source.kind === 'chapter' && live ? liveGoldChapter(deps, live) : undefined;
  const citation = source.kind === 'citation' && live ? liveGoldCitation(deps, live) : undefined;
  if (chapter) {
    for (const c of listChapterCitations(deps.db, chapter.id)) {
      tracker.track('citations', c.id);
      deleteCitation(deps.db, c.id);
    }
    tracker.track('chapters', chapter.id);
    deleteChapter(deps.db, chapter.id);
    renumberChapters(deps, tracker, listGoldChapters(deps.db, room.id));
  }
  if (citation) {
    tracker.track('citations', citation.id);
    deleteCitation(deps.db, citation.id);
  }
  record({});
}
