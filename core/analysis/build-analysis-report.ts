import type { Database } from 'better-sqlite3';
import type { AnalysisFigures, AnalysisReport } from '../../schemas/analysis.ts';
import { loadRunErrorSets } from './recovery-data.ts';
import { analysisTables, computeSectionFigures, renderSections } from './report-sections.ts';
import { loadRubricSets } from './rubric-weights.ts';
import { scoreSets } from './set-scores.ts';
import { loadStudyData } from './study-data.ts';
import type { SyntheticRequest } from './synthetic-choice.ts';

export interface AnalysisOptions {
  /** Resamples of every bootstrap interval. */
  resamples: number;
  /** Seed of every bootstrap (leaderboards and Bradley–Terry); the same seed gives the same report. */
  seed: string;
  /**
   * Synthetic (the demo study's) votes and judgments: 'include' or 'exclude' as asked; absent,
   * left out once any real vote or judgment exists and included while none does.
   */
  synthetic?: SyntheticRequest;
  /** Count every vote, an annotator's repeats on a pair included (default: their first live vote on each pair only). */
  countRepeats?: boolean;
  /** Leave out votes flagged as faster than their fast-vote floor (default: counted, and the report says how many). */
  excludeFastVotes?: boolean;
  /** Only these studies' runs (full ids, resolveStudyIds), and the votes and judgments touching only them; absent, every study and imported run. */
  studies?: readonly string[];
  now?: () => Date;
}

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * The whole analysis report, recomputed from the store's raw votes and judgments, and runs' stored
 * errors, usage and builds: its figures, their tables, and each section of report-sections.ts as
 * every view shows it.
 */
export function buildAnalysisReport(db: Database, options: AnalysisOptions): AnalysisReport {
  const figures = buildAnalysisFigures(db, options);
  const report = { ...figures, tables: analysisTables(figures) };
  return { ...report, sections: renderSections(report) };
}

function buildAnalysisFigures(db: Database, options: AnalysisOptions): AnalysisFigures {
  const data = loadStudyData(db, { synthetic: options.synthetic, countRepeats: options.countRepeats === true, excludeFastVotes: options.excludeFastVotes === true, studies: options.studies });
  const counted = new Set([...data.votes.flatMap((vote) => [vote.run_a, vote.run_b]), ...data.judgments.map((j) => j.run)]);
  const runs = [...counted].map((id) => data.runs.get(id)!);
  const configIds = [...new Set(runs.map((run) => run.config))];
  const errorSets = loadRunErrorSets(db, data);
  // Each run's weighted score per tier, rubric set version and scale: the leaderboards and the alignment read the same.
  const sets = scoreSets(data.judgments, loadRubricSets(db));
  const configurations = configIds.map((id) => ({ id, label: data.labels.get(id) ?? id })).sort((x, y) => byText(x.label, y.label) || byText(x.id, y.id));
  return {
    generatedAt: (options.now?.() ?? new Date()).toISOString(),
    study: {
      tasks: new Set(runs.map((run) => run.task)).size,
      configurations,
      judges: [...new Set(data.judgments.map((j) => j.judge))].sort(byText),
      annotators: new Set(data.votes.map((vote) => vote.annotator_id)).size,
      votes: data.votes.length,
      judgments: data.judgments.length,
      judgmentsLeftOut: data.judgmentsLeftOut,
      repeatVotes: data.repeatVotes,
      fastVotes: data.fastVotes,
      scope: data.scope?.studies ?? null,
      includesSynthetic: data.votes.some((vote) => vote.synthetic) || data.judgments.some((j) => j.synthetic),
      synthetic: data.synthetic,
      seed: options.seed,
      resamples: options.resamples,
    },
    ...computeSectionFigures({ db, data, errorSets, sets, options }),
  };
}
