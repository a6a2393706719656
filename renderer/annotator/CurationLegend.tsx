import { useMemo } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { goldAsPlan } from './curation-slice.ts';
import { chaptersInFocus, planSpans, type CuratedPlan, type PlanSpan } from './curation-spans.ts';
import { PlanBadge } from './CurationPlanColumn.tsx';

/** In Curate mode, the focused chapter's counterpart in every plan and the spans each cites in the open version (empty otherwise). */
export function useCurationSpans(versionId: string | undefined): { plans: CuratedPlan[]; inFocus: ReturnType<typeof chaptersInFocus>; spans: PlanSpan[] } {
  const curating = useAnnotatorStore((s) => s.curating);
  const curation = useAnnotatorStore((s) => s.curation);
  const focus = useAnnotatorStore((s) => s.curationFocus);
  return useMemo(() => {
    if (!curating || !curation || !focus || versionId === undefined) return { plans: [], inFocus: [], spans: [] };
    const plans = [...curation.plans, goldAsPlan(curation.gold)];
    const inFocus = chaptersInFocus(plans, curation.agreement, focus);
    return { plans, inFocus, spans: planSpans(inFocus, versionId) };
  }, [curating, curation, focus, versionId]);
}

/**
 * What the document's plan marks mean: each plan's letter and tone, its chapter for the one in
 * focus and how many of its spans are in this version. Letters tell the plans apart without colour.
 */
export function CurationLegend({ versionId }: { versionId: string }) {
  const curating = useAnnotatorStore((s) => s.curating);
  const focusedId = useAnnotatorStore((s) => s.curationFocus?.chapterId);
  const { plans, inFocus, spans } = useCurationSpans(versionId);
  if (!curating) return null;
  if (inFocus.length === 0) return <p className="doc-note curation-legend">Choose a chapter in a plan to see every plan's spans for it here.</p>;
  const focused = inFocus.find((entry) => entry.chapter.id === focusedId) ?? inFocus[0]!;
  return (
    <div className="doc-note curation-legend" role="group" aria-label="Plans' spans in this document">
      <span>Spans for “{focused.chapter.title}”:</span>
      <ul>
        {plans.map((plan) => {
          const chapter = inFocus.find((entry) => entry.plan === plan)?.chapter;
          const count = spans.filter((s) => s.mark.key === plan.mark.key).length;
          return (
            <li key={plan.mark.key}>
              <PlanBadge mark={plan.mark} /> {plan.mark.name}: {chapter ? `“${chapter.title}”, ${count} ${count === 1 ? 'span' : 'spans'} here` : 'no chapter paired'}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
