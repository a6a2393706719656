import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { TurnsSection } from './TurnsSection.tsx';

describe('the multi-turn section', () => {
  it('shows each turn and each revision turn’s footprint, as core printed them', () => {
    const html = renderToStaticMarkup(<TurnsSection turns={report.turns} tables={report.tables.turns} />);
    expect(html).toContain('>Multi-turn runs</h2>');
    expect(html).toContain('6 runs of tasks with revision requests');
    expect(html).toContain('>Revision turns</h3>');
    // Turn 1: 6 runs, all succeeded, a mean of 3 min 4 s, 120,401 tokens in.
    expect(html).toMatch(/<td>1<\/td><td>6<\/td><td>6<\/td><td>3 min 4 s<\/td><td>120,401<\/td>/);
    // Turn 2's revision: 1.50 files, 38.17 lines, 87.3% untouched; turn 3 measured on no run says why.
    expect(html).toContain('<td>1.50</td><td>38.17</td><td>87.3%</td>');
    expect(html).toContain('No run of this turn has both its own and the turn before&#x27;s out/ snapshot stored');
  });

  it('is absent without multi-turn runs', () => {
    expect(renderToStaticMarkup(<TurnsSection turns={EMPTY_REPORT_FIXTURE.turns} tables={EMPTY_REPORT_FIXTURE.tables.turns} />)).toBe('');
  });
});
