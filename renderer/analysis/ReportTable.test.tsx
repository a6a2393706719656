import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { ReportTable } from './ReportTable.tsx';
import { tableView } from './table-view.ts';

// The screen's rendering of the report's tables; core/export/card-report-tables.test.ts prints the
// same fixture's tables as `lhb analyze --md` and the dataset card do, with these same digits.
describe('a report table on screen', () => {
  it('prints the model’s text in each cell: κ to three decimals, Elo to one, rates as percentages, each interval under its figure', () => {
    const agreement = renderToStaticMarkup(<ReportTable table={tableView(report.tables.agreement.byRubric)} />);
    expect(agreement).toContain('<caption>Inter-judge agreement by rubric and version: mean pairwise quadratic κ, with its 95% bootstrap interval over tasks</caption>');
    expect(agreement).toContain('<th scope="row">output.completeness</th><td class="analysis-table__text">v2</td><td>0.702<span class="analysis-table__ci"><span class="visually-hidden">95% CI: </span>[0.611, 0.780]</span></td><td class="analysis-table__text">substantial</td><td>0.0021</td><td>3</td>');
    const elo = renderToStaticMarkup(<ReportTable table={tableView(report.tables.preference.elo)} />);
    // The interval's head is a note under its figure's head, not a column of its own.
    expect(elo).toContain('<th scope="col">Elo<span class="data-table__head-note">95% CI</span></th></tr>');
    expect(elo).toContain('<td>1061.4<span class="analysis-table__ci"><span class="visually-hidden">95% CI: </span>[1032.1, 1093.8]</span></td>');
    const alignment = renderToStaticMarkup(<ReportTable table={tableView(report.tables.alignment.find((group) => group.tier === 'output')!.judges)} />);
    expect(alignment).toContain('<th scope="row">claude-opus-4.1</th><td>154</td><td>71.4%</td><td>0.552<span class="analysis-table__ci"><span class="visually-hidden">95% CI: </span>[0.440, 0.650]</span></td><td>10.6%</td><td>16.2%</td>');
  });

  it('says a tied best is tied, to the eye and to screen readers', () => {
    const content = report.tables.leaderboards.find((section) => section.tier === 'content')!.boards[0]!.table;
    const html = renderToStaticMarkup(<ReportTable table={tableView(content)} />);
    expect(html).toContain('<strong class="analysis-best">3.50<span class="visually-hidden"> (tied best)</span><span aria-hidden="true" class="analysis-best__mark" title="Tied best">=★</span></strong>');
    expect(html).toContain('<strong class="analysis-best">3.46<span class="visually-hidden"> (best)</span>');
  });

  it('says why a value is missing, to the eye and to screen readers', () => {
    const html = renderToStaticMarkup(<ReportTable table={tableView(report.tables.agreement.byRubric)} />);
    expect(html).toContain('<span class="analysis-missing" title="Undefined: no item was scored by both judges, or the scores never varied">—<span class="visually-hidden"> (Undefined: no item was scored by both judges, or the scores never varied)</span></span>');
  });
});
