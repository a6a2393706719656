import { PLAN_COMPARISON_METHOD } from '../../schemas/plan-review.ts';
import type { Curation } from './curation-slice.ts';
import { samePlan, type CuratedPlan, type PlanId } from './curation-spans.ts';
import { agreementFigure as figure } from './PlanComparisonView.tsx';

const idOf = (label: { annotator: string | null; gold: boolean }): PlanId => (label.gold ? { gold: true } : { gold: false, annotator: label.annotator });

/**
 * Line-span agreement per chapter between each pair of the annotators' plans (plans.agreement:
 * chapters paired as `plans compare` pairs them), the focused chapter's row marked.
 */
export function CurationAgreement({ curation, focusedTitle }: { curation: Curation; focusedTitle: { plan: PlanId; title: string } | undefined }) {
  const plans = curation.plans;
  const find = (label: { annotator: string | null; gold: boolean }) => plans.find((p) => samePlan(p.id, idOf(label)));
  const pairs = curation.agreement.pairs.flatMap((pair) => {
    const [a, b] = [find(pair.a), find(pair.b)];
    return a && b ? [{ pair, a, b }] : [];
  });
  if (pairs.length === 0) return <p className="muted">Agreement needs two plans that cite lines.</p>;
  const isFocused = (plan: CuratedPlan, title: string | null) => focusedTitle !== undefined && title === focusedTitle.title && samePlan(plan.id, focusedTitle.plan);
  return (
    <section className="curation-agreement" aria-labelledby="curation-agreement-title">
      <h3 id="curation-agreement-title">Agreement per chapter</h3>
      <p className="muted">{PLAN_COMPARISON_METHOD}</p>
      {pairs.map(({ pair, a, b }) => {
        const caption = `${a.mark.name} (${a.mark.letter}) and ${b.mark.name} (${b.mark.letter})`;
        return (
          <table key={`${a.mark.key}~${b.mark.key}`} aria-label={`Agreement of ${caption}`}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Chapter in {a.mark.letter}</th>
                <th scope="col">Chapter in {b.mark.letter}</th>
                <th scope="col">Lines both cited</th>
                <th scope="col">Jaccard</th>
                <th scope="col">Dice</th>
              </tr>
            </thead>
            <tbody>
              {pair.chapters.map((row, index) => {
                const jaccard = figure(row.agreement.jaccard);
                const dice = figure(row.agreement.dice);
                return (
                  <tr key={index} className={isFocused(a, row.a) || isFocused(b, row.b) ? 'curation-agreement__focused' : undefined}>
                    <th scope="row">{row.a ?? `Not in ${a.mark.name}'s plan`}</th>
                    <td>{row.b ?? `Not in ${b.mark.name}'s plan`}</td>
                    <td>{row.agreement.both}</td>
                    <td title={jaccard.title}>{jaccard.text}</td>
                    <td title={dice.title}>{dice.text}</td>
                  </tr>
                );
              })}
              <tr>
                <th scope="row" colSpan={2}>
                  Whole plans
                </th>
                <td>{pair.overall.both}</td>
                <td>{figure(pair.overall.jaccard).text}</td>
                <td>{figure(pair.overall.dice).text}</td>
              </tr>
            </tbody>
          </table>
        );
      })}
    </section>
  );
}
