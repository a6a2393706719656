import { formatDecimal } from '../../schemas/format-number.ts';
import { PLAN_COMPARISON_METHOD, type ComparedSpan, type PlanComparison, type SpanAgreement } from '../../schemas/plan-review.ts';
import { formatLineRange } from './source-labels.ts';

const NONE_CITED = 'Neither plan cites a line here';
/** A Jaccard or Dice figure to two decimals, or a dash saying neither plan cites a line there. */
export const agreementFigure = (value: number | null) => formatDecimal(value, 2, NONE_CITED);
const figure = agreementFigure;

function Figures({ agreement }: { agreement: SpanAgreement }) {
  const jaccard = figure(agreement.jaccard);
  const dice = figure(agreement.dice);
  return (
    <>
      <td>{agreement.both}</td>
      <td>{agreement.a - agreement.both}</td>
      <td>{agreement.b - agreement.both}</td>
      <td title={jaccard.title}>{jaccard.text}</td>
      <td title={dice.title}>{dice.text}</td>
    </>
  );
}

const FIGURE_HEADS = ['Lines both cited', 'A’s only', 'B’s only', 'Jaccard', 'Dice'];
const span = (s: ComparedSpan) => `${s.sourceTitle} ${formatLineRange(s.startLine, s.endLine)}`;

/** Two submitted plans side by side: figures overall, per source and per chapter, and each chapter's spans. */
export function PlanComparisonView({ comparison }: { comparison: PlanComparison }) {
  const { a, b } = comparison;
  const heading = `Comparison of ${a.annotator}’s and ${b.annotator}’s plans`;
  const chapterName = (c: PlanComparison['chapters'][number]) => c.a?.title ?? c.b?.title ?? '';
  return (
    <section className="plan-comparison" aria-label={heading}>
      <h3>{heading}</h3>
      <p className="muted">A = {a.annotator}, B = {b.annotator}. {PLAN_COMPARISON_METHOD}</p>
      <table aria-label="Agreement">
        <thead>
          <tr>
            <th scope="col">Where</th>
            {FIGURE_HEADS.map((head) => (
              <th key={head} scope="col">{head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Overall</th>
            <Figures agreement={comparison.overall} />
          </tr>
          {comparison.bySource.map((source) => (
            <tr key={source.versionId}>
              <th scope="row">{source.sourceTitle}</th>
              <Figures agreement={source.agreement} />
            </tr>
          ))}
        </tbody>
      </table>
      <table aria-label="Per chapter">
        <thead>
          <tr>
            <th scope="col">Chapter in A</th>
            <th scope="col">Chapter in B</th>
            <th scope="col">Paired by</th>
            {FIGURE_HEADS.map((head) => (
              <th key={head} scope="col">{head}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.chapters.map((chapter, index) => (
            <tr key={index}>
              <th scope="row">{chapter.a ? `${chapter.a.number}. ${chapter.a.title}` : `Not in ${a.annotator}’s plan`}</th>
              <td>{chapter.b ? `${chapter.b.number}. ${chapter.b.title}` : `Not in ${b.annotator}’s plan`}</td>
              <td>{chapter.matchedBy ?? 'unpaired'}</td>
              <Figures agreement={chapter.agreement} />
            </tr>
          ))}
        </tbody>
      </table>
      {comparison.chapters.map((chapter, index) => (
        <div key={index} className="plan-comparison__chapter">
          <h4>{chapterName(chapter)}</h4>
          <ul aria-label={`Spans of ${chapterName(chapter)}`}>
            {chapter.both.map((group, g) => (
              <li key={`both-${g}`}>
                <strong>Both cited</strong>: {a.annotator} {group.a.map(span).join(', ')} · {b.annotator} {group.b.map(span).join(', ')}
              </li>
            ))}
            {chapter.onlyA.map((s) => (
              <li key={`a-${s.ref}`}>
                <strong>Only {a.annotator}</strong>: {span(s)} <q>{s.quote}</q>
              </li>
            ))}
            {chapter.onlyB.map((s) => (
              <li key={`b-${s.ref}`}>
                <strong>Only {b.annotator}</strong>: {span(s)} <q>{s.quote}</q>
              </li>
            ))}
            {chapter.both.length + chapter.onlyA.length + chapter.onlyB.length === 0 && <li className="muted">No citations in either plan.</li>}
          </ul>
        </div>
      ))}
    </section>
  );
}
