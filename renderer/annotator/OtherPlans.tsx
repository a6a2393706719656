import type { OtherPlan } from '../../schemas/annotate.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { planOwnerName } from './plan-annotator-slice.ts';
import { formatLineRange } from './source-labels.ts';

/**
 * The room's other plans, read-only, while its owner shares them: each annotator's chapters with
 * their citations (a citation opens its lines in the document) and notes. Nothing here edits.
 */
export function OtherPlans({ sourceTitles }: { sourceTitles: ReadonlyMap<string, string> }) {
  const plans = useAnnotatorStore((s) => s.dataRoom?.otherPlans);
  const shared = useAnnotatorStore((s) => s.dataRoom?.plansShared ?? false);
  if (!shared || !plans) return null;
  return (
    <section className="other-plans" aria-labelledby="other-plans-title">
      <h3 id="other-plans-title">Other annotators' plans (read-only)</h3>
      {plans.length === 0 ? <p className="muted">No one else has written a plan of this room yet.</p> : plans.map((plan) => <OtherPlanView key={plan.annotator ?? ''} plan={plan} sourceTitles={sourceTitles} />)}
    </section>
  );
}

function OtherPlanView({ plan, sourceTitles }: { plan: OtherPlan; sourceTitles: ReadonlyMap<string, string> }) {
  const name = planOwnerName(plan.annotator);
  return (
    <section className="other-plans__plan" aria-label={`${name}'s plan (read-only)`}>
      <h4>{name}'s plan</h4>
      {plan.chapters.length === 0 ? (
        <p className="muted">No chapters yet.</p>
      ) : (
        <ol aria-label={`${name}'s chapters`}>
          {plan.chapters.map((chapter) => (
            <li key={chapter.id}>
              <strong>{chapter.title}</strong>
              {chapter.instruction && <p className="other-plans__notes">{chapter.instruction}</p>}
              {chapter.designNotes && <p className="other-plans__notes muted">{chapter.designNotes}</p>}
              {chapter.citations.length > 0 && (
                <ul aria-label={`Citations of ${chapter.title}`}>
                  {chapter.citations.map((citation) => (
                    <li key={citation.id}>
                      <button type="button" className="link-button" onClick={() => void useAnnotatorStore.getState().openCitation(citation)}>
                        {sourceTitles.get(citation.sourceId) ?? citation.sourceId}, {formatLineRange(citation.startLine, citation.endLine)}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {plan.globalNotes && (
        <p className="other-plans__notes">
          <span className="muted">Global notes: </span>
          {plan.globalNotes}
        </p>
      )}
    </section>
  );
}
