import { fastVotesNote, judgmentsLeftOutNote, repeatVotesNote, reportScopeText, type AnalysisReport, type ReportNoteWords } from '../../schemas/analysis.ts';
import { formatCount } from '../../schemas/format-number.ts';
import { html, type Html } from './html-escape.ts';
import { reportPage } from './report-page.ts';
import { sectionAnchor, sectionHtml, type RunLink } from './section-html.ts';

/** How the report's notes name what changes the counting: the command that wrote it, and where left-out judgments show. */
const REPORT_NOTE_WORDS: ReportNoteWords = {
  leaveOutFastVotes: 'lhb report --exclude-fast-votes',
  countRepeats: 'lhb report --count-repeats',
  judgmentsMarked: 'on their runs’ pages',
};

export const REPORT_TITLE = 'LH-Bench analysis report';

/** One row of the index's list of runs. */
export interface RunListing {
  id: string;
  /** Its page, relative to the index (runs/<name>.html). */
  href: string;
  configuration: string;
  task: string;
  status: string;
  steps: number | null;
  errors: number;
  recovered: number;
  judgments: number;
}

function syntheticWarning(study: AnalysisReport['study']): Html | string {
  const held = `${formatCount(study.synthetic.votes)} votes and ${formatCount(study.synthetic.judgments)} judgments`;
  if (study.includesSynthetic) {
    return html`<p class="warning" role="note" aria-label="Synthetic data"><strong>Includes synthetic data</strong>${study.synthetic.reason === 'requested' ? ' as asked' : ' because this workspace has no run, vote or judgment of its own yet'}: ${held} are the demo’s generated records, not this project’s. Do not report these numbers.</p>\n`;
  }
  return '';
}

/**
 * The report's index page: what it rests on, a table of contents, each section of the analysis in
 * the list's order (the same blocks the screen draws and `lhb analyze --md` prints), then every run
 * in scope linking to its page.
 */
export function reportIndexHtml(report: AnalysisReport, runs: readonly RunListing[], runLink: RunLink): string {
  const { study } = report;
  const notes = [judgmentsLeftOutNote(study, REPORT_NOTE_WORDS), repeatVotesNote(study, REPORT_NOTE_WORDS), fastVotesNote(study, REPORT_NOTE_WORDS)].filter((note): note is string => note !== undefined);
  const nav = html`<nav class="toc" aria-label="Contents"><strong>Contents</strong><ol>
${report.sections.map((section) => html`<li><a href="#${sectionAnchor(section.id)}">${section.title}</a></li>\n`)}<li><a href="#runs">Runs</a></li>
</ol></nav>`;
  const body = html`<h1>${REPORT_TITLE}</h1>
<p><strong>${reportScopeText(study.scope)}.</strong></p>
${syntheticWarning(study)}
${notes.map((note) => html`<p class="note" role="note" aria-label="About the counting">${note}</p>\n`)}
<p class="muted">Generated ${report.generatedAt}; ${formatCount(study.resamples)} bootstrap resamples, seed <code>${study.seed}</code>. ${formatCount(study.tasks)} tasks, ${formatCount(study.configurations.length)} configurations, ${formatCount(study.judges.length)} judges, ${formatCount(study.annotators)} annotators, ${formatCount(study.votes)} votes, ${formatCount(study.judgments)} judgments.</p>
${report.sections.map((section) => sectionHtml(section, runLink))}
${runsHtml(runs)}`;
  return reportPage({ title: REPORT_TITLE, body, nav });
}

function runsHtml(runs: readonly RunListing[]): Html {
  return html`<section id="runs" aria-labelledby="runs-title"><h2 id="runs-title">Runs</h2>
<p class="muted">Every run in this report’s scope; each page shows its prompt, skill version, trajectory, verifier findings, judgments and frames.</p>
<div class="table-wrap"><table data-table="runs"><caption>Runs (${formatCount(runs.length)})</caption>
<thead><tr><th scope="col">Run</th><th scope="col">Configuration</th><th scope="col">Task</th><th scope="col">Status</th><th scope="col" class="num">Steps</th><th scope="col" class="num">Errors</th><th scope="col" class="num">Recovered</th><th scope="col" class="num">Judgments</th></tr></thead>
<tbody>
${runs.map(
  (run) =>
    html`<tr><th scope="row"><a href="${run.href}"><code>${run.id}</code></a></th><td>${run.configuration}</td><td>${run.task}</td><td class="status-${run.status}">${run.status}</td><td class="num">${run.steps === null ? '—' : formatCount(run.steps)}</td><td class="num">${formatCount(run.errors)}</td><td class="num">${formatCount(run.recovered)}</td><td class="num">${formatCount(run.judgments)}</td></tr>\n`,
)}</tbody></table></div></section>\n`;
}
