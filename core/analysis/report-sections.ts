import type { AnalysisFigures, AnalysisTables } from '../../schemas/analysis.ts';
import type { ReportSection } from '../../schemas/report-section.ts';
import type { RenderInput, ReportSectionEntry, SectionFigures, SectionInputs } from './report-section-entry.ts';
import { ablationSection } from './sections/ablation.ts';
import { agreementSection } from './sections/agreement.ts';
import { controlsSection } from './sections/controls.ts';
import { alignmentSection } from './sections/alignment.ts';
import { leaderboardsSection } from './sections/leaderboards.ts';
import { pairwiseSection } from './sections/pairwise.ts';
import { preferenceSection } from './sections/preference.ts';
import { recoverySection } from './sections/recovery.ts';
import { turnsSection } from './sections/turns.ts';

/**
 * The report's sections in the order every view shows them: the report builder computes each
 * one's figures, and the Analysis screen, `lhb analyze --md` and the dataset card walk this list.
 * A new section is a file in sections/ and a line here.
 */
export const REPORT_SECTIONS: readonly ReportSectionEntry[] = [
  leaderboardsSection,
  agreementSection,
  preferenceSection,
  alignmentSection,
  pairwiseSection,
  recoverySection,
  ablationSection,
  turnsSection,
  controlsSection,
];

/** Every section's figures, computed from the store. */
export function computeSectionFigures(inputs: SectionInputs): SectionFigures {
  return Object.fromEntries(REPORT_SECTIONS.map((entry) => [entry.id, entry.compute(inputs)])) as SectionFigures;
}

/** Every section's tables, as the report keeps them under `report.tables` (what the Markdown, the card and the screen print, and `lhb analyze --json` holds). */
export function analysisTables(figures: AnalysisFigures): AnalysisTables {
  return Object.fromEntries(REPORT_SECTIONS.flatMap((entry) => (entry.tables ? [[entry.id, entry.tables(figures)]] : []))) as AnalysisTables;
}

/** Every section the workspace has something of, as the views show it. */
export function renderSections(report: RenderInput): ReportSection[] {
  return REPORT_SECTIONS.flatMap((entry) => {
    const rendered = entry.render(report);
    return rendered ? [{ id: entry.id, title: entry.title, withoutVotes: entry.withoutVotes === true, empty: rendered.empty === true, blocks: rendered.blocks }] : [];
  });
}
