import { deleteChapter, moveChapter, updateChapter } from '../annotate/chapters.ts';
import { addCitation, removeCitation } from '../annotate/citations.ts';
import { listDataRoomSummaries, loadDataRoomDetail } from '../annotate/data-room-detail.ts';
import { createDataRoom } from '../annotate/data-rooms.ts';
import { exportDataRoom } from '../annotate/export-data-room.ts';
import type { AnnotateDeps } from '../annotate/annotate-deps.ts';
import type { PlanRef } from '../annotate/annotator-plans.ts';
import { curate } from '../annotate/curate.ts';
import { curationFeedback } from '../annotate/curation-feedback.ts';
import { goldKey, loadGoldPlan } from '../annotate/gold-plan.ts';
import { moveGoldChapter } from '../annotate/gold-plan-order.ts';
import { planAgreement } from '../annotate/plan-agreement.ts';
import { redoLastAction, undoLastAction } from '../annotate/undo-redo.ts';
import { approvePlan, comparePlans, listPlanSubmissions, submitPlan, unapprovePlan } from '../annotate/plan-submissions.ts';
import type { ApiContext } from './api-context.ts';
import type { HandlerRegistry } from './handler-registry.ts';
import { loadPlainVersionReader, runAnnotate } from './handlers/annotate-context.ts';
import { annotateRedo } from './handlers/annotate-redo.ts';
import { annotateUndo } from './handlers/annotate-undo.ts';
import { chaptersCreate } from './handlers/chapters-create.ts';
import { dataRoomsUpdate } from './handlers/data-rooms-update.ts';
import { plansInvite } from './handlers/plans-invite.ts';

/** Data rooms, chapters, citations, their undo history, the team's submitted plans and their curation into a gold plan (core/annotate). */
export function registerAnnotateHandlers(registry: HandlerRegistry<ApiContext>): void {
  registry
    .add('dataRooms.list', (_input, ctx) => runAnnotate(ctx, (deps) => ({ dataRooms: listDataRoomSummaries(deps) })))
    .add('dataRooms.create', (input, ctx) => runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, createDataRoom(deps, input))))
    .add('dataRooms.get', (input, ctx) => runAnnotate(ctx, (deps) => loadDataRoomDetail(deps, input.dataRoomId, input.annotator)))
    .add('dataRooms.update', dataRoomsUpdate)
    .add('dataRooms.export', (input, ctx) => runAnnotate(ctx, (deps) => exportDataRoom(deps, input.dataRoomId)))
    .add('chapters.create', chaptersCreate)
    .add('chapters.update', (input, ctx) => runAnnotate(ctx, (deps) => planDetail(deps, updateChapter(deps, input))))
    .add('chapters.move', (input, ctx) => runAnnotate(ctx, (deps) => planDetail(deps, moveChapter(deps, input))))
    .add('chapters.delete', (input, ctx) => runAnnotate(ctx, (deps) => planDetail(deps, deleteChapter(deps, input))))
    .add('chapters.addCitation', async (input, ctx) => {
      // The Markdown parser loads when a selection is first cited by its characters, not at every start of lhb.
      const readPlainLines = input.startChar !== undefined ? (await import('../annotate/plain-lines.ts')).readPlainLines : undefined;
      return runAnnotate(ctx, (deps) => planDetail(deps, addCitation(deps, input, readPlainLines).plan));
    })
    .add('chapters.removeCitation', (input, ctx) => runAnnotate(ctx, (deps) => planDetail(deps, removeCitation(deps, input))))
    .add('annotate.undo', annotateUndo)
    .add('annotate.redo', annotateRedo)
    .add('plans.list', (input, ctx) => runAnnotate(ctx, (deps) => ({ submissions: listPlanSubmissions(deps, input.dataRoomId) })))
    .add('plans.submit', (input, ctx) => runAnnotate(ctx, (deps) => submitPlan(deps, input)))
    .add('plans.approve', (input, ctx) => runAnnotate(ctx, (deps) => approvePlan(deps, input)))
    .add('plans.unapprove', (input, ctx) => runAnnotate(ctx, (deps) => unapprovePlan(deps, input)))
    .add('plans.compare', (input, ctx) => runAnnotate(ctx, (deps) => comparePlans(deps, input)))
    .add('plans.invite', plansInvite)
    .add('plans.gold', (input, ctx) => runAnnotate(ctx, (deps) => loadGoldPlan(deps, input.dataRoomId)))
    .add('plans.curate', (input, ctx) => runAnnotate(ctx, (deps) => curate(deps, input)))
    .add('plans.goldUndo', async (input, ctx) => {
      const plain = await loadPlainVersionReader();
      return runAnnotate(ctx, (deps) => (undoLastAction(deps, goldKey(input.dataRoomId), plain), loadGoldPlan(deps, input.dataRoomId)));
    })
    .add('plans.goldRedo', async (input, ctx) => {
      const plain = await loadPlainVersionReader();
      return runAnnotate(ctx, (deps) => (redoLastAction(deps, goldKey(input.dataRoomId), plain), loadGoldPlan(deps, input.dataRoomId)));
    })
    .add('plans.goldMove', (input, ctx) => runAnnotate(ctx, (deps) => moveGoldChapter(deps, input)))
    .add('plans.agreement', (input, ctx) => runAnnotate(ctx, (deps) => planAgreement(deps, input)))
    .add('plans.feedback', (input, ctx) => runAnnotate(ctx, (deps) => curationFeedback(deps, input)));
}

/** The data room as the plan an edit touched shows it. */
const planDetail = (deps: AnnotateDeps, plan: PlanRef) => loadDataRoomDetail(deps, plan.dataRoomId, plan.annotator);
