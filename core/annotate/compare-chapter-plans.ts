import type { ChapterPlan } from '../../schemas/chapter-plan.ts';
import type { ComparedChapter, ComparedSpan, PlanComparison, SpanGroup } from '../../schemas/plan-review.ts';
import { addLineCounts, lineSpanAgreement, lineSpanCounts, NO_LINES, type LineCounts } from '../stats/line-span-agreement.ts';

type PlanChapter = ChapterPlan['chapters'][number];
export type ChapterPair = [a: PlanChapter | undefined, b: PlanChapter | undefined, matchedBy: 'title' | 'position' | null];

/** A title as people mean it: case, spacing, punctuation and `&`/`and` ignored. */
const titleKey = (title: string) =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Pairs two plans' chapters: first by title (in plan order, so repeated titles pair first with
 * first), then the chapters left on each side by their place among the unpaired (a chapter one
 * annotator renamed still meets its counterpart). The result follows A's order, then B's leftovers.
 */
export function pairChapters(a: readonly PlanChapter[], b: readonly PlanChapter[]): ChapterPair[] {
  const partner = new Map<PlanChapter, [PlanChapter, 'title' | 'position']>();
  const taken = new Set<PlanChapter>();
  for (const x of a) {
    const y = b.find((candidate) => !taken.has(candidate) && titleKey(candidate.title) === titleKey(x.title));
    if (y) {
      partner.set(x, [y, 'title']);
      taken.add(y);
    }
  }
  const leftB = b.filter((y) => !taken.has(y));
  for (const x of a.filter((chapter) => !partner.has(chapter))) {
    const y = leftB.shift();
    if (!y) break;
    partner.set(x, [y, 'position']);
    taken.add(y);
  }
  const pairs: ChapterPair[] = a.map((x) => {
    const found = partner.get(x);
    return found ? [x, found[0], found[1]] : [x, undefined, null];
  });
  for (const y of b) if (!taken.has(y)) pairs.push([undefined, y, null]);
  return pairs;
}

const spansOf = (chapter: PlanChapter | undefined): ComparedSpan[] =>
  (chapter?.citations ?? []).map((c) => ({
    ref: c.ref,
    sourceId: c.source_id,
    sourceTitle: c.source_title,
    versionId: c.version_id,
    startLine: c.start_line,
    endLine: c.end_line,
    quote: c.quote,
  }));

const asLines = (spans: readonly ComparedSpan[]) => spans.map((s) => ({ start: s.startLine, end: s.endLine }));

/** Groups one version's spans of both sides into runs that overlap (transitively), in line order. */
function overlapGroups(a: ComparedSpan[], b: ComparedSpan[]): SpanGroup[] {
  const all = [...a.map((span) => ['a', span] as const), ...b.map((span) => ['b', span] as const)].sort(([, x], [, y]) => x.startLine - y.startLine || x.endLine - y.endLine);
  const groups: (SpanGroup & { end: number })[] = [];
  for (const [side, span] of all) {
    const last = groups[groups.length - 1];
    const group = last && span.startLine <= last.end ? last : { a: [], b: [], end: 0 };
    if (group !== last) groups.push(group);
    group[side].push(span);
    group.end = Math.max(group.end, span.endLine);
  }
  return groups.map(({ a: ga, b: gb }) => ({ a: ga, b: gb }));
}

/** Per chapter pair, per source and overall: which spans both plans cited, which only one, and the line-level agreement. */
export function compareChapterPlans(a: ChapterPlan, b: ChapterPlan): Pick<PlanComparison, 'chapters' | 'bySource' | 'overall'> {
  const bySource = new Map<string, { sourceId: string; sourceTitle: string; versionId: string; counts: LineCounts }>();
  let overall = NO_LINES;
  const chapters: ComparedChapter[] = pairChapters(a.chapters, b.chapters).map(([x, y, matchedBy]) => {
    const spansA = spansOf(x);
    const spansB = spansOf(y);
    // Line numbers mean the same text only within one version of one source.
    const versions = [...new Set([...spansA, ...spansB].map((s) => s.versionId))];
    const compared: ComparedChapter = { a: x ? { number: x.number, title: x.title } : null, b: y ? { number: y.number, title: y.title } : null, matchedBy, both: [], onlyA: [], onlyB: [], agreement: lineSpanAgreement(NO_LINES) };
    let chapterCounts = NO_LINES;
    for (const versionId of versions) {
      const inA = spansA.filter((s) => s.versionId === versionId);
      const inB = spansB.filter((s) => s.versionId === versionId);
      for (const group of overlapGroups(inA, inB)) {
        if (group.a.length > 0 && group.b.length > 0) compared.both.push(group);
        else {
          compared.onlyA.push(...group.a);
          compared.onlyB.push(...group.b);
        }
      }
      const counts = lineSpanCounts(asLines(inA), asLines(inB));
      chapterCounts = addLineCounts(chapterCounts, counts);
      const first = inA[0] ?? inB[0]!;
      const source = bySource.get(versionId) ?? { sourceId: first.sourceId, sourceTitle: first.sourceTitle, versionId, counts: NO_LINES };
      source.counts = addLineCounts(source.counts, counts);
      bySource.set(versionId, source);
    }
    overall = addLineCounts(overall, chapterCounts);
    compared.agreement = lineSpanAgreement(chapterCounts);
    return compared;
  });
  return {
    chapters,
    bySource: [...bySource.values()]
      .sort((p, q) => p.sourceTitle.localeCompare(q.sourceTitle) || p.versionId.localeCompare(q.versionId))
      .map(({ counts, ...source }) => ({ ...source, agreement: lineSpanAgreement(counts) })),
    overall: lineSpanAgreement(overall),
  };
}
