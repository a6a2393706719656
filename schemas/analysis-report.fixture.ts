import { AnalysisReportSchema, type AnalysisReport } from './analysis.ts';
import { EMPTY_FIGURES_FIXTURE, FIGURES_FIXTURE } from './analysis-figures.fixture.ts';
import sections from './analysis-sections.fixture.json' with { type: 'json' };
import tables from './analysis-tables.fixture.json' with { type: 'json' };

/**
 * Whole reports, as `analysis.report` answers: the fixture's figures with the tables and sections
 * core/analysis builds from them. The renderer cannot import core, so they come from the files
 * core/analysis/analysis-tables.test.ts and report-sections.test.ts keep equal to what the builders make.
 */
export const REPORT_FIXTURE: AnalysisReport = AnalysisReportSchema.parse({ ...FIGURES_FIXTURE, tables: tables.report, sections: sections.report });
export const EMPTY_REPORT_FIXTURE: AnalysisReport = AnalysisReportSchema.parse({ ...EMPTY_FIGURES_FIXTURE, tables: tables.empty, sections: sections.empty });
