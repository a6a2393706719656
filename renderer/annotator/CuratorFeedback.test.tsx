import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CurationFeedback, FeedbackItem } from '../../schemas/gold-plan.ts';
import { FeedbackBody } from './CuratorFeedback.tsx';
import { feedbackGroups, feedbackSummary } from './curator-feedback-groups.ts';

const item = (kind: FeedbackItem['kind'], itemId: string, label: string, verdict: FeedbackItem['verdict'], extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  kind,
  itemId,
  label,
  chapterTitle: kind === 'chapter' || kind === 'globalNotes' ? null : 'Charts',
  verdict,
  goldLabel: null,
  curatorNote: '',
  ...extra,
});

const feedback: CurationFeedback = {
  dataRoom: { id: 'r1', title: 'Course' },
  annotator: 'Ben',
  items: [
    item('globalNotes', 'p1', 'Ben thinks in charts.', 'pending'),
    item('chapter', 'c1', 'Charts', 'kept'),
    item('citation', 'x1', 's1:3--5 “Line 3”', 'kept'),
    item('citation', 'x2', 's1:10--12 “Line 10”', 'changed', { goldLabel: 's1:10--11 “Line 10”', curatorNote: 'Line 12 is about tables.' }),
    item('chapter', 'c2', 'Tables', 'dropped', { curatorNote: 'Out of scope.' }),
  ],
  counts: { kept: 2, changed: 1, dropped: 1, pending: 1 },
};

describe("the curator's feedback on an SME's plan", () => {
  it('reads as the plan does: global notes, then each chapter with its citations', () => {
    const groups = feedbackGroups(feedback);
    expect(groups.globalNotes?.label).toBe('Ben thinks in charts.');
    expect(groups.chapters.map((c) => [c.chapter.label, c.items.map((i) => i.itemId)])).toEqual([
      ['Charts', ['x1', 'x2']],
      ['Tables', []],
    ]);
    expect(feedbackSummary(feedback.counts)).toBe('Kept 2 · Changed 1 · Dropped 1 · Not curated yet 1');
    expect(feedbackSummary({ kept: 0, changed: 0, dropped: 0, pending: 0 })).toBe('Your plan has nothing to curate yet.');
  });

  it('shows a changed item as it was and as the gold plan has it, each verdict in words, and the notes', () => {
    const text = renderToStaticMarkup(<FeedbackBody feedback={feedback} />)
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    expect(text).toContain('Changed Citation from s1:10--12 “Line 10” → to s1:10--11 “Line 10” Curator\'s note: Line 12 is about tables.');
    expect(text).toContain("Dropped Chapter Tables Curator's note: Out of scope.");
    expect(text).toContain('Kept Chapter Charts');
    expect(text).toContain('Not curated yet Global notes Ben thinks in charts.');
  });
});
