import { describe, expect, it } from 'vitest';
import { EMPTY_FIGURES_FIXTURE, FIGURES_FIXTURE } from '../../schemas/analysis-figures.fixture.ts';
import { ReportSectionSchema } from '../../schemas/report-section.ts';
import { analysisTables, REPORT_SECTIONS, renderSections } from './report-sections.ts';

const render = (figures: typeof FIGURES_FIXTURE) => renderSections({ ...figures, tables: analysisTables(figures) });

describe('the report’s sections', () => {
  it('come in the list’s order, each with its id and title, those the workspace has nothing of left out', () => {
    const ids = REPORT_SECTIONS.map((entry) => entry.id);
    expect(ids.slice(0, 8)).toEqual(['leaderboards', 'agreement', 'preference', 'alignment', 'pairwise', 'recovery', 'ablation', 'turns']);
    const sections = render(FIGURES_FIXTURE);
    expect(sections.map((section) => section.id)).toEqual(ids.filter((id) => sections.some((section) => section.id === id)));
    expect(sections.slice(0, 7).map((section) => [section.id, section.title, section.withoutVotes, section.empty])).toEqual([
      ['leaderboards', 'Leaderboards', false, false],
      ['agreement', 'Inter-judge agreement', false, false],
      ['preference', 'Human preference', false, false],
      ['alignment', 'Human–judge alignment', false, false],
      ['recovery', 'Error recovery', true, false],
      ['ablation', 'Skill ablation', true, false],
      ['turns', 'Multi-turn runs', true, false],
    ]);
    // Nothing judged, voted or run: every section that needs them says why it is empty; the ablation and multi-turn runs are left out.
    expect(render(EMPTY_FIGURES_FIXTURE).slice(0, 5).map((section) => [section.id, section.empty])).toEqual([
      ['leaderboards', true],
      ['agreement', true],
      ['preference', true],
      ['alignment', true],
      ['recovery', true],
    ]);
    expect(render(EMPTY_FIGURES_FIXTURE).map((section) => section.id)).not.toContain('ablation');
  });

  it('are what the renderer’s tests read from the fixture file', async () => {
    const sections = { report: render(FIGURES_FIXTURE), empty: render(EMPTY_FIGURES_FIXTURE) };
    for (const value of Object.values(sections)) for (const section of value) ReportSectionSchema.parse(section);
    // `npx vitest run core/analysis/report-sections.test.ts -u` rewrites it after a section changes; review the diff.
    await expect(`${JSON.stringify(sections, null, 2)}\n`).toMatchFileSnapshot('../../schemas/analysis-sections.fixture.json');
  });
});
