import { chapterPlan, type ChapterPlan } from '../../schemas/chapter-plan.ts';
import type { PlanAgreement } from '../../schemas/gold-plan.ts';
import { findAnnotator } from '../store/annotator-repository.ts';
import { listAnnotatorPlans } from '../store/annotator-plan-repository.ts';
import { listChapterAnnotators } from '../store/chapter-repository.ts';
import { findGoldPlan } from '../store/gold-plan-repository.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { compareChapterPlans } from './compare-chapter-plans.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { goldChapters } from './gold-plan.ts';
import { workingChapterPlan } from './plan-submissions.ts';
import { requireDataRoom } from './require-records.ts';

export interface RoomPlan {
  annotator: string | null;
  gold: boolean;
  plan: ChapterPlan;
}

const hasContent = (plan: ChapterPlan) => plan.chapters.length > 0 || plan.global_notes.trim() !== '';

/**
 * Every plan of the room that holds something, as lhb-chapter-plan/1: the workspace owner's, each
 * annotator's (by name), and the gold plan last. What curation, agreement and the dataset read.
 */
export function roomPlans(deps: AnnotateDeps, dataRoomId: string): RoomPlan[] {
  const room = requireDataRoom(deps.db, dataRoomId);
  const ids = [...new Set([...listChapterAnnotators(deps.db, room.id), ...listAnnotatorPlans(deps.db, room.id).map((row) => row.annotator_id)])];
  const names = ids.map((id) => findAnnotator(deps.db, id)?.name ?? id).sort((a, b) => a.localeCompare(b));
  const plans: RoomPlan[] = [{ annotator: null, gold: false, plan: workingChapterPlan(deps, room.id, null) }, ...names.map((name) => ({ annotator: name, gold: false, plan: workingChapterPlan(deps, room.id, name) }))];
  const gold = goldChapterPlan(deps, room.id);
  if (gold) plans.push({ annotator: null, gold: true, plan: gold });
  return plans.filter((entry) => hasContent(entry.plan));
}

/** The gold plan in the lhb-chapter-plan/1 shape; undefined before anything is curated. */
export function goldChapterPlan(deps: AnnotateDeps, dataRoomId: string): ChapterPlan | undefined {
  const chapters = goldChapters(deps, dataRoomId);
  const notes = findGoldPlan(deps.db, dataRoomId)?.global_notes ?? '';
  if (chapters.length === 0 && notes.trim() === '') return undefined;
  const detail = { ...loadDataRoomDetail(deps, dataRoomId, null), chapters, globalNotes: notes };
  const pages = new Map(chapters.flatMap((c) => c.citations).map((c) => [c.versionId, deps.sources.version(c.versionId)?.pages ?? []] as const));
  return chapterPlan(detail, pages);
}

const citationCount = (plan: ChapterPlan) => plan.chapters.reduce((n, c) => n + c.citations.length, 0);

/** Line-span agreement (Jaccard, Dice) between each pair of the room's plans, chapter by chapter, and the room's mean over annotators' pairs. */
export function planAgreement(deps: AnnotateDeps, input: { dataRoomId: string }): PlanAgreement {
  const room = requireDataRoom(deps.db, input.dataRoomId);
  const plans = roomPlans(deps, room.id);
  const label = (p: RoomPlan) => ({ annotator: p.annotator, gold: p.gold });
  const pairs: PlanAgreement['pairs'] = [];
  for (let i = 0; i < plans.length; i++) {
    for (let j = i + 1; j < plans.length; j++) {
      const [a, b] = [plans[i]!, plans[j]!];
      const compared = compareChapterPlans(a.plan, b.plan);
      pairs.push({
        a: label(a),
        b: label(b),
        chapters: compared.chapters.map((c) => ({ a: c.a?.title ?? null, b: c.b?.title ?? null, agreement: c.agreement })),
        overall: compared.overall,
      });
    }
  }
  const scored = pairs.filter((pair) => !pair.a.gold && !pair.b.gold && pair.overall.jaccard !== null);
  const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length);
  return {
    dataRoom: { id: room.id, title: room.title },
    plans: plans.map((p) => ({ ...label(p), chapterCount: p.plan.chapters.length, citationCount: citationCount(p.plan) })),
    pairs,
    room: { jaccard: mean(scored.map((p) => p.overall.jaccard!)), dice: mean(scored.map((p) => p.overall.dice!)), pairs: scored.length },
  };
}
