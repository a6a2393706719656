import { findAnnotator } from '../store/annotator-repository.ts';
import { listGoldChapters } from '../store/chapter-repository.ts';
import { listChapterCitations } from '../store/citation-repository.ts';
import { listGoldProvenance, type GoldProvenanceRow } from '../store/gold-plan-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';

/** How many of the gold plan's items came from one plan, and how many of those the curator edited. */
export interface GoldOrigin {
  /** Whose plan; null: the workspace owner's. */
  annotator: string | null;
  chapters: number;
  citations: number;
  /** Notes taken (a chapter's design notes, a plan's global notes), each counted once however often it was taken. */
  notes: number;
  edited: number;
}

/**
 * Where the room's gold plan, as it is now, came from: each gold chapter and citation is counted
 * for the plan whose item made it, and each plan's notes the gold plan holds; items the curator
 * dropped, or took out again since, count for nobody. Plans in name order, the owner's first.
 */
export function goldOrigins(deps: AnnotateDeps, dataRoomId: string): GoldOrigin[] {
  const decisions = listGoldProvenance(deps.db, dataRoomId).filter((row) => row.action !== 'dropped');
  const byPlan = new Map<string | null, GoldOrigin>();
  const count = (made: GoldProvenanceRow[], what: 'chapters' | 'citations' | 'notes') => {
    const first = made[0];
    if (!first) return;
    const origin = byPlan.get(first.from_annotator_id) ?? { annotator: first.from_annotator_id, chapters: 0, citations: 0, notes: 0, edited: 0 };
    origin[what] += 1;
    if (made.some((row) => row.action === 'edited')) origin.edited += 1;
    byPlan.set(first.from_annotator_id, origin);
  };
  const liveChapters = new Set<string>();
  for (const chapter of listGoldChapters(deps.db, dataRoomId)) {
    liveChapters.add(chapter.id);
    count(decisions.filter((row) => row.kind === 'chapter' && row.gold_chapter_id === chapter.id), 'chapters');
    for (const citation of listChapterCitations(deps.db, chapter.id)) count(decisions.filter((row) => row.kind === 'citation' && row.gold_citation_id === citation.id), 'citations');
  }
  const notes = decisions.filter((row) => row.kind === 'note' && (row.gold_chapter_id === null || liveChapters.has(row.gold_chapter_id)));
  for (const itemId of new Set(notes.map((row) => row.from_item_id))) count(notes.filter((row) => row.from_item_id === itemId), 'notes');
  const named = [...byPlan.values()].map((origin) => ({ ...origin, annotator: origin.annotator === null ? null : (findAnnotator(deps.db, origin.annotator)?.name ?? origin.annotator) }));
  return named.sort((a, b) => (a.annotator === null ? -1 : b.annotator === null ? 1 : a.annotator.localeCompare(b.annotator)));
}
