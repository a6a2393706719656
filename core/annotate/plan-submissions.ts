import { chapterPlan, ChapterPlanSchema, type ChapterPlan } from '../../schemas/chapter-plan.ts';
import type { PageSpan } from '../../schemas/sources.ts';
import type { PlanApproval, PlanComparison, PlanSubmission } from '../../schemas/plan-review.ts';
import {
  findPlanSubmission,
  listPlanSubmissions as listRows,
  setPlanApproval,
  upsertPlanSubmission,
  type PlanSubmissionRow,
} from '../store/plan-submission-repository.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { AnnotateDeps } from './annotate-deps.ts';
import { nowIso } from './annotate-deps.ts';
import { LhbError } from '../../schemas/lhb-error.ts';
import { quoted } from './quoted.ts';
import { compareChapterPlans } from './compare-chapter-plans.ts';
import { loadDataRoomDetail } from './data-room-detail.ts';
import { findPlan } from './annotator-plans.ts';
import { requireDataRoom } from './require-records.ts';

/** One plan of the data room as it stands (`annotator`'s; absent, the workspace owner's), in the lhb-chapter-plan/1 shape `lhb chapters export` prints. */
export function workingChapterPlan(deps: AnnotateDeps, dataRoomId: string, annotator?: string | null): ChapterPlan {
  const detail = loadDataRoomDetail(deps, dataRoomId, annotator);
  const pages = new Map<string, readonly PageSpan[]>();
  for (const citation of detail.chapters.flatMap((c) => c.citations)) {
    if (!pages.has(citation.versionId)) pages.set(citation.versionId, deps.sources.version(citation.versionId)?.pages ?? []);
  }
  return chapterPlan(detail, pages);
}

/** What a plan says, apart from the room's title: a renamed room is the same plan. */
const content = (plan: ChapterPlan) => JSON.stringify({ global_notes: plan.global_notes, chapters: plan.chapters });

function toSubmission(row: PlanSubmissionRow, working: string): PlanSubmission {
  const plan = ChapterPlanSchema.parse(JSON.parse(row.plan_json));
  return {
    dataRoomId: row.data_room_id,
    annotator: row.annotator,
    submittedAt: row.submitted_at,
    chapterCount: plan.chapters.length,
    citationCount: plan.chapters.reduce((n, c) => n + c.citations.length, 0),
    approval: row.approved_by !== null && row.approved_at !== null ? { by: row.approved_by, at: row.approved_at } : null,
    matchesWorkingPlan: content(plan) === working,
  };
}

/** The plan a submission was taken from: the annotator's own, or the workspace owner's for a name without one. */
function workingPlanOf(deps: AnnotateDeps, dataRoomId: string, annotator: string): string {
  const plan = findPlan(deps, dataRoomId, annotator);
  return content(workingChapterPlan(deps, dataRoomId, plan.annotatorId === undefined ? null : annotator));
}

/** The data room's submitted plans, by annotator, each saying whether that annotator's plan still matches it. */
export function listPlanSubmissions(deps: AnnotateDeps, dataRoomId: string): PlanSubmission[] {
  requireDataRoom(deps.db, dataRoomId);
  return listRows(deps.db, dataRoomId).map((row) => toSubmission(row, workingPlanOf(deps, dataRoomId, row.annotator)));
}

function requireSubmission(deps: AnnotateDeps, dataRoomId: string, annotator: string): PlanSubmissionRow {
  const room = requireDataRoom(deps.db, dataRoomId);
  const row = findPlanSubmission(deps.db, dataRoomId, annotator);
  if (row) return row;
  const names = listRows(deps.db, dataRoomId).map((r) => r.annotator);
  const have = names.length > 0 ? `Plans were submitted by ${names.join(', ')}.` : 'No plan has been submitted there yet.';
  throw new LhbError('not_found', `${annotator} has not submitted a plan for ${quoted(room.title)}. ${have} Submit the plan as ${annotator} first.`);
}

const one = (deps: AnnotateDeps, dataRoomId: string, annotator: string) => toSubmission(requireSubmission(deps, dataRoomId, annotator), workingPlanOf(deps, dataRoomId, annotator));

/**
 * Stores the annotator's own plan of the data room as it is now under their name (a name with no
 * plan of their own submits the workspace owner's plan, as before plans were per annotator),
 * replacing what they submitted before. A replaced plan loses its approval (the reviewer approved other content), and
 * the answer names the approval cleared so the screen and the CLI can say so.
 */
export function submitPlan(deps: AnnotateDeps, input: { dataRoomId: string; annotator: string }): { submission: PlanSubmission; clearedApproval: PlanApproval | null } {
  const own = findPlan(deps, input.dataRoomId, input.annotator).annotatorId !== undefined;
  const plan = workingChapterPlan(deps, input.dataRoomId, own ? input.annotator : null);
  const clearedApproval = writeTransaction(deps.db, () => {
    const before = findPlanSubmission(deps.db, input.dataRoomId, input.annotator);
    upsertPlanSubmission(deps.db, { data_room_id: input.dataRoomId, annotator: input.annotator, plan_json: JSON.stringify(plan), submitted_at: nowIso(deps) });
    return before?.approved_by && before.approved_at ? { by: before.approved_by, at: before.approved_at } : null;
  })();
  return { submission: one(deps, input.dataRoomId, input.annotator), clearedApproval };
}

/** Marks the annotator's submitted plan approved by `reviewer`, now. An approved plan is refused: un-approve it first. */
export function approvePlan(deps: AnnotateDeps, input: { dataRoomId: string; annotator: string; reviewer: string }): PlanSubmission {
  const row = requireSubmission(deps, input.dataRoomId, input.annotator);
  if (row.approved_by) {
    throw new LhbError('conflict', `${row.annotator}'s plan is already approved by ${row.approved_by} (${row.approved_at}). Un-approve it first to approve it again.`);
  }
  setPlanApproval(deps.db, input.dataRoomId, row.annotator, { by: input.reviewer, at: nowIso(deps) });
  return one(deps, input.dataRoomId, row.annotator);
}

/** Takes the approval back; a plan that was not approved stays as it is. */
export function unapprovePlan(deps: AnnotateDeps, input: { dataRoomId: string; annotator: string }): PlanSubmission {
  const row = requireSubmission(deps, input.dataRoomId, input.annotator);
  setPlanApproval(deps.db, input.dataRoomId, row.annotator, null);
  return one(deps, input.dataRoomId, row.annotator);
}

/** Two annotators' submitted plans for one data room, compared chapter by chapter (core/annotate/compare-chapter-plans.ts). */
export function comparePlans(deps: AnnotateDeps, input: { dataRoomId: string; annotatorA: string; annotatorB: string }): PlanComparison {
  const room = requireDataRoom(deps.db, input.dataRoomId);
  const rowA = requireSubmission(deps, input.dataRoomId, input.annotatorA);
  const rowB = requireSubmission(deps, input.dataRoomId, input.annotatorB);
  if (rowA.annotator === rowB.annotator) throw new LhbError('bad_request', `Compare two different annotators' plans; both names are ${rowA.annotator}.`);
  const plan = (row: PlanSubmissionRow) => ChapterPlanSchema.parse(JSON.parse(row.plan_json));
  return {
    dataRoom: { id: room.id, title: room.title },
    a: toSubmission(rowA, workingPlanOf(deps, input.dataRoomId, rowA.annotator)),
    b: toSubmission(rowB, workingPlanOf(deps, input.dataRoomId, rowB.annotator)),
    ...compareChapterPlans(plan(rowA), plan(rowB)),
  };
}
