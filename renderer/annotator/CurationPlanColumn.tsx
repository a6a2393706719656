import type { Chapter, Citation } from '../../schemas/annotate.ts';
import type { GoldPlan, GoldProvenance } from '../../schemas/gold-plan.ts';
import { useAnnotatorStore } from './annotator-store.ts';
import { CurationActions } from './CurationActions.tsx';
import { samePlan, type CuratedPlan, type PlanMark } from './curation-spans.ts';
import { formatLineRange } from './source-labels.ts';

/** The curator's newest decision on an annotator's item of that kind. */
export const latestDecision = (gold: GoldPlan, fromItemId: string, kind: GoldProvenance['kind']) => gold.provenance.findLast((p) => p.fromItemId === fromItemId && p.kind === kind);

/** A plan's letter in its tone: what tells the plans apart in the columns, the legend and the document's gutter. */
export function PlanBadge({ mark }: { mark: PlanMark }) {
  return (
    <span className={`plan-mark plan-mark--${mark.tone}`} aria-hidden="true">
      {mark.letter}
    </span>
  );
}

/** "Source, L3–5": a citation's place, as a button that opens its lines in the document. */
export function CitationPlace({ citation, sourceTitles, onOpen }: { citation: Citation; sourceTitles: ReadonlyMap<string, string>; onOpen?: () => void }) {
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => {
        onOpen?.();
        void useAnnotatorStore.getState().openCitation(citation);
      }}
    >
      {sourceTitles.get(citation.sourceId) ?? citation.sourceId}, {formatLineRange(citation.startLine, citation.endLine)}
    </button>
  );
}

/** One annotator's plan in Curate mode: each chapter, citation and note with Accept, Edit and Drop; a chapter's title shows its spans (and the other plans') in the document. */
export function CurationPlanColumn({ plan, gold, sourceTitles }: { plan: CuratedPlan; gold: GoldPlan; sourceTitles: ReadonlyMap<string, string> }) {
  const name = plan.mark.name;
  const annotator = plan.id.gold ? null : plan.id.annotator;
  return (
    <section className={`curation-plan curation-plan--${plan.mark.tone}`} aria-label={`${name}'s plan (${plan.mark.letter})`}>
      <h3>
        <PlanBadge mark={plan.mark} /> {name}'s plan
      </h3>
      {plan.chapters.length === 0 ? (
        <p className="muted">No chapters.</p>
      ) : (
        <ol className="curation-chapters" aria-label={`${name}'s chapters`}>
          {plan.chapters.map((chapter) => (
            <CurationChapter key={chapter.id} plan={plan} chapter={chapter} gold={gold} sourceTitles={sourceTitles} />
          ))}
        </ol>
      )}
      {plan.globalNotes.trim() !== '' && (
        <div className="curation-notes">
          <h4>Global notes</h4>
          <p className="curation-notes__text">{plan.globalNotes}</p>
          <CurationActions
            what={`global notes from ${name}`}
            item={{ kind: 'globalNotes', annotator }}
            fields={[{ key: 'text', label: 'Global notes', value: plan.globalNotes, kind: 'text' }]}
            decision={gold.provenance.findLast((p) => p.kind === 'note' && p.fromAnnotator === annotator && !plan.chapters.some((c) => c.id === p.fromItemId))}
          />
        </div>
      )}
    </section>
  );
}

function CurationChapter({ plan, chapter, gold, sourceTitles }: { plan: CuratedPlan; chapter: Chapter; gold: GoldPlan; sourceTitles: ReadonlyMap<string, string> }) {
  const focus = useAnnotatorStore((s) => s.curationFocus);
  const focusCuration = useAnnotatorStore((s) => s.focusCuration);
  const focused = focus !== undefined && samePlan(focus.plan, plan.id) && focus.chapterId === chapter.id;
  const from = `from ${plan.mark.name}`;
  const show = () => focusCuration({ plan: plan.id, chapterId: chapter.id });
  return (
    <li className={focused ? 'curation-chapter curation-chapter--focused' : 'curation-chapter'}>
      <button
        type="button"
        className="curation-chapter__title"
        aria-pressed={focused}
        title="Show this chapter's spans, and the other plans' for it, in the document"
        onClick={() => {
          show();
          const first = chapter.citations[0];
          if (first) void useAnnotatorStore.getState().openCitation(first);
        }}
      >
        {chapter.title}
      </button>
      <CurationActions
        what={`chapter “${chapter.title}” ${from}`}
        item={{ kind: 'chapter', chapterId: chapter.id }}
        fields={[
          { key: 'title', label: 'Title', value: chapter.title, kind: 'line' },
          { key: 'instruction', label: 'Instruction', value: chapter.instruction, kind: 'text' },
          { key: 'designNotes', label: 'Design notes', value: chapter.designNotes, kind: 'text' },
        ]}
        decision={latestDecision(gold, chapter.id, 'chapter')}
      />
      {chapter.instruction && <p className="curation-notes__text">{chapter.instruction}</p>}
      {chapter.designNotes.trim() !== '' && (
        <div className="curation-notes">
          <p className="curation-notes__text">
            <span className="muted">Design notes: </span>
            {chapter.designNotes}
          </p>
          <CurationActions
            what={`notes of “${chapter.title}” ${from}`}
            item={{ kind: 'chapterNotes', chapterId: chapter.id }}
            fields={[{ key: 'text', label: 'Design notes', value: chapter.designNotes, kind: 'text' }]}
            decision={latestDecision(gold, chapter.id, 'note')}
          />
        </div>
      )}
      {chapter.citations.length > 0 && (
        <ul className="curation-citations" aria-label={`Citations of “${chapter.title}” ${from}`}>
          {chapter.citations.map((citation) => (
            <li key={citation.id}>
              <CitationPlace citation={citation} sourceTitles={sourceTitles} onOpen={show} />
              <q className="curation-citations__quote">{citation.quote.slice(0, 120)}</q>
              <CurationActions
                what={`citation ${formatLineRange(citation.startLine, citation.endLine)} of “${chapter.title}” ${from}`}
                item={{ kind: 'citation', citationId: citation.id }}
                fields={[
                  { key: 'startLine', label: 'First line', value: String(citation.startLine), kind: 'number' },
                  { key: 'endLine', label: 'Last line', value: String(citation.endLine), kind: 'number' },
                ]}
                decision={latestDecision(gold, citation.id, 'citation')}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
