import type { AnalysisReport } from '../../schemas/analysis.ts';
import { formatCountOf as plural } from '../../schemas/format-number.ts';

// What the Study region and the empty state say about the report as a whole (the sections' own
// readings are core/analysis/report-readings.ts, sent with the report).

/** "12 tasks · 3 configurations · 3 judges · 5 annotators · 180 votes · 648 judgments · 1,000 resamples · seed lhb-analysis" */
export function studySummary(study: AnalysisReport['study']): string {
  return [
    plural(study.tasks, 'task'),
    plural(study.configurations.length, 'configuration'),
    plural(study.judges.length, 'judge'),
    plural(study.annotators, 'annotator'),
    plural(study.votes, 'vote'),
    plural(study.judgments, 'judgment'),
    plural(study.resamples, 'resample'),
    `seed ${study.seed}`,
  ].join(' · ');
}

/**
 * What the Study section says about the demo's synthetic records: a `banner` while any are
 * counted (with why), a `line` when some exist but are left out (with why and how to add them),
 * nothing when the workspace has none.
 */
export function syntheticNotice(study: AnalysisReport['study']): { kind: 'banner' | 'line'; text: string } | undefined {
  const { synthetic } = study;
  const held = `${plural(synthetic.votes, 'vote')} and ${plural(synthetic.judgments, 'judgment')}`;
  if (study.includesSynthetic) {
    return {
      kind: 'banner',
      text:
        synthetic.reason === 'requested'
          ? `Included as asked: the demo’s ${held} (its synthetic study’s, generated rather than cast by people or judges, and those on its arena’s example builds) are counted beside this project’s own records; their configurations are listed apart, marked “synthetic” or “demo”. Do not report these numbers; untick “Include synthetic data” to see only this project’s records.`
          : `This workspace has no runs, votes or judgments of its own yet, so the demo’s ${held} are shown (its synthetic study’s, generated rather than cast by people or judges, and those on its arena’s example builds). Do not report these numbers. They are left out by default once you add runs, vote on them or have a judge score them; untick “Include synthetic data” to leave them out now.`,
    };
  }
  if (synthetic.votes + synthetic.judgments === 0) return undefined;
  return {
    kind: 'line',
    text:
      synthetic.reason === 'real-data-present'
        ? `The demo’s records are left out: this workspace has runs, votes or judgments of its own, so only those are counted. Tick “Include synthetic data” to add the demo’s ${held} (its synthetic study and its arena’s example builds).`
        : `The demo’s records are left out of this report. Tick “Include synthetic data” to add the demo’s ${held} (its synthetic study and its arena’s example builds).`,
  };
}

/** Nothing to analyse: no votes and no judgments. */
export const isEmptyReport = (report: AnalysisReport) => report.study.votes === 0 && report.study.judgments === 0;
