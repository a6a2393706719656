import { ablationUnpairedNote, fastVotesNote, judgmentsLeftOutNote, repeatVotesNote, reportScopeText, type AnalysisReport } from '../../schemas/analysis.ts';
import { formatCount, formatDecimal, formatKappa, formatPValue, formatRate } from '../../schemas/format-number.ts';
import { tableToMarkdown } from '../../schemas/table-markdown.ts';
import { column, formatTable } from './format-table.ts';

// The analysis report as Markdown for `lhb analyze --md`: the report's own tables (the ones the
// Analysis screen shows, printed the same), and the figures around them in sentences.

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
  const { study, agreement, preference, tables } = report;
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

  out.push(leaderboardsMarkdown(report, '##'));

  out.push('## Judge agreement (quadratic-weighted κ)\n');
  out.push(
    `Overall mean pairwise κ ${formatKappa(agreement.overall.meanKappa).text} (${agreement.overall.band ?? '—'}); variance of judges' mean scores ${formatDecimal(agreement.overall.variance, 4).text}.\n`,
  );
  out.push(tableToMarkdown(tables.agreement.byRubric));
  out.push(tableToMarkdown(tables.agreement.matrix));

  out.push('## Human preference\n');
  out.push(`${preference.votes} votes between configurations.\n`);
  out.push(tableToMarkdown(tables.preference.elo));
  if (preference.flags.length > 0) out.push(...preference.flags.map((flag) => `- ⚠ ${flag}`), '');
  out.push('### Pairwise tests\n');
  out.push(tableToMarkdown(tables.preference.pairwise));
  out.push('### Win matrix (row beats column, ties half)\n');
  out.push(tableToMarkdown(tables.preference.winMatrix));
  out.push('### Position bias, cycles, discrimination\n');
  out.push(tableToMarkdown(preferenceMeasures(report)));
  out.push('### Win rates, pass rates and winner quality\n');
  out.push(tableToMarkdown(tables.preference.winRates));
  out.push(tableToMarkdown(tables.preference.passRates));
  out.push(tableToMarkdown(tables.preference.winnerQuality));

  out.push(alignmentMarkdown(report, '##'));

  out.push(recoveryMarkdown(report));
  const ablation = ablationMarkdown(report, '##');
  if (ablation) out.push(ablation);
  const turns = turnsMarkdown(report, '##');
  if (turns) out.push(turns);
  return out.join('\n');
}

/**
 * The leaderboards as the method reports them: a part per tier and rubric set version, its 3- and
 * 5-point tables one after the other. `level` is the section's heading ("##" here and in the
 * dataset card).
 */
export function leaderboardsMarkdown({ tables }: Pick<AnalysisReport, 'tables'>, level: '##' | '###'): string {
  const out = [`${level} Leaderboards (judge scores per tier, rubric set and scale)\n`];
  if (tables.leaderboards.length === 0) return [...out, '_No judgments yet: judge finished runs to fill the leaderboards._\n'].join('\n');
  out.push(
    "A run's score is the weighted mean of one rubric set's rubrics (S = Σ wᵢsᵢ, Σ wᵢ = 1) averaged over judges; a judge that did not score every rubric of the set for a run gives that run no score (counted under the table). " +
      'Sets and scales are never pooled: a 3-point set scores 0–2, a 5-point set 1–5.\n',
  );
  for (const section of tables.leaderboards) {
    out.push(`${level}# ${section.title}\n`);
    for (const board of section.boards) out.push(tableToMarkdown(board.table));
  }
  return out.join('\n');
}

/** Human votes against the judges' scores, per tier, rubric set version and scale. `level` as for the leaderboards. */
export function alignmentMarkdown({ tables }: Pick<AnalysisReport, 'tables'>, level: '##' | '###'): string {
  const out = [`${level} Human–judge alignment (per tier, rubric set and scale)\n`];
  if (tables.alignment.length === 0) return [...out, '_No judgments yet: alignment compares the judges\' scores with the human votes on the same pairs._\n'].join('\n');
  out.push('On each pair people voted on whose two runs were scored with the set, the run with the higher score wins and equal scores tie; n counts those votes.\n');
  for (const group of tables.alignment) {
    out.push(`${level}# ${group.title}\n`);
    if (group.judges.rows.every((row) => row[1]?.value === 0)) {
      out.push('_No human vote on a pair both of whose runs were scored with this set._\n');
      continue;
    }
    out.push(tableToMarkdown(group.judges), tableToMarkdown(group.winRates), tableToMarkdown(group.pairs));
  }
  return out.join('\n');
}

/** The single figures of the votes (the screen reads them out in sentences), as one table of measures. */
function preferenceMeasures({ preference }: AnalysisReport) {
  const bias = preference.positionBias;
  const { kruskal } = preference.winnerQuality;
  return formatTable(
    { id: 'preference-measures', caption: 'Position bias, majority cycles and discrimination', columns: [column('measure', 'Measure', 'text'), column('value', 'Value', 'text')] },
    [
      ['Left chosen (of left-or-right votes)', `${formatCount(bias.left)} / ${formatCount(bias.decided)} (${formatRate(bias.leftRate).text})`],
      ['Binomial p (left = ½)', formatPValue(bias.pValue).text],
      ['Majority cycles', `${formatCount(preference.cycles.cyclic)} of ${formatCount(preference.cycles.triads)} triads (${formatRate(preference.cycles.rate).text})`],
      ['Discriminating tasks', formatRate(preference.discriminatingShare).text],
      ['Kruskal–Wallis H on winner ratings', `${formatDecimal(kruskal.h, 2).text} (p ${formatPValue(kruskal.pValue).text})`],
    ],
  );
}

/** The error→recovery section: the headline rate, then per error type and per configuration. */
function recoveryMarkdown({ recovery, tables }: AnalysisReport): string {
  const out = ['## Error recovery\n'];
  const { overall } = recovery;
  if (recovery.runs === 0) {
    out.push('_No run with a trajectory yet: runs executed here (`lhb runs start`) and runs imported with an ATIF trajectory.json are counted._\n');
    return out.join('\n');
  }
  const imported = recovery.importedRuns > 0 ? ` (${recovery.importedRuns} imported)` : '';
  const rate = (value: number | null) => formatRate(value).text;
  out.push(
    overall.errors === 0
      ? `No errors in ${recovery.runs} runs with a trajectory${imported}.\n`
      : `${overall.recovered} of ${overall.errors} errors recovered (${rate(overall.rate)}, 95% CI ${rate(overall.lo)}–${rate(overall.hi)}, bootstrap over runs) in ${recovery.runs} runs with a trajectory${imported}.\n`,
  );
  out.push('### By error type\n');
  out.push(tableToMarkdown(tables.recovery.byType));
  out.push('### By configuration\n');
  out.push(tableToMarkdown(tables.recovery.byConfiguration));
  return out.join('\n');
}


/**
 * The skill ablation, one part per (harness, model): each arm's runs, their scores, and the paired
 * differences, with the note on unpaired runs. Empty when no (harness, model) ran two skill
 * versions. `level` is the section's heading ("##" here, "###" inside the dataset card's analysis).
 */
export function ablationMarkdown({ ablation, tables }: Pick<AnalysisReport, 'ablation' | 'tables'>, level: '##' | '###'): string {
  if (ablation.groups.length === 0) return '';
  const out = [`${level} Skill ablation\n`];
  out.push('Runs of one harness and model that differ only in skill version (`none` = without SKILL.md), each arm against the reference over pairs of runs of the same study, task and repeat of that study.\n');
  ablation.groups.forEach((group, i) => {
    const groupTables = tables.ablation[i]!;
    out.push(`${level}# ${groupTables.title}\n`);
    out.push(tableToMarkdown(groupTables.arms));
    if (groupTables.scores.rows.length > 0) out.push(tableToMarkdown(groupTables.scores), tableToMarkdown(groupTables.paired));
    else out.push('_No run of these arms was judged yet: judge them to compare their scores._\n');
    for (const comparison of group.comparisons) {
      const note = ablationUnpairedNote(comparison);
      if (note) out.push(`> ${note}\n`);
    }
    out.push(tableToMarkdown(groupTables.pairs));
    if (groupTables.unpaired.rows.length > 0) out.push(tableToMarkdown(groupTables.unpaired));
  });
  return out.join('\n');
}

/**
 * Multi-turn runs: each turn's figures, then how targeted each revision turn was. Empty without a
 * multi-turn run. `level` is the section's heading, as for the ablation.
 */
export function turnsMarkdown({ turns, tables }: Pick<AnalysisReport, 'turns' | 'tables'>, level: '##' | '###'): string {
  if (turns.runs === 0) return '';
  const out = [`${level} Multi-turn runs\n`];
  out.push(`${turns.runs} run${turns.runs === 1 ? '' : 's'} of tasks with revision requests, sent in the same work folder and session after each turn ended.\n`);
  out.push(tableToMarkdown(tables.turns.byTurn));
  if (tables.turns.revisions.rows.length > 0) out.push(`${level}# Revision turns\n`, tableToMarkdown(tables.turns.revisions));
  return out.join('\n');
}
