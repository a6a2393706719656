import { describe, expect, it } from 'vitest';
import { SECTIONS, sectionFromHash } from './sections.ts';

describe('sections', () => {
  it('has the six screens in order, each with an empty state and a next step', () => {
    expect(SECTIONS.map((s) => s.label)).toEqual(['Annotate', 'Arena', 'Runs', 'Judges', 'Analysis', 'Export']);
    for (const s of SECTIONS) {
      expect(s.emptyTitle.length).toBeGreaterThan(0);
      expect(s.nextStep.length).toBeGreaterThan(20);
    }
  });

  it('tells how to export from the Export screen', () => {
    expect(SECTIONS.find((s) => s.id === 'export')!.nextStep).toMatch(/press Export/);
  });

  it('points to the Runs screen’s New study form, now that the app runs harnesses, and to imports', () => {
    const runs = SECTIONS.find((s) => s.id === 'runs')!;
    expect(runs.nextStep).toBe('Start a study of harness runs with New study…, or import output bundles.');
  });

  it('maps the URL hash to a section, falling back to Annotate', () => {
    expect(sectionFromHash('#/runs')).toBe('runs');
    expect(sectionFromHash('#/runs?study=ab12&sort=score:desc')).toBe('runs');
    expect(sectionFromHash('#/runs/compare?a=1&b=2')).toBe('runs');
    expect(sectionFromHash('#judges')).toBe('judges');
    expect(sectionFromHash('#/nope')).toBe('annotate');
    expect(sectionFromHash('')).toBe('annotate');
  });
});
