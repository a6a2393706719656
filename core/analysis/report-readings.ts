import type { AblationComparison, AnalysisReport } from '../../schemas/analysis.ts';
import { formatCount, formatCountOf as plural, formatDecimal, formatInterval, formatKappa, formatPValue, formatRate, formatRelativeChange, formatScoreDifference } from '../../schemas/format-number.ts';

export interface Reading {
  /** The figures, e.g. "Left chosen in 53.9% of 154 decided votes, two-sided binomial p = 0.3573". */
  figures: string;
  /** What they mean in plain words. */
  verdict: string;
}

const ALPHA = 0.05;
/**
 * The fewest decided votes whose most lopsided split (all on one side, two-sided p = 2·0.5ⁿ)
 * is below α: with fewer, "no sign of bias" would be the only answer the test can give.
 */
const FEWEST_VOTES_TO_SHOW_BIAS = Math.ceil(Math.log2(2 / ALPHA));

/** What a reading says instead of a figure that would mislead. */
const notEnoughData = (n: number, needed: number) => `Not enough data (n = ${formatCount(n)}; at least ${formatCount(needed)} needed)`;

/** Position bias at α = 0.05, in plain words. */
export function readPositionBias(bias: AnalysisReport['preference']['positionBias']): Reading {
  if (bias.decided === 0 || bias.leftRate === null) return { figures: 'No vote picked a side yet.', verdict: 'Position bias is measured once voters prefer a side.' };
  const p = formatPValue(bias.pValue);
  const figures = `Left chosen in ${formatRate(bias.leftRate).text} of ${plural(bias.decided, 'decided vote')} (${formatCount(bias.left)} left), two-sided binomial p ${p.text.startsWith('<') ? p.text : `= ${p.text}`}.`;
  if (bias.pValue === null) return { figures, verdict: 'Too few decided votes to test for position bias.' };
  if (bias.decided < FEWEST_VOTES_TO_SHOW_BIAS) {
    return { figures, verdict: `${notEnoughData(bias.decided, FEWEST_VOTES_TO_SHOW_BIAS)}: even all votes on one side would not tell a bias from chance.` };
  }
  return {
    figures,
    verdict:
      bias.pValue >= 0.05
        ? 'No sign of position bias: a split like this happens often enough by chance.'
        : `Possible position bias: voters picked the ${bias.leftRate > 0.5 ? 'left' : 'right'} side more often than chance would explain.`,
  };
}

/** Majority cycles over decided triads. */
export function readCycles(cycles: AnalysisReport['preference']['cycles']): Reading {
  if (cycles.triads === 0 || cycles.rate === null) return { figures: 'No triad of configurations has three decided pairwise majorities.', verdict: 'Transitivity is checked once three configurations are compared pairwise.' };
  return {
    figures: `${formatCount(cycles.cyclic)} of ${plural(cycles.triads, 'decided triad')} cyclic (cycle rate ${formatRate(cycles.rate).text}).`,
    verdict: cycles.cyclic === 0 ? 'Preferences are transitive: no A > B > C > A cycle.' : 'Some majorities go round in a circle: the ranking is not fully transitive.',
  };
}

/** Kruskal–Wallis over winner quality by configuration. */
export function readKruskal(kruskal: AnalysisReport['preference']['winnerQuality']['kruskal']): Reading {
  if (kruskal.h === null || kruskal.pValue === null) return { figures: 'Kruskal–Wallis H: — (needs winners from at least two configurations).', verdict: '' };
  const p = formatPValue(kruskal.pValue).text;
  return {
    figures: `Kruskal–Wallis H = ${formatDecimal(kruskal.h, 2).text}, p ${p.startsWith('<') ? p : `= ${p}`}.`,
    verdict: kruskal.pValue < 0.05 ? 'Winning outputs differ in quality by configuration.' : 'No evidence that winning outputs differ in quality by configuration.',
  };
}

/** The overall inter-judge line. */
export function readOverallAgreement(overall: AnalysisReport['agreement']['overall']): Reading {
  if (overall.meanKappa === null) return { figures: 'Mean pairwise quadratic κ: —', verdict: 'Needs at least two judges scoring the same items.' };
  const interval = formatInterval(formatKappa(overall.lo), formatKappa(overall.hi));
  return {
    figures: `Mean pairwise quadratic κ ${formatKappa(overall.meanKappa).text}${overall.band ? ` (${overall.band})` : ''}, ${interval.title === undefined ? `95% CI ${interval.text} over tasks` : 'no interval (fewer than 3 tasks)'}; cross-judge variance ${formatDecimal(overall.variance, 4, '').text}.`,
    verdict: overall.band ? `Landis–Koch: ${overall.band} agreement.` : '',
  };
}

/** The recovery headline, as the method's authors state theirs ("70.3% of errors recovered"). */
export function readRecovery(recovery: AnalysisReport['recovery']): Reading {
  const { overall } = recovery;
  const runs = `${formatCount(recovery.runs)} run${recovery.runs === 1 ? '' : 's'} with a trajectory${recovery.importedRuns > 0 ? ` (${formatCount(recovery.importedRuns)} imported)` : ''}`;
  if (overall.errors === 0 || overall.rate === null) return { figures: `No errors in ${runs}.`, verdict: 'Recovery is measured once a run fails at something: a tool call, a build or a test.' };
  const interval = formatInterval(formatRate(overall.lo), formatRate(overall.hi)).text;
  return {
    figures: `${formatRate(overall.rate).text} of errors recovered: ${formatCount(overall.recovered)} of ${formatCount(overall.errors)}, 95% CI ${interval}, over ${runs}.`,
    verdict: 'An error counts as recovered when a later step succeeded at the same thing: the same command, file, build or test.',
  };
}

const TIER_NAMES = { process: 'Process', output: 'Output', content: 'Content' } as const;
/** "Output tier (figma-output v2, 5-point)": the ablation compares each rubric set at each scale apart. */
const setName = (score: Pick<AblationComparison['scores'][number], 'tier' | 'rubricSet' | 'version' | 'scale'>) =>
  `${TIER_NAMES[score.tier]} tier (${score.rubricSet === '' ? '' : `${score.rubricSet} ${score.version}, `}${score.scale}-point)`;

/** One skill version against the reference: each tier's paired difference in words, the cost change, and whether any tier's interval excludes zero. */
export function readAblationComparison(comparison: AblationComparison): Reading {
  const name = `${comparison.skill} − ${comparison.reference}`;
  const tiers = comparison.scores.filter((score) => score.rubric === null && score.pairs > 0);
  if (tiers.length === 0) {
    return { figures: `${name}: ${plural(comparison.pairs, 'pair')} of runs, none judged in both arms yet.`, verdict: 'Judge both arms’ runs to compare their scores.' };
  }
  const parts = tiers.map((score) => {
    const p = formatPValue(score.signTestP);
    const interval = formatInterval(formatScoreDifference(score.lo), formatScoreDifference(score.hi)).text;
    return `${setName(score)}: ${name} ${formatScoreDifference(score.meanDifference).text} over ${plural(score.pairs, 'pair')} (95% paired CI ${interval}); better in ${formatCount(score.better)}, worse in ${formatCount(score.worse)}, tied in ${formatCount(score.tied)}; sign test p ${p.text.startsWith('<') ? p.text : `= ${p.text}`}.`;
  });
  if (comparison.costChange !== null) parts.push(`Mean cost per run ${formatRelativeChange(comparison.costChange).text} over ${plural(comparison.costPairs, 'pair')} reporting it.`);
  const clear = tiers.filter((score) => score.lo !== null && score.hi !== null && (score.lo > 0 || score.hi < 0));
  return {
    figures: parts.join(' '),
    verdict:
      clear.length === 0
        ? `No tier’s paired interval excludes zero: these pairs do not show ${comparison.skill} scoring differently from ${comparison.reference}.`
        : clear.map((score) => `${setName(score)}: ${comparison.skill} scores ${score.lo! > 0 ? 'higher' : 'lower'} than ${comparison.reference}, its 95% paired interval ${score.lo! > 0 ? 'above' : 'below'} zero.`).join(' '),
  };
}
