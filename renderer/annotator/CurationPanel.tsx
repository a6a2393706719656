import { useEffect, useMemo } from 'react';
import { useAnnotatorStore } from './annotator-store.ts';
import { CurationAgreement } from './CurationAgreement.tsx';
import { CurationPlanColumn } from './CurationPlanColumn.tsx';
import { goldAsPlan } from './curation-slice.ts';
import { samePlan } from './curation-spans.ts';
import { GoldPlanColumn } from './GoldPlanColumn.tsx';

/**
 * Curate mode's panel, for the room's owner: every annotator's plan side by side with Accept,
 * Edit and Drop on each chapter, citation and note; the gold plan being built beside them, each
 * item saying where it came from; the note the annotator will read with the next decision; and
 * agreement per chapter. Undo and Redo (the bar's, and Ctrl+Z) are the gold plan's here.
 */
export function CurationPanel() {
  const dataRoomId = useAnnotatorStore((s) => s.dataRoom?.id);
  const sources = useAnnotatorStore((s) => s.dataRoom?.sources);
  const curation = useAnnotatorStore((s) => s.curation);
  const focus = useAnnotatorStore((s) => s.curationFocus);
  const note = useAnnotatorStore((s) => s.curatorNote);
  const into = useAnnotatorStore((s) => s.goldInto);
  const { loadCuration, setCuratorNote, setGoldInto } = useAnnotatorStore.getState();
  useEffect(() => {
    if (dataRoomId) void loadCuration();
  }, [dataRoomId, loadCuration]);
  const sourceTitles = useMemo(() => new Map((sources ?? []).map((s) => [s.id, s.title])), [sources]);
  const current = curation?.dataRoomId === dataRoomId ? curation : undefined;
  const focusedTitle = useMemo(() => {
    if (!current || !focus) return undefined;
    const plan = [...current.plans, goldAsPlan(current.gold)].find((p) => samePlan(p.id, focus.plan));
    const title = plan?.chapters.find((c) => c.id === focus.chapterId)?.title;
    return title === undefined ? undefined : { plan: focus.plan, title };
  }, [current, focus]);

  return (
    <section className="panel panel--curation" aria-labelledby="curation-title">
      <header className="panel__header">
        <h2 id="curation-title">Curate the gold plan</h2>
        <button type="button" onClick={() => void loadCuration()}>
          Reload plans
        </button>
      </header>
      <div className="curation-scroll">
        <div className="curation-options">
          <label>
            Note to the annotator, sent with your next decision
            <textarea value={note} rows={2} onChange={(e) => setCuratorNote(e.target.value)} placeholder="Why you kept, changed or dropped it (they read this in their feedback)" />
          </label>
          <label>
            Citations and notes go into
            <select value={into ?? ''} onChange={(e) => setGoldInto(e.target.value || undefined)}>
              <option value="">the gold chapter made from their own chapter</option>
              {current?.gold.chapters.map((c, i) => (
                <option key={c.id} value={c.id}>
                  gold chapter {i + 1}. {c.title}
                </option>
              ))}
            </select>
          </label>
        </div>
        {!current ? (
          <p className="muted">Loading the room's plans…</p>
        ) : current.plans.length === 0 ? (
          <p className="muted">No one has written a plan of this room yet. Invite SMEs, or annotate as someone, then curate their plans here.</p>
        ) : (
          <>
            <div className="curation-columns">
              {current.plans.map((plan) => (
                <CurationPlanColumn key={plan.mark.key} plan={plan} gold={current.gold} sourceTitles={sourceTitles} />
              ))}
              <GoldPlanColumn gold={current.gold} sourceTitles={sourceTitles} />
            </div>
            <CurationAgreement curation={current} focusedTitle={focusedTitle} />
          </>
        )}
      </div>
    </section>
  );
}
