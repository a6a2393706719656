import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE as report } from '../../schemas/analysis-report.fixture.ts';
import { AblationSection } from './AblationSection.tsx';

describe('the skill ablation section', () => {
  it('shows each (harness, model) with its reading, the note on unpaired runs and core’s tables as printed', () => {
    const html = renderToStaticMarkup(<AblationSection ablation={report.ablation} tables={report.tables.ablation} />);
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
    expect(renderToStaticMarkup(<AblationSection ablation={EMPTY_REPORT_FIXTURE.ablation} tables={EMPTY_REPORT_FIXTURE.tables.ablation} />)).toBe('');
  });
});
