import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { AlignmentSection } from './AlignmentSection.tsx';
import { LeaderboardsSection } from './LeaderboardsSection.tsx';

const captions = (html: string) => [...html.matchAll(/<caption>([^<]*)<\/caption>/g)].map((match) => match[1]!.split(':')[0]);

describe('the leaderboards section', () => {
  it('gives each tier and rubric set its part, its 3- and 5-point tables one after the other with a chart for each', () => {
    const html = renderToStaticMarkup(<LeaderboardsSection leaderboards={report.tables.leaderboards} />);
    expect([...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1])).toEqual([
      'Process tier · generic-process v1',
      'Output tier · figma-output v2',
      'Content tier · judged before rubric sets were stored',
    ]);
    expect(captions(html)).toEqual([
      'Process tier · generic-process v1 · 5-point scale (1–5)',
      'Output tier · figma-output v2 · 3-point scale (0–2)',
      'Output tier · figma-output v2 · 5-point scale (1–5)',
      'Content tier · judged before rubric sets were stored · 5-point scale (1–5)',
    ]);
    expect(html).toContain('aria-label="Output tier · figma-output v2, 3-point scale (0–2): score with 95% CI"');
    expect(html).toContain('aria-label="Output tier · figma-output v2, 5-point scale (1–5): score with 95% CI"');
    expect(html).toContain('<td>3.48</td><td class="analysis-table__interval"><span class="analysis-missing" title="Scored on 2 tasks: an interval needs 3 or more">too few tasks for an interval<span class="visually-hidden">');
  });

  it('says how to fill it when nothing is judged', () => {
    expect(renderToStaticMarkup(<LeaderboardsSection leaderboards={EMPTY_REPORT_FIXTURE.tables.leaderboards} />)).toContain('No judgments yet');
  });
});

describe('the alignment section', () => {
  it('gives each tier, set and scale its part: the judges, win rates and agreement per pair, or why there is none', () => {
    const html = renderToStaticMarkup(<AlignmentSection alignment={report.alignment} tables={report.tables.alignment} />);
    expect([...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1])).toEqual(['Process tier · generic-process v1 · 5-point scale (1–5)', 'Output tier · figma-output v2 · 5-point scale (1–5)']);
    expect(html).toContain('No human vote on a pair both of whose runs were scored with this set.');
    expect(captions(html)).toEqual([
      'Human–judge alignment, Output tier · figma-output v2 · 5-point scale (1–5)',
      'Win rates by configuration, humans vs judges, Output tier · figma-output v2 · 5-point scale (1–5)',
      'Agreement per pair of configurations, Output tier · figma-output v2 · 5-point scale (1–5)',
    ]);
    expect(renderToStaticMarkup(<AlignmentSection alignment={EMPTY_REPORT_FIXTURE.alignment} tables={EMPTY_REPORT_FIXTURE.tables.alignment} />)).toContain('Alignment needs human votes');
  });
});
