import type { GoldPlan, GoldProvenance } from '../../schemas/gold-plan.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { goldAsPlan } from './curation-slice.ts';
import { samePlan } from './curation-spans.ts';
import { CitationPlace, PlanBadge } from './CurationPlanColumn.tsx';

const fromWhom = (p: GoldProvenance) => p.fromAnnotator ?? 'Workspace owner';

/** Where a gold item came from, in words: "Accepted from Ana", "Edited in from Bo: “note”". */
function Origin({ decision }: { decision: GoldProvenance | undefined }) {
  if (!decision) return null;
  const verb = decision.action === 'edited' ? 'Edited in from' : 'Accepted from';
  return (
    <span className="gold-origin">
      {verb} {fromWhom(decision)}
      {decision.curatorNote && <> · “{decision.curatorNote}”</>}
    </span>
  );
}

/**
 * The gold plan being built: its chapters in order (Move up / Move down), each item saying where
 * it came from, its global notes, and what the curator left out.
 */
export function GoldPlanColumn({ gold, sourceTitles }: { gold: GoldPlan; sourceTitles: ReadonlyMap<string, string> }) {
  const focus = useAnnotatorStore((s) => s.curationFocus);
  const { focusCuration, moveGoldChapter } = useAnnotatorStore.getState();
  const plan = goldAsPlan(gold);
  const kept = gold.provenance.filter((p) => p.action !== 'dropped');
  const chapterOrigin = (id: string) => kept.findLast((p) => p.kind === 'chapter' && p.goldChapterId === id);
  const notesOrigin = (id: string) => kept.findLast((p) => p.kind === 'note' && p.goldChapterId === id);
  const citationOrigin = (id: string) => kept.findLast((p) => p.goldCitationId === id);
  const dropped = gold.provenance.filter((p) => p.action === 'dropped');
  const count = gold.chapters.length;
  return (
    <section className="curation-plan curation-plan--gold" aria-label={`Gold plan (${plan.mark.letter})`}>
      <h3>
        <PlanBadge mark={plan.mark} /> Gold plan
      </h3>
      {count === 0 ? (
        <p className="muted">Nothing yet. Accept a chapter from a plan to start the gold plan.</p>
      ) : (
        <ol className="curation-chapters" aria-label="Gold chapters">
          {gold.chapters.map((chapter, index) => {
            const focused = focus !== undefined && samePlan(focus.plan, plan.id) && focus.chapterId === chapter.id;
            return (
              <li key={chapter.id} className={focused ? 'curation-chapter curation-chapter--focused' : 'curation-chapter'}>
                <button type="button" className="curation-chapter__title" aria-pressed={focused} onClick={() => focusCuration({ plan: plan.id, chapterId: chapter.id })}>
                  {index + 1}. {chapter.title}
                </button>
                <Origin decision={chapterOrigin(chapter.id)} />
                <div className="curation-actions" role="group" aria-label={`Order of “${chapter.title}” in the gold plan`}>
                  <button type="button" aria-label={`Move up “${chapter.title}”`} disabled={index === 0} onClick={() => void moveGoldChapter(chapter.id, index - 1)}>
                    Move up
                  </button>
                  <button type="button" aria-label={`Move down “${chapter.title}”`} disabled={index === count - 1} onClick={() => void moveGoldChapter(chapter.id, index + 1)}>
                    Move down
                  </button>
                </div>
                {chapter.instruction && <p className="curation-notes__text">{chapter.instruction}</p>}
                {chapter.designNotes.trim() !== '' && (
                  <p className="curation-notes__text">
                    <span className="muted">Design notes: </span>
                    {chapter.designNotes} <Origin decision={notesOrigin(chapter.id)} />
                  </p>
                )}
                {chapter.citations.length > 0 && (
                  <ul className="curation-citations" aria-label={`Citations of gold chapter “${chapter.title}”`}>
                    {chapter.citations.map((citation) => (
                      <li key={citation.id}>
                        <CitationPlace citation={citation} sourceTitles={sourceTitles} onOpen={() => focusCuration({ plan: plan.id, chapterId: chapter.id })} /> <Origin decision={citationOrigin(citation.id)} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {gold.globalNotes.trim() !== '' && (
        <div className="curation-notes">
          <h4>Global notes</h4>
          <p className="curation-notes__text">{gold.globalNotes}</p>
          <Origin decision={kept.findLast((p) => p.kind === 'note' && p.goldChapterId === null)} />
        </div>
      )}
      {dropped.length > 0 && (
        <div className="curation-notes">
          <h4>Left out</h4>
          <ul aria-label="Left out of the gold plan">
            {dropped.map((p) => (
              <li key={p.id}>
                {p.kind} “{p.fromLabel.slice(0, 80)}” from {fromWhom(p)}
                {p.curatorNote && <> · “{p.curatorNote}”</>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
