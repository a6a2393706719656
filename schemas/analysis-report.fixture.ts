import { AnalysisReportSchema, type AnalysisReport } from './analysis.ts';
import { EMPTY_FIGURES_FIXTURE, FIGURES_FIXTURE } from './analysis-figures.fixture.ts';
import tables from './analysis-tables.fixture.json' with { type: 'json' };

/**
 * Whole reports, as `analysis.report` answers: the fixture's figures with the tables core/analysis
 * builds from them. The renderer cannot import core, so the tables come from the file
 * core/analysis/analysis-tables.test.ts keeps equal to what the builders make.
 */
export const REPORT_FIXTURE: AnalysisReport = AnalysisReportSchema.parse({ ...FIGURES_FIXTURE, tables: tables.report });
export const EMPTY_REPORT_FIXTURE: AnalysisReport = AnalysisReportSchema.parse({ ...EMPTY_FIGURES_FIXTURE, tables: tables.empty });
