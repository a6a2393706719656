import { judgmentsLeftOutNote, type AnalysisReport } from '../../schemas/analysis.ts';

// The analysis report as Markdown for `lhb analyze --md`: one table per section, every number
// from the report as given (rounded only for reading).

const num = (value: number | null | undefined, digits = 2) => (value === null || value === undefined ? '–' : value.toFixed(digits));
const pct = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`);
const pValue = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value < 0.001 ? '< 0.001' : value.toFixed(3));
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '_No data._\n';
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n') + '\n';
}

/** Which way synthetic data went, and why, as a quoted line; empty when there is none to speak of. */
function syntheticNote(synthetic: AnalysisReport['study']['synthetic'], counted: boolean): string {
  const held = `${synthetic.votes} synthetic votes and ${synthetic.judgments} synthetic judgments`;
  if (counted) {
    const why = synthetic.reason === 'requested' ? 'as asked (`--include-synthetic`)' : 'because this workspace has no real vote or judgment yet';
    return `> **Includes synthetic data** ${why}: ${held} are the demo study's generated records, not people's or models'. Do not report these numbers; \`--exclude-synthetic\` leaves them out.\n`;
  }
  if (synthetic.votes + synthetic.judgments === 0) return '';
  const why = synthetic.reason === 'requested' ? 'as asked (`--exclude-synthetic`)' : 'because this workspace has real votes or judgments';
  return `> Synthetic data left out ${why}: ${held} of the demo study are not counted. \`--include-synthetic\` adds them.\n`;
}

export function renderAnalysisMarkdown(report: AnalysisReport): string {
  const { study, agreement, preference, alignment } = report;
  const label = new Map(study.configurations.map((config) => [config.id, config.label]));
  const name = (config: string | null) => (config === null ? '–' : (label.get(config) ?? config));
  const out: string[] = [];
  out.push('# LH-Bench analysis report\n');
  const note = syntheticNote(study.synthetic, study.includesSynthetic);
  if (note) out.push(note);
  const leftOut = judgmentsLeftOutNote(study);
  if (leftOut) out.push(`> ${leftOut}\n`);
  out.push(
    `Generated ${report.generatedAt}; ${study.resamples} bootstrap resamples, seed \`${study.seed}\`. ` +
      `${study.tasks} tasks, ${study.configurations.length} configurations, ${study.judges.length} judges, ${study.annotators} annotators, ${study.votes} votes, ${study.judgments} judgments.\n`,
  );

  out.push('## Leaderboards (judge scores, 1–5)\n');
  for (const board of report.leaderboards) {
    out.push(`### Tier: ${board.tier}\n`);
    out.push(table(['Configuration', 'Mean', '95% CI', 'Tasks'], board.rows.map((row) => [row.label, num(row.mean), `${num(row.lo)}–${num(row.hi)}`, String(row.n)])));
    if (board.rubrics.length > 0) {
      const configs = board.rows.map((row) => row.config);
      out.push('');
      out.push(
        table(
          ['Rubric', ...configs.map(name), 'Best'],
          board.rubrics.map((rubric) => [rubric.rubric, ...configs.map((config) => num(rubric.values.find((v) => v.config === config)?.mean ?? null)), name(rubric.best)]),
        ),
      );
    }
  }

  out.push('## Judge agreement (quadratic-weighted κ)\n');
  out.push(`Overall mean pairwise κ ${num(agreement.overall.meanKappa, 3)} (${agreement.overall.band ?? '–'}); variance of judges' mean scores ${num(agreement.overall.variance, 3)}.\n`);
  out.push(table(['Rubric', 'Version', 'Mean κ', 'Band', 'Variance'], agreement.perRubric.map((r) => [r.rubric, r.version, num(r.meanKappa, 3), r.band ?? '–', num(r.variance, 3)])));
  out.push('');
  out.push(table(['Judge', ...agreement.judges], agreement.judges.map((judge, i) => [judge, ...agreement.matrix[i]!.map((k) => num(k, 3))])));

  out.push('## Human preference\n');
  out.push(`${preference.votes} votes between configurations.\n`);
  out.push(table(['Configuration', 'Elo', '95% CI'], preference.elo.map((row) => [row.label, num(row.rating, 0), `${num(row.lo, 0)}–${num(row.hi, 0)}`])));
  for (const flag of preference.flags) out.push(`- ⚠ ${flag}`);
  out.push('');
  out.push('### Pairwise tests\n');
  out.push(table(['A', 'B', 'p (Wald)', "Cohen's h"], preference.pairwise.map((p) => [name(p.a), name(p.b), pValue(p.pValue), num(p.cohensH, 3)])));
  out.push('### Win matrix (row beats column, ties half)\n');
  out.push(table(['', ...preference.winMatrix.configs.map(name)], preference.winMatrix.configs.map((config, i) => [name(config), ...preference.winMatrix.cells[i]!.map(pct)])));
  out.push('### Position bias, cycles, discrimination\n');
  const bias = preference.positionBias;
  out.push(
    table(
      ['Measure', 'Value'],
      [
        ['Left chosen (of left-or-right votes)', `${bias.left} / ${bias.decided} (${pct(bias.leftRate)})`],
        ['Binomial p (left = ½)', pValue(bias.pValue)],
        ['Majority cycles', `${preference.cycles.cyclic} of ${preference.cycles.triads} triads (${pct(preference.cycles.rate)})`],
        ['Discriminating tasks', pct(preference.discriminatingShare)],
        ['Kruskal–Wallis H on winner ratings', `${num(preference.winnerQuality.kruskal.h, 3)} (p ${pValue(preference.winnerQuality.kruskal.pValue)})`],
      ],
    ),
  );
  out.push('### Win rates, pass rates and winner quality\n');
  const configs = study.configurations.map((config) => config.id);
  out.push(
    table(
      ['Configuration', 'Win rate (ties ½)', 'Win rate (no ties)', 'Tie rate', 'Pass rate (rating ≥ 4)', 'Winner rating'],
      configs.map((config) => {
        const win = preference.winRates.find((row) => row.config === config);
        const pass = preference.passRates.find((row) => row.config === config);
        const quality = preference.winnerQuality.byConfig.find((row) => row.config === config);
        return [name(config), pct(win?.withTies), pct(win?.withoutTies), pct(win?.tieRate), pass ? `${pct(pass.rate)} (n ${pass.n})` : '–', quality ? `${num(quality.mean)} (n ${quality.n})` : '–'];
      }),
    ),
  );

  out.push('## Human–judge alignment\n');
  out.push(
    table(
      ['Judge', 'Votes', 'Agreement', 'κ (a/b/tie)', 'Human ties', 'Judge ties'],
      alignment.judges.map((j) => [j.judge, String(j.n), pct(j.agreement), num(j.kappa, 3), pct(j.humanTieRate), pct(j.judgeTieRate)]),
    ),
  );
  for (const judge of alignment.judges.filter((j) => j.winRates.length > 0)) {
    out.push(`### Win rates: people vs ${judge.judge}\n`);
    out.push(table(['Configuration', 'People', 'Judge'], judge.winRates.map((row) => [row.label, pct(row.human), pct(row.judge)])));
  }

  out.push(recoveryMarkdown(report.recovery));
  return out.join('\n');
}

/** The error→recovery section: the headline rate, then per error type and per configuration. */
function recoveryMarkdown(recovery: AnalysisReport['recovery']): string {
  const out = ['## Error recovery\n'];
  const { overall } = recovery;
  if (recovery.runs === 0) {
    out.push('_No run with a trajectory yet: runs executed here (`lhb runs start`) and runs imported with an ATIF trajectory.json are counted._\n');
    return out.join('\n');
  }
  const imported = recovery.importedRuns > 0 ? ` (${recovery.importedRuns} imported)` : '';
  out.push(
    overall.errors === 0
      ? `No errors in ${recovery.runs} runs with a trajectory${imported}.\n`
      : `${overall.recovered} of ${overall.errors} errors recovered (${pct(overall.rate)}, 95% CI ${pct(overall.lo)}–${pct(overall.hi)}, bootstrap over runs) in ${recovery.runs} runs with a trajectory${imported}.\n`,
  );
  const interval = (row: { lo: number | null; hi: number | null }) => `${pct(row.lo)}–${pct(row.hi)}`;
  out.push('### By error type\n');
  out.push(table(['Type', 'Errors', 'Recovered', 'Rate', '95% CI', 'Runs'], recovery.byType.map((row) => [row.type, String(row.errors), String(row.recovered), pct(row.rate), interval(row), String(row.runs)])));
  out.push('### By configuration\n');
  out.push(table(['Configuration', 'Runs', 'Errors', 'Recovered', 'Rate', '95% CI'], recovery.byConfiguration.map((row) => [row.label, String(row.runs), String(row.errors), String(row.recovered), pct(row.rate), interval(row)])));
  return out.join('\n');
}
