import { describe, expect, it } from 'vitest';
import type { PlanAgreement } from '../../schemas/gold-plan.ts';
import { chapter, citation } from './chapter-fixtures.fixture.ts';
import { chaptersInFocus, planMarkOf, planMarksAtLine, planSpans, type CuratedPlan, type PlanId } from './curation-spans.ts';

const none = { a: 0, b: 0, both: 0, either: 0, jaccard: null, dice: null };
const plan = (id: PlanId, index: number, chapters: CuratedPlan['chapters']): CuratedPlan => ({ id, mark: planMarkOf(id, index), chapters, globalNotes: '' });
const ana = plan({ gold: false, annotator: 'Ana' }, 0, [chapter('a1', 'Setup', [citation('c1', 'v1', 3, 5)]), chapter('a2', 'Backup', [citation('c2', 'v1', 20, 22)])]);
const bo = plan({ gold: false, annotator: 'Bo' }, 1, [chapter('b1', 'Getting started', [citation('c3', 'v1', 4, 7), citation('c4', 'v2', 1, 2), citation('c5', 'v1', 40, 40, 'orphaned')])]);
const gold = plan({ gold: true }, 0, [chapter('g1', 'Setup', [citation('c6', 'v1', 3, 5)])]);
// plans.agreement paired Ana's "Setup" with Bo's "Getting started" (by their lines), and with the gold "Setup".
const agreement = {
  pairs: [
    { a: { annotator: 'Ana', gold: false }, b: { annotator: 'Bo', gold: false }, chapters: [{ a: 'Setup', b: 'Getting started', agreement: none }, { a: 'Backup', b: null, agreement: none }], overall: none },
    { a: { annotator: 'Ana', gold: false }, b: { annotator: null, gold: true }, chapters: [{ a: 'Setup', b: 'Setup', agreement: none }], overall: none },
    { a: { annotator: 'Bo', gold: false }, b: { annotator: null, gold: true }, chapters: [{ a: 'Getting started', b: 'Setup', agreement: none }], overall: none },
  ],
} as unknown as PlanAgreement;

describe('every plan’s spans for the chapter in focus', () => {
  it('letters annotators’ plans A, B… and the gold plan G, each with its own tone', () => {
    expect([ana.mark, bo.mark, gold.mark].map((m) => [m.letter, m.tone, m.name])).toEqual([['A', 0, 'Ana'], ['B', 1, 'Bo'], ['G', 'gold', 'Gold plan']]);
    expect(planMarkOf({ gold: false, annotator: null }, 6)).toMatchObject({ letter: 'H', tone: 0, name: 'Workspace owner' });
  });

  it('finds each plan’s counterpart of the focused chapter as agreement paired them, from any plan', () => {
    const fromBo = chaptersInFocus([ana, bo, gold], agreement, { plan: bo.id, chapterId: 'b1' });
    expect(fromBo.map((e) => [e.plan.mark.letter, e.chapter.id])).toEqual([['A', 'a1'], ['B', 'b1'], ['G', 'g1']]);
    // Ana's "Backup" has no counterpart: only her own chapter is in focus.
    expect(chaptersInFocus([ana, bo, gold], agreement, { plan: ana.id, chapterId: 'a2' }).map((e) => e.chapter.id)).toEqual(['a2']);
  });

  it('shows the open version’s spans only, orphaned ones left out, and names the plans citing a line in plan order', () => {
    const spans = planSpans(chaptersInFocus([ana, bo, gold], agreement, { plan: ana.id, chapterId: 'a1' }), 'v1');
    expect(spans.map((s) => [s.mark.letter, s.startLine, s.endLine])).toEqual([['A', 3, 5], ['G', 3, 5], ['B', 4, 7]]);
    const order = [ana.mark, bo.mark, gold.mark];
    expect(planMarksAtLine(spans, 2, order)).toEqual([]);
    expect(planMarksAtLine(spans, 4, order).map((m) => m.letter)).toEqual(['A', 'B', 'G']);
    expect(planMarksAtLine(spans, 7, order).map((m) => m.letter)).toEqual(['B']);
  });
});
