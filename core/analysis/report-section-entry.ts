import type { Database } from 'better-sqlite3';
import type { AnalysisFigures, AnalysisReport, AnalysisTables } from '../../schemas/analysis.ts';
import type { ReportBlock } from '../../schemas/report-section.ts';
import type { RunErrorSet } from './recovery-data.ts';
import type { SetScores } from './set-scores.ts';
import type { StudyData } from './study-data.ts';

/** What every section computes its figures from: the store, the votes and judgments the report counts, and what several sections share. */
export interface SectionInputs {
  db: Database;
  data: StudyData;
  /** Each counted run's errors and recoveries, from its stored trajectory. */
  errorSets: readonly RunErrorSet[];
  /** Each run's weighted score per tier, rubric set version and scale. */
  sets: readonly SetScores[];
  /** Resamples and seed of every bootstrap. */
  options: { resamples: number; seed: string };
}

/** The report's figures that belong to a section (the study's are the report's own). */
export type SectionFigures = Omit<AnalysisFigures, 'generatedAt' | 'study'>;
export type SectionId = keyof SectionFigures;

/** A report as a section reads it to render itself: the figures and the tables core/analysis builds of them. */
export type RenderInput = Omit<AnalysisReport, 'sections'>;

/** A heading level for the section in Markdown: "##" in `lhb analyze --md` and for the dataset card's own parts, "###" inside its rankings. */
export type MarkdownLevel = '##' | '###';

/** The tables a section puts under `report.tables` (for `lhb analyze --json` and the tests that read them), where the report's schema has a key for it. */
export type SectionTables<K extends SectionId> = K extends keyof AnalysisTables ? AnalysisTables[K] : never;

/**
 * One section of the analysis report, everything about it in one place: how its figures are
 * computed from the store, its title, and what every view shows (sentences, tables, charts, as
 * blocks). The list in report-sections.ts is walked by the report builder, the Analysis screen
 * (through `report.sections`), `lhb analyze --md` and the dataset card.
 */
export interface ReportSectionEntry<K extends SectionId = SectionId> {
  /** The section's id, and the key of its figures in the report. */
  id: K;
  title: string;
  compute(inputs: SectionInputs): SectionFigures[K];
  /** It rests on runs alone: a workspace without votes or judgments shows it too. */
  withoutVotes?: boolean;
  /** Its tables from the figures, kept under `report.tables[id]` when the report's schema has that key; its render() reads them there. */
  tables?(figures: AnalysisFigures): SectionTables<K>;
  /**
   * Its blocks (`empty`: it says there is nothing to show yet), or null when the workspace has
   * nothing of its kind and the section is left out. The screen draws them, and `lhb analyze --md`
   * and the dataset card print them (section-markdown.ts): every sentence is written here once.
   */
  render(report: RenderInput): { empty?: boolean; blocks: ReportBlock[] } | null;
  /** Where the dataset card prints it: beside the rankings (at "###"), as a part of its own ("##"), or not at all. */
  card: 'rankings' | 'own' | 'none';
  /** The only parts of it the dataset card prints (by title; its sentences before them too); absent, all of it. */
  cardParts?: readonly string[];
}

/** Checks one entry against its figures' type, so the list can hold entries of every kind. */
export const defineSection = <K extends SectionId>(entry: ReportSectionEntry<K>): ReportSectionEntry<K> => entry;
