import type { CurationFeedback, FeedbackItem } from '../../schemas/gold-plan.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { findAnnotatorPlan } from '../store/annotator-plan-repository.ts';
import { listChapters, type ChapterRow } from '../store/chapter-repository.ts';
import { listChapterCitations } from '../store/citation-repository.ts';
import { findGoldPlan, listProvenanceOfItem, type GoldItemKind } from '../store/gold-plan-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { findPlan, planGlobalNotes } from './annotator-plans.ts';
import { citationLabel } from './curate.ts';
import { liveGoldChapter, liveGoldCitation } from './gold-plan.ts';
import { quoted } from './quoted.ts';
import { requireDataRoom } from './require-records.ts';

type Verdict = Pick<FeedbackItem, 'verdict' | 'goldLabel' | 'curatorNote'>;

/**
 * What the curator did with one item of the SME's plan, from the newest decision on it: kept
 * (accepted as written and still in the gold plan), changed (edited into it), dropped (left out,
 * or taken out of the gold plan since), or pending (not curated yet). The note is the curator's
 * newest word on the item.
 */
function verdictOf(deps: AnnotateDeps, dataRoomId: string, itemId: string, kind: GoldItemKind, goldText: () => string | null): Verdict {
  const decisions = listProvenanceOfItem(deps.db, itemId).filter((row) => row.data_room_id === dataRoomId && row.kind === kind);
  const last = decisions.at(-1);
  const curatorNote = [...decisions].reverse().find((row) => row.curator_note !== '')?.curator_note ?? '';
  if (!last) return { verdict: 'pending', goldLabel: null, curatorNote };
  if (last.action === 'dropped') return { verdict: 'dropped', goldLabel: null, curatorNote };
  if (kind === 'chapter') {
    const gold = liveGoldChapter(deps, last);
    if (!gold) return { verdict: 'dropped', goldLabel: null, curatorNote };
    return last.action === 'edited' ? { verdict: 'changed', goldLabel: gold.title, curatorNote } : { verdict: 'kept', goldLabel: null, curatorNote };
  }
  if (kind === 'citation') {
    const gold = liveGoldCitation(deps, last);
    if (!gold) return { verdict: 'dropped', goldLabel: null, curatorNote };
    return last.action === 'edited' ? { verdict: 'changed', goldLabel: citationLabel(gold), curatorNote } : { verdict: 'kept', goldLabel: null, curatorNote };
  }
  return last.action === 'edited' ? { verdict: 'changed', goldLabel: goldText(), curatorNote } : { verdict: 'kept', goldLabel: null, curatorNote };
}

function chapterItems(deps: AnnotateDeps, dataRoomId: string, chapter: ChapterRow): FeedbackItem[] {
  const items: FeedbackItem[] = [{ kind: 'chapter', itemId: chapter.id, label: chapter.title, chapterTitle: null, ...verdictOf(deps, dataRoomId, chapter.id, 'chapter', () => null) }];
  if (chapter.design_notes.trim() !== '') {
    const goldNotes = () => {
      const last = listProvenanceOfItem(deps.db, chapter.id).filter((row) => row.kind === 'note').at(-1);
      return last ? (liveGoldChapter(deps, last)?.design_notes ?? null) : null;
    };
    items.push({ kind: 'chapterNotes', itemId: chapter.id, label: chapter.design_notes, chapterTitle: chapter.title, ...verdictOf(deps, dataRoomId, chapter.id, 'note', goldNotes) });
  }
  for (const citation of listChapterCitations(deps.db, chapter.id)) {
    items.push({ kind: 'citation', itemId: citation.id, label: citationLabel(citation), chapterTitle: chapter.title, ...verdictOf(deps, dataRoomId, citation.id, 'citation', () => null) });
  }
  return items;
}

/** For one SME (a name; absent: the workspace owner): each item of their plan and what the curator kept, changed or dropped, with the curator's notes. */
export function curationFeedback(deps: AnnotateDeps, input: { dataRoomId: string; annotator?: string | null | undefined }): CurationFeedback {
  const room = requireDataRoom(deps.db, input.dataRoomId);
  const plan = findPlan(deps, room.id, input.annotator);
  if (plan.annotatorId === undefined) throw new LhbError('not_found', `${plan.annotator ?? 'That annotator'} has no plan in ${quoted(room.title)}, so there is no feedback on one.`, { field: 'annotator' });
  const items = listChapters(deps.db, room.id, plan.annotatorId).flatMap((chapter) => chapterItems(deps, room.id, chapter));
  const notes = planGlobalNotes(deps, room, plan.annotatorId);
  if (notes.trim() !== '') {
    const itemId = plan.annotatorId === null ? room.id : (findAnnotatorPlan(deps.db, room.id, plan.annotatorId)?.id ?? plan.annotatorId);
    items.unshift({ kind: 'globalNotes', itemId, label: notes, chapterTitle: null, ...verdictOf(deps, room.id, itemId, 'note', () => findGoldPlan(deps.db, room.id)?.global_notes ?? null) });
  }
  const counts = { kept: 0, changed: 0, dropped: 0, pending: 0 };
  for (const item of items) counts[item.verdict] += 1;
  return { dataRoom: { id: room.id, title: room.title }, annotator: plan.annotator, items, counts };
}
