import type { CurationFeedback, FeedbackItem } from '../../schemas/gold-plan.ts';

/** One chapter of the SME's plan with what the curator did to its notes and citations. */
export interface FeedbackChapter {
  chapter: FeedbackItem;
  items: FeedbackItem[];
}

export interface FeedbackGroups {
  /** The plan's global notes, when it has any. */
  globalNotes: FeedbackItem | undefined;
  chapters: FeedbackChapter[];
}

/** The verdicts in the words the SME reads. */
export const VERDICT_WORDS: Record<FeedbackItem['verdict'], string> = {
  kept: 'Kept',
  changed: 'Changed',
  dropped: 'Dropped',
  pending: 'Not curated yet',
};

/** What kind of item it is, in words: "Citation", "Chapter notes", "Global notes". */
export const KIND_WORDS: Record<FeedbackItem['kind'], string> = {
  chapter: 'Chapter',
  citation: 'Citation',
  chapterNotes: 'Chapter notes',
  globalNotes: 'Global notes',
};

/**
 * The feedback's items as the SME's plan reads: its global notes, then each chapter with its
 * notes and citations. The server lists a chapter's items right after the chapter, in plan order.
 */
export function feedbackGroups(feedback: CurationFeedback): FeedbackGroups {
  let globalNotes: FeedbackItem | undefined;
  const chapters: FeedbackChapter[] = [];
  for (const item of feedback.items) {
    if (item.kind === 'globalNotes') globalNotes = item;
    else if (item.kind === 'chapter') chapters.push({ chapter: item, items: [] });
    else chapters.at(-1)?.items.push(item);
  }
  return { globalNotes, chapters };
}

/** "Kept 2 · Changed 1 · Dropped 1 · Not curated yet 3", leaving out verdicts with none. */
export function feedbackSummary(counts: CurationFeedback['counts']): string {
  const parts = (Object.keys(VERDICT_WORDS) as FeedbackItem['verdict'][]).filter((verdict) => counts[verdict] > 0).map((verdict) => `${VERDICT_WORDS[verdict]} ${counts[verdict]}`);
  return parts.length === 0 ? 'Your plan has nothing to curate yet.' : parts.join(' · ');
}
