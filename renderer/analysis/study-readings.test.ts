import { describe, expect, it } from 'vitest';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE } from '../../schemas/analysis-report.fixture.ts';
import { isEmptyReport, studySummary, syntheticNotice } from './study-readings.ts';

describe('reading the report as a whole in plain words', () => {
  it('summarises the study in one line', () => {
    expect(studySummary(REPORT_FIXTURE.study)).toBe(
      '12 tasks · 3 configurations · 3 judges · 5 annotators · 180 votes · 648 judgments · 1,000 resamples · seed lhb-analysis',
    );
    expect(studySummary({ ...REPORT_FIXTURE.study, tasks: 1, annotators: 1 })).toMatch(/^1 task · .* · 1 annotator ·/);
  });

  it('says whether synthetic data is counted, and why', () => {
    const study = REPORT_FIXTURE.study;
    const only = syntheticNotice(study);
    expect(only).toMatchObject({ kind: 'banner' });
    expect(only!.text).toMatch(/^This workspace has no runs, votes or judgments of its own yet, so the demo’s 180 votes and 648 judgments are shown/);
    const requested = syntheticNotice({ ...study, synthetic: { ...study.synthetic, reason: 'requested' } });
    expect(requested).toMatchObject({ kind: 'banner' });
    expect(requested!.text).toMatch(/^Included as asked: .* listed apart, marked “synthetic” or “demo”/);
    const real = syntheticNotice({ ...study, includesSynthetic: false, synthetic: { included: false, reason: 'real-data-present', votes: 300, judgments: 1008 } });
    expect(real).toEqual({
      kind: 'line',
      text: 'The demo’s records are left out: this workspace has runs, votes or judgments of its own, so only those are counted. Tick “Include synthetic data” to add the demo’s 300 votes and 1,008 judgments (its synthetic study and its arena’s example builds).',
    });
    expect(syntheticNotice(EMPTY_REPORT_FIXTURE.study)?.text).toMatch(/^The demo’s records are left out of this report\./);
    expect(syntheticNotice({ ...study, includesSynthetic: false, synthetic: { included: true, reason: 'requested', votes: 0, judgments: 0 } })).toBeUndefined();
  });

  it('tells an empty workspace apart', () => {
    expect(isEmptyReport(EMPTY_REPORT_FIXTURE)).toBe(true);
    expect(isEmptyReport(REPORT_FIXTURE)).toBe(false);
  });
});
