import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import type { AnalysisReport } from '../../schemas/analysis.ts';
import { ReportSectionView } from './ReportSectionView.tsx';

const captions = (html: string) => [...html.matchAll(/<caption>([^<]*)<\/caption>/g)].map((match) => match[1]!.split(':')[0]);

/** The section as the screen shows it, or '' when the report leaves it out. */
function shown(from: AnalysisReport, id: string): string {
  const section = from.sections.find((candidate) => candidate.id === id);
  return section ? renderToStaticMarkup(<ReportSectionView section={section} />) : '';
}

describe('the leaderboards section', () => {
  it('gives each tier and rubric set its part, its 3- and 5-point tables one after the other with a chart for each', () => {
    const html = shown(report, 'leaderboards');
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
    expect(html).toContain('<td>3.48<span class="analysis-table__ci"><span class="visually-hidden">95% CI: </span><span class="analysis-missing" title="Scored on 2 tasks: an interval needs 3 or more">too few tasks for an interval<span class="visually-hidden">');
  });

  it('says how to fill it when nothing is judged', () => {
    expect(shown(EMPTY_REPORT_FIXTURE, 'leaderboards')).toContain('No judgments yet');
  });
});

describe('the alignment section', () => {
  it('gives each tier, set and scale its part: the judges, win rates and agreement per pair, or why there is none', () => {
    const html = shown(report, 'alignment');
    expect([...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1])).toEqual(['Process tier · generic-process v1 · 5-point scale (1–5)', 'Output tier · figma-output v2 · 5-point scale (1–5)']);
    expect(html).toContain('No human vote on a pair both of whose runs were scored with this set.');
    expect(captions(html)).toEqual([
      'Human–judge alignment, Output tier · figma-output v2 · 5-point scale (1–5)',
      'Win rates by configuration, humans vs judges, Output tier · figma-output v2 · 5-point scale (1–5)',
      'Agreement per pair of configurations, Output tier · figma-output v2 · 5-point scale (1–5)',
    ]);
    expect(shown(EMPTY_REPORT_FIXTURE, 'alignment')).toContain('Alignment needs human votes');
  });
});

describe('the skill ablation section', () => {
  it('shows each (harness, model) with its reading, the note on unpaired runs and core’s tables as printed', () => {
    const html = shown(report, 'ablation');
    expect(html).toContain('<h2');
    expect(html).toContain('>Skill ablation</h2>');
    expect(html).toContain('>claude-code · claude-sonnet-4.5</h3>');
    expect(html).toContain('>gemini-cli · gemini-2.5-pro</h3>');
    expect(html).toContain('Output tier (figma-output v2, 5-point): v2 − none +0.49 over 12 pairs (95% paired CI [+0.27, +0.73])');
    expect(html).toContain('aria-label="Unpaired runs: v2 − none"');
    expect(html).toContain('1 run of skill none or v2 has no counterpart');
    expect(html).toContain('<caption>Skill ablation, claude-code · claude-sonnet-4.5: each skill version&#x27;s runs (reference: none)</caption>');
    expect(html).toContain('<td>$1.07</td><td>-42.0%</td>');
    // The pairs used per study, and the run left unpaired with why.
    expect(html).toContain('<caption>Skill ablation, claude-code · claude-sonnet-4.5: pairs used per study (runs pair only within one study, task and repeat of that study)</caption>');
    expect(html).toContain('<th scope="row">v2 − none</th><td class="analysis-table__text">Skill ablation, summer</td><td>6</td><td>1</td><td>0</td>');
    expect(html).toContain('no run of the other arm with this study, task and repeat');
    // Every counted run of gemini's arms has a counterpart: no note there, but its cancelled run is listed.
    expect(html).toContain('cancelled: counted in no figure');
    expect(html.match(/role="note"/g)).toHaveLength(1);
  });

  it('is absent when no harness and model ran two skill versions', () => {
    expect(shown(EMPTY_REPORT_FIXTURE, 'ablation')).toBe('');
  });
});

describe('the multi-turn section', () => {
  it('shows each turn and each revision turn’s footprint, as core printed them', () => {
    const html = shown(report, 'turns');
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
    expect(shown(EMPTY_REPORT_FIXTURE, 'turns')).toBe('');
  });
});

describe('the sections without a view of their own', () => {
  it('show the judges’ agreement with its reading, table and κ heatmap with the matrix as a table', () => {
    const html = shown(report, 'agreement');
    expect(html).toContain('>Inter-judge agreement</h2>');
    expect(html).toContain('<p class="analysis-headline">Mean pairwise quadratic κ');
    expect(html).toContain('aria-label="Export chart: Agreement matrix: quadratic κ between judges');
    expect(html).toContain('<summary>The chart&#x27;s numbers as a table</summary>');
    expect(shown(EMPTY_REPORT_FIXTURE, 'agreement')).toContain('<p class="analysis-empty">Agreement needs at least two judges scoring the same runs; this workspace has 0.</p>');
  });

  it('show the votes’ parts in order, the discriminating share with why it is missing when it is', () => {
    const html = shown(report, 'preference');
    expect([...html.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1])).toEqual(['Bradley–Terry Elo', 'Pairwise comparisons', 'Position bias', 'Transitivity', 'Winner quality', 'Pass and win rates']);
    expect(html).toContain('<p class="muted">From 180 arena votes.</p>');
    expect(html).toMatch(/<p class="analysis-headline">Discriminating share: <span>[^<]+<\/span> of tasks are passed by some configuration and failed by another\.<\/p>/);
    expect(shown(EMPTY_REPORT_FIXTURE, 'preference')).toContain('No arena votes yet');
  });

  it('show recovery’s headline and charts, and name the commands that fill it when empty', () => {
    const html = shown(report, 'recovery');
    expect(html).toContain('>By error type</h3>');
    expect(html).toContain('aria-label="Export chart: Recovery rate by configuration, with 95% CI"');
    expect(shown(EMPTY_REPORT_FIXTURE, 'recovery')).toContain('(a study in Runs, or <code>lhb runs start</code>)');
  });
});
