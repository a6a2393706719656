import type { Chapter } from '../../schemas/annotate.ts';
import type { PlanAgreement } from '../../schemas/gold-plan.ts';

/** Which plan: an annotator's (null: the workspace owner's) or the room's gold plan. */
export type PlanId = { gold: true } | { gold: false; annotator: string | null };

/** How a plan is told apart on screen: a letter (the cue that is not colour), a tone (colour and border style) and its name. */
export interface PlanMark {
  key: string;
  letter: string;
  /** 0–5 for annotators' plans (a tone each, repeating past six), 'gold' for the gold plan. */
  tone: number | 'gold';
  name: string;
}

/** A plan as the curation view holds it. */
export interface CuratedPlan {
  id: PlanId;
  mark: PlanMark;
  chapters: readonly Chapter[];
  globalNotes: string;
}

/** A span one plan's chapter cites in the open version. */
export interface PlanSpan {
  mark: PlanMark;
  startLine: number;
  endLine: number;
}

const LETTERS = 'ABCDEFHIJKLMNOPQRSTUVWXYZ'; // G is the gold plan's
const TONES = 6;

export const planKey = (id: PlanId) => (id.gold ? 'gold' : `plan:${id.annotator ?? ''}`);
export const samePlan = (a: PlanId, b: PlanId) => planKey(a) === planKey(b);

/** The annotators' plans lettered A, B, C… in the order given, the gold plan G. */
export function planMarkOf(id: PlanId, index: number): PlanMark {
  if (id.gold) return { key: planKey(id), letter: 'G', tone: 'gold', name: 'Gold plan' };
  return { key: planKey(id), letter: LETTERS[index % LETTERS.length]!, tone: index % TONES, name: id.annotator ?? 'Workspace owner' };
}

const labelMatches = (label: { annotator: string | null; gold: boolean }, id: PlanId) => (id.gold ? label.gold : !label.gold && label.annotator === id.annotator);

/**
 * The chapter of `other` that agreement pairs with `title` of `from` (plans.agreement pairs
 * chapters as `plans compare` does: by title, then by the lines they cite); undefined when unpaired.
 */
export function pairedChapterTitle(agreement: PlanAgreement, from: PlanId, title: string, other: PlanId): string | undefined {
  for (const pair of agreement.pairs) {
    if (labelMatches(pair.a, from) && labelMatches(pair.b, other)) return pair.chapters.find((c) => c.a === title)?.b ?? undefined;
    if (labelMatches(pair.b, from) && labelMatches(pair.a, other)) return pair.chapters.find((c) => c.b === title)?.a ?? undefined;
  }
  return undefined;
}

/** For the chapter in focus: each plan's chapter that stands for it (the focused one itself, the others paired with it). */
export function chaptersInFocus(plans: readonly CuratedPlan[], agreement: PlanAgreement, focus: { plan: PlanId; chapterId: string }): { plan: CuratedPlan; chapter: Chapter }[] {
  const home = plans.find((p) => samePlan(p.id, focus.plan));
  const focused = home?.chapters.find((c) => c.id === focus.chapterId);
  if (!home || !focused) return [];
  return plans.flatMap((plan) => {
    if (plan === home) return [{ plan, chapter: focused }];
    const title = pairedChapterTitle(agreement, home.id, focused.title, plan.id);
    const chapter = title === undefined ? undefined : plan.chapters.find((c) => c.title === title);
    return chapter ? [{ plan, chapter }] : [];
  });
}

/** Every span the focused chapter's counterparts cite in `versionId`, in line order. */
export function planSpans(inFocus: readonly { plan: CuratedPlan; chapter: Chapter }[], versionId: string): PlanSpan[] {
  return inFocus
    .flatMap(({ plan, chapter }) => chapter.citations.filter((c) => c.versionId === versionId && c.status !== 'orphaned').map((c) => ({ mark: plan.mark, startLine: c.startLine, endLine: c.endLine })))
    .sort((a, b) => a.startLine - b.startLine || a.endLine - b.endLine);
}

export const NO_MARKS: readonly PlanMark[] = [];

/** The plans citing `line`, each once, in the order the plans are listed. */
export function planMarksAtLine(spans: readonly PlanSpan[], line: number, order: readonly PlanMark[]): readonly PlanMark[] {
  const found = new Set<string>();
  for (const span of spans) {
    if (span.startLine > line) break;
    if (span.endLine >= line) found.add(span.mark.key);
  }
  return found.size === 0 ? NO_MARKS : order.filter((mark) => found.has(mark.key));
}
