import { describe, expect, it } from 'vitest';
import { AnalysisReportSchema } from './analysis.ts';
import { EMPTY_REPORT_FIXTURE, REPORT_FIXTURE } from './analysis-report.fixture.ts';

describe('the report fixtures', () => {
  it('parse with the contract schema', () => {
    expect(AnalysisReportSchema.parse(REPORT_FIXTURE)).toEqual(REPORT_FIXTURE);
    expect(AnalysisReportSchema.parse(EMPTY_REPORT_FIXTURE)).toEqual(EMPTY_REPORT_FIXTURE);
  });

  it('keep every estimate inside its interval', () => {
    for (const board of REPORT_FIXTURE.leaderboards)
      for (const row of board.rows) expect(row.lo === null ? row.hi === null && row.tasks < 3 : row.lo <= row.mean && row.mean <= row.hi!).toBe(true);
    for (const row of REPORT_FIXTURE.preference.elo) expect(row.lo! <= row.rating && row.rating <= row.hi!).toBe(true);
  });
});
