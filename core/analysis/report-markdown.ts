import { fastVotesNote, judgmentsLeftOutNote, repeatVotesNote, reportScopeText, type AnalysisReport } from '../../schemas/analysis.ts';
import type { MarkdownLevel } from './report-section-entry.ts';
import { REPORT_SECTIONS } from './report-sections.ts';
import { sectionMarkdown } from './section-markdown.ts';

// The analysis report as Markdown for `lhb analyze --md`: what it rests on, then each section of
// report-sections.ts as the Analysis screen shows it (its sentences, tables and charts' numbers).

/** Which way synthetic data went, and why, as a quoted line; empty when there is none to speak of. */
function syntheticNote(synthetic: AnalysisReport['study']['synthetic'], counted: boolean): string {
  const held = `${synthetic.votes} votes and ${synthetic.judgments} judgments`;
  if (counted) {
    const why = synthetic.reason === 'requested' ? 'as asked (`--include-synthetic`)' : 'because this workspace has no run, vote or judgment of its own yet';
    return `> **Includes synthetic data** ${why}: ${held} are the demo's records (its synthetic study's generated ones, and those on its arena bundles), not this project's. Do not report these numbers; \`--exclude-synthetic\` leaves them out.\n`;
  }
  if (synthetic.votes + synthetic.judgments === 0) return '';
  const why = synthetic.reason === 'requested' ? 'as asked (`--exclude-synthetic`)' : 'because this workspace has runs, votes or judgments of its own';
  return `> Synthetic data left out ${why}: the demo's ${held} (its synthetic study and its arena bundles) are not counted. \`--include-synthetic\` adds them.\n`;
}

export function renderAnalysisMarkdown(report: AnalysisReport): string {
  const { study } = report;
  const out: string[] = [];
  out.push('# LH-Bench analysis report\n');
  out.push(`**${reportScopeText(study.scope)}.**\n`);
  const note = syntheticNote(study.synthetic, study.includesSynthetic);
  if (note) out.push(note);
  const leftOut = judgmentsLeftOutNote(study);
  if (leftOut) out.push(`> ${leftOut}\n`);
  const repeats = repeatVotesNote(study);
  if (repeats) out.push(`> ${repeats}\n`);
  const fast = fastVotesNote(study);
  if (fast) out.push(`> ${fast}\n`);
  out.push(
    `Generated ${report.generatedAt}; ${study.resamples} bootstrap resamples, seed \`${study.seed}\`. ` +
      `${study.tasks} tasks, ${study.configurations.length} configurations, ${study.judges.length} judges, ${study.annotators} annotators, ${study.votes} votes, ${study.judgments} judgments.\n`,
  );

  out.push(...sectionsMarkdown(report, '##'));
  return out.join('\n');
}

/**
 * The report's sections in the list's order, at heading `level`, each printed from the blocks the
 * screen shows; a section the workspace has nothing of is left out. With `card`, only the sections
 * the dataset card prints there, and of each only its `cardParts` when it names some.
 */
export function sectionsMarkdown(report: AnalysisReport, level: MarkdownLevel, card?: 'rankings' | 'own'): string[] {
  return REPORT_SECTIONS.filter((entry) => card === undefined || entry.card === card).flatMap((entry) => {
    const section = report.sections.find((candidate) => candidate.id === entry.id);
    if (!section) return [];
    const parts = card === undefined ? undefined : entry.cardParts;
    return [sectionMarkdown(parts ? { ...section, blocks: section.blocks.filter((block) => block.kind !== 'part' || parts.includes(block.title)) } : section, level)];
  });
}
