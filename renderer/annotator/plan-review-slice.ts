import type { StateCreator } from 'zustand';
import type { PlanApproval, PlanComparison, PlanSubmission } from '../../schemas/plan-review.ts';
import type { AnnotatorState } from './annotator-store.ts';
import { errorMessage } from './error-message.ts';

/** The team's submitted plans of the open data room (plans.*), and the last comparison asked for. */
export interface PlanReviewSlice {
  /** The open data room's submitted plans; undefined until loaded. */
  planSubmissions?: { dataRoomId: string; submissions: PlanSubmission[] };
  planComparison?: PlanComparison;
  loadPlanSubmissions(): Promise<void>;
  /** Submits the plan as it is now under `annotator`; resolves with the approval it cleared, if any. */
  submitPlan(annotator: string): Promise<{ submission: PlanSubmission; clearedApproval: PlanApproval | null } | undefined>;
  approvePlan(annotator: string, reviewer: string): Promise<void>;
  unapprovePlan(annotator: string): Promise<void>;
  comparePlans(annotatorA: string, annotatorB: string): Promise<void>;
}

type Slice = StateCreator<AnnotatorState, [], [], PlanReviewSlice>;

export const createPlanReviewSlice: Slice = (set, get) => {
  /** Runs a plans.* call for the open data room; a failure is shown like every other annotator error. */
  const withRoom = async <T>(what: string, work: (dataRoomId: string) => Promise<T>): Promise<T | undefined> => {
    const { client, dataRoom } = get();
    if (!client || !dataRoom) return undefined;
    try {
      return await work(dataRoom.id);
    } catch (error) {
      set({ error: errorMessage(what, error) });
      return undefined;
    }
  };
  const reload = () => get().loadPlanSubmissions();

  return {
    async loadPlanSubmissions() {
      await withRoom('list the submitted plans', async (dataRoomId) => {
        const { submissions } = await get().client!.call('plans.list', { dataRoomId });
        if (get().dataRoom?.id === dataRoomId) set({ planSubmissions: { dataRoomId, submissions } });
      });
    },

    async submitPlan(annotator) {
      const answer = await withRoom('submit the plan', (dataRoomId) => get().client!.call('plans.submit', { dataRoomId, annotator }));
      if (answer) await reload();
      return answer;
    },

    async approvePlan(annotator, reviewer) {
      const done = await withRoom(`approve ${annotator}'s plan`, (dataRoomId) => get().client!.call('plans.approve', { dataRoomId, annotator, reviewer }));
      if (done) {
        await reload();
        get().announce(`Approved ${done.annotator}'s plan as ${reviewer}`);
      }
    },

    async unapprovePlan(annotator) {
      const done = await withRoom(`un-approve ${annotator}'s plan`, (dataRoomId) => get().client!.call('plans.unapprove', { dataRoomId, annotator }));
      if (done) {
        await reload();
        get().announce(`${done.annotator}'s plan is no longer approved`);
      }
    },

    async comparePlans(annotatorA, annotatorB) {
      const comparison = await withRoom('compare the plans', (dataRoomId) => get().client!.call('plans.compare', { dataRoomId, annotatorA, annotatorB }));
      if (comparison) set({ planComparison: comparison });
    },
  };
};
