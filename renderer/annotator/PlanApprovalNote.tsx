import { useEffect } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { dateTimeText } from '../ui/date-time-text.ts';


/**
 * Shown on the plan while one of the data room's submitted plans is approved: which, by whom and
 * when, and (once the plan on screen no longer matches it) that edits since are not in it.
 */
export function PlanApprovalNote() {
  const dataRoom = useAnnotatorStore((s) => s.dataRoom);
  const planSubmissions = useAnnotatorStore((s) => s.planSubmissions);
  // Every edit answers with a new data room state: ask again whether the plan still matches.
  useEffect(() => {
    if (dataRoom) void useAnnotatorStore.getState().loadPlanSubmissions();
  }, [dataRoom]);
  if (!dataRoom || planSubmissions?.dataRoomId !== dataRoom.id) return null;
  const approved = planSubmissions.submissions.filter((s) => s.approval !== null);
  if (approved.length === 0) return null;
  return (
    <div className="plan-approval" role="status" aria-label="Plan approval">
      {approved.map(({ annotator, approval, matchesWorkingPlan }) => (
        <p key={annotator} className={matchesWorkingPlan ? 'plan-approval__ok' : 'plan-approval__stale'}>
          {matchesWorkingPlan
            ? `✓ This is ${annotator}’s plan, approved by ${approval!.by} on ${dateTimeText(approval!.at)}.`
            : `Edited since ${annotator}’s plan was approved by ${approval!.by} on ${dateTimeText(approval!.at)}: the approved plan does not have these edits. Submit it again to replace it (that clears the approval).`}
        </p>
      ))}
    </div>
  );
}
