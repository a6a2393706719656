import type { AnalysisFigures } from './analysis.ts';

/**
 * A realistic report's figures for developing and testing the analysis without a store: three
 * configurations, three judges, twelve tasks, synthetic demo votes. The numbers are made up but
 * consistent (intervals contain their estimates, the win matrix's cells pair up to 1). Its
 * tables, as core/analysis builds them, are analysis-tables.fixture.json (analysis-report.fixture.ts
 * puts the two together).
 */
const CLAUDE = { id: 'cfg-claude-sonnet-v2', label: 'claude-code · claude-sonnet-4.5 · skill v2' };
const CODEX = { id: 'cfg-codex-gpt5-v2', label: 'codex-cli · gpt-5 · skill v2' };
const GEMINI = { id: 'cfg-gemini-pro-v1', label: 'gemini-cli · gemini-2.5-pro · skill v1' };
const JUDGES = ['claude-opus-4.1', 'gpt-5', 'gemini-2.5-pro'];

type Board = AnalysisFigures['leaderboards'][number];
type BoardRow = Board['rows'][number];
/** One configuration's row: score and interval, tasks and runs, each judge's score, the cross-judge variance, each rubric's mean. */
const boardRow = (config: { id: string; label: string }, mean: number, lo: number | null, hi: number | null, tasks: number, runs: number, judges: (number | null)[], variance: number | null, rubrics: (number | null)[]): BoardRow => ({
  config: config.id, label: config.label, mean, lo, hi, tasks, runs, judges, crossJudgeVariance: variance, rubrics,
});
const figmaOutput = (scale: 3 | 5): Board => {
  // The same build judged with the 3-point (0–2) and the 5-point (1–5) version of one set: scores on each set's own scale.
  const at = (five: number) => (scale === 5 ? five : Math.round(((five - 1) / 2) * 1000) / 1000);
  return {
    tier: 'output', rubricSet: 'figma-output', version: 'v2', scale, weights: 'stored',
    rubrics: [{ rubric: 'layout', weight: 0.5 }, { rubric: 'visual-fidelity', weight: 0.3 }, { rubric: 'responsive', weight: 0.2 }],
    judges: JUDGES,
    incompleteScores: scale === 5 ? 2 : 0,
    rows: [
      boardRow(CLAUDE, at(3.61), at(3.33), at(3.88), 12, 24, [at(3.7), at(3.55), at(3.58)], scale === 5 ? 0.0412 : 0.0103, [at(3.8), at(3.4), at(3.41)]),
      boardRow(CODEX, at(3.3), at(2.99), at(3.59), 12, 24, [at(3.41), at(3.2), at(3.29)], scale === 5 ? 0.0655 : 0.0164, [at(3.3), at(3.5), at(2.98)]),
      boardRow(GEMINI, at(2.87), at(2.5), at(3.22), 11, 21, [at(2.9), at(2.71), null], scale === 5 ? null : 0.0218, [at(2.7), at(3.1), null]),
    ],
  };
};

const LEADERBOARDS: Board[] = [
  {
    tier: 'process', rubricSet: 'generic-process', version: 'v1', scale: 5, weights: 'stored',
    rubrics: [{ rubric: 'plan-and-verify', weight: 0.6 }, { rubric: 'tool-discipline', weight: 0.4 }],
    judges: JUDGES,
    incompleteScores: 0,
    rows: [
      boardRow(CLAUDE, 3.92, 3.64, 4.19, 12, 24, [4.01, 3.88, 3.87], 0.0321, [4.0, 3.8]),
      boardRow(CODEX, 3.61, 3.3, 3.9, 12, 24, [3.7, 3.52, 3.61], 0.0472, [3.5, 3.775]),
      boardRow(GEMINI, 3.18, 2.81, 3.53, 11, 22, [3.2, 3.1, 3.24], 0.0598, [3.3, 3.0]),
    ],
  },
  figmaOutput(3),
  figmaOutput(5),
  {
    // Judged before sets were stored, on two tasks only: no interval, and a tie on the first rubric.
    tier: 'content', rubricSet: '', version: '', scale: 5, weights: 'equal',
    rubrics: [{ rubric: 'accessibility', weight: 0.5 }, { rubric: 'copy-accuracy', weight: 0.5 }],
    judges: JUDGES,
    incompleteScores: 0,
    rows: [
      boardRow(CLAUDE, 3.48, null, null, 2, 4, [3.5, 3.45, 3.49], 0.02, [3.5, 3.46]),
      boardRow(CODEX, 3.17, null, null, 2, 4, [3.2, 3.1, 3.21], 0.035, [3.501, 2.84]),
    ],
  },
];

type Group = AnalysisFigures['alignment']['groups'][number];
type Aligned = Group['together'];
/** A win-rate row: people's rate and the scores' on the same votes, their difference, each with a made-up interval around it. */
const rateRow = (config: { id: string; label: string }, human: number, judge: number | null) => {
  const difference = judge === null ? null : Math.round((judge - human) * 1e4) / 1e4;
  return {
    config: config.id, label: config.label, votes: 120,
    human, humanLo: human - 0.081, humanHi: human + 0.077,
    judge, judgeLo: judge === null ? null : judge - 0.084, judgeHi: judge === null ? null : judge + 0.079,
    difference, differenceLo: difference === null ? null : difference - 0.052, differenceHi: difference === null ? null : difference + 0.049,
  };
};
const aligned = (judge: string, n: number, agreement: number, kappa: number, judgeTieRate: number, rates: [number | null, number | null, number | null]): Aligned => ({
  judge, n, agreement, kappa, kappaLo: kappa - 0.112, kappaHi: kappa + 0.098, humanTieRate: 0.1056, judgeTieRate,
  winRates: [rateRow(CLAUDE, 0.7292, rates[0]), rateRow(CODEX, 0.525, rates[1]), rateRow(GEMINI, 0.2375, rates[2])],
});
const ALIGNMENT_GROUPS: Group[] = [
  {
    tier: 'process', rubricSet: 'generic-process', version: 'v1', scale: 5,
    together: { judge: 'Judges (mean score)', n: 0, agreement: null, kappa: null, kappaLo: null, kappaHi: null, humanTieRate: null, judgeTieRate: null, winRates: [] },
    judges: [],
    pairs: [],
  },
  {
    tier: 'output', rubricSet: 'figma-output', version: 'v2', scale: 5,
    together: aligned('Judges (mean score)', 154, 0.7403, 0.5874, 0.1234, [0.7112, 0.5501, 0.2387]),
    judges: JUDGES.map((judge, k) => aligned(judge, 154 - k * 9, 0.7143 - k * 0.05, 0.5521 - k * 0.08, 0.1623 + k * 0.04, [0.7011 - k * 0.03, 0.5407 + k * 0.02, k === 2 ? null : 0.2582])),
    pairs: [
      { a: CLAUDE.id, aLabel: CLAUDE.label, b: CODEX.id, bLabel: CODEX.label, n: 60, agreement: 0.6833, kappa: 0.4712, kappaLo: 0.2904, kappaHi: 0.6311 },
      { a: CLAUDE.id, aLabel: CLAUDE.label, b: GEMINI.id, bLabel: GEMINI.label, n: 52, agreement: 0.8269, kappa: 0.6534, kappaLo: 0.4821, kappaHi: 0.8007 },
      { a: CODEX.id, aLabel: CODEX.label, b: GEMINI.id, bLabel: GEMINI.label, n: 42, agreement: 0.7143, kappa: null, kappaLo: null, kappaHi: null },
    ],
  },
];

/** The ablation's scores are one set version at one scale, as the leaderboards are. */
const FIGMA_SET = { tier: 'output', rubricSet: 'figma-output', version: 'v2', scale: 5 } as const;
type Arm = AnalysisFigures['ablation']['groups'][number]['arms'][number];
type Paired = AnalysisFigures['ablation']['groups'][number]['comparisons'][number]['scores'][number];
const usage = (mean: number | null, runs: number) => ({ mean, runs });
const recovered = (errors: number, recoveredErrors: number, lo: number, hi: number, runs: number) => ({ errors, recovered: recoveredErrors, rate: recoveredErrors / errors, lo, hi, runs });
const armScores = (output: number, completeness: number, n: number): Arm['scores'] => [
  { ...FIGMA_SET, rubric: null, mean: output, lo: output - 0.31, hi: output + 0.29, n },
  { ...FIGMA_SET, rubric: 'output.completeness', mean: completeness, lo: completeness - 0.4, hi: completeness + 0.35, n },
];
const pairedScore = (rubric: string | null, pairs: number, meanDifference: number, better: number, worse: number, signTestP: number): Paired => ({
  ...FIGMA_SET, rubric, pairs, meanDifference, lo: meanDifference - 0.22, hi: meanDifference + 0.24, better, worse, tied: pairs - better - worse, signTestP,
});

type Comparison = AnalysisFigures['ablation']['groups'][number]['comparisons'][number];
const STUDY_A = { id: 'study-a', label: 'Skill ablation, spring' };
const STUDY_B = { id: 'study-b', label: 'Skill ablation, summer' };
/** One pair per (study, task, repeat): `tasks` tasks × `repeats` repeats in each study. */
const pairList = (prefix: string, studies: readonly (typeof STUDY_A)[], tasks: number, repeats: number): Comparison['pairList'] =>
  studies.flatMap((study) =>
    Array.from({ length: tasks * repeats }, (_, i) => {
      const [task, repeat] = [`t${Math.floor(i / repeats) + 1}`, i % repeats];
      return { study, task, repeat, run: `${prefix}-${study.id}-${task}-${repeat}-skill`, referenceRun: `${prefix}-${study.id}-${task}-${repeat}-none` };
    }),
  );

export const FIGURES_FIXTURE: AnalysisFigures = {
  generatedAt: '2026-11-30T01:40:00.000Z',
  study: {
    tasks: 12,
    configurations: [CLAUDE, CODEX, GEMINI],
    judges: JUDGES,
    annotators: 5,
    votes: 180,
    judgments: 648,
    scope: null,
    includesSynthetic: true,
    synthetic: { included: true, reason: 'only-synthetic', votes: 180, judgments: 648 },
    seed: 'lhb-analysis',
    resamples: 1000,
  },
  leaderboards: LEADERBOARDS,
  agreement: {
    judges: JUDGES,
    overall: {
      meanKappa: 0.6412, lo: 0.5733, hi: 0.7018, band: 'substantial', variance: 0.00391,
      pairs: [
        { judgeA: JUDGES[0]!, judgeB: JUDGES[1]!, kappa: 0.7122, n: 105, lo: 0.6409, hi: 0.7731 },
        { judgeA: JUDGES[0]!, judgeB: JUDGES[2]!, kappa: 0.5834, n: 105, lo: 0.4902, hi: 0.6688 },
        { judgeA: JUDGES[1]!, judgeB: JUDGES[2]!, kappa: 0.628, n: 105, lo: 0.5391, hi: 0.7103 },
      ],
    },
    perRubric: [
      {
        rubric: 'output.completeness',
        version: 'v2',
        meanKappa: 0.7021,
        lo: 0.6113,
        hi: 0.7802,
        band: 'substantial',
        variance: 0.0021,
        pairs: [
          { judgeA: JUDGES[0]!, judgeB: JUDGES[1]!, kappa: 0.74, n: 35, lo: 0.65, hi: 0.82 },
          { judgeA: JUDGES[0]!, judgeB: JUDGES[2]!, kappa: 0.69, n: 35, lo: 0.6, hi: 0.77 },
          { judgeA: JUDGES[1]!, judgeB: JUDGES[2]!, kappa: 0.6763, n: 35, lo: 0.5863, hi: 0.7563 },
        ],
      },
      {
        rubric: 'output.fidelity',
        version: 'v1',
        meanKappa: 0.4408,
        lo: 0.3127,
        hi: 0.5561,
        band: 'moderate',
        variance: 0.0113,
        pairs: [
          { judgeA: JUDGES[0]!, judgeB: JUDGES[1]!, kappa: 0.55, n: 35, lo: 0.46, hi: 0.63 },
          { judgeA: JUDGES[0]!, judgeB: JUDGES[2]!, kappa: 0.31, n: 35, lo: 0.22, hi: 0.39 },
          { judgeA: JUDGES[1]!, judgeB: JUDGES[2]!, kappa: 0.4624, n: 35, lo: 0.3724, hi: 0.5424 },
        ],
      },
      { rubric: 'content.polish', version: 'v1', meanKappa: null, lo: null, hi: null, band: null, variance: null, pairs: [{ judgeA: JUDGES[0]!, judgeB: JUDGES[1]!, kappa: null, n: 1, lo: null, hi: null }] },
    ],
    // The method's comparison: generic rubrics against the experts' on the same runs.
    setComparisons: [
      {
        tier: 'output', scale: 5,
        a: { rubricSet: 'figma-output-generic', version: 'v1', authoredBy: 'llm-generic', judges: JUDGES, meanKappa: 0.4612, lo: 0.3518, hi: 0.5609 },
        b: { rubricSet: 'figma-output', version: 'v2', authoredBy: 'expert', judges: JUDGES, meanKappa: 0.6021, lo: 0.5137, hi: 0.6874 },
        runs: 36, tasks: 12, difference: 0.1409, lo: 0.0512, hi: 0.2366, pValue: 0.004,
      },
    ],
    matrix: [
      [1, 0.7122, 0.5834],
      [0.7122, 1, 0.628],
      [0.5834, 0.628, 1],
    ],
  },
  preference: {
    votes: 180,
    elo: [
      { config: CLAUDE.id, label: CLAUDE.label, rating: 1061.37, lo: 1032.07, hi: 1093.8 },
      { config: CODEX.id, label: CODEX.label, rating: 1012.84, lo: 983.4, hi: 1041.11 },
      { config: GEMINI.id, label: GEMINI.label, rating: 925.79, lo: 889.02, hi: 958.6 },
    ],
    flags: ['Ratings are anchored so that their mean is 1000.'],
    pairwise: [
      { a: CLAUDE.id, b: CODEX.id, pValue: 0.0412, cohensH: 0.2881 },
      { a: CLAUDE.id, b: GEMINI.id, pValue: 0.00002, cohensH: 0.7012 },
      { a: CODEX.id, b: GEMINI.id, pValue: 0.0031, cohensH: 0.4417 },
    ],
    winMatrix: {
      configs: [CLAUDE.id, CODEX.id, GEMINI.id],
      cells: [
        [null, 0.6417, 0.8167],
        [0.3583, null, 0.7083],
        [0.1833, 0.2917, null],
      ],
    },
    positionBias: { left: 83, decided: 154, leftRate: 0.539, pValue: 0.3573 },
    cycles: { triads: 1, cyclic: 0, rate: 0 },
    winnerQuality: {
      byConfig: [
        { config: CLAUDE.id, label: CLAUDE.label, mean: 4.21, n: 71 },
        { config: CODEX.id, label: CODEX.label, mean: 3.96, n: 55 },
        { config: GEMINI.id, label: GEMINI.label, mean: 3.48, n: 28 },
      ],
      kruskal: { h: 14.382, pValue: 0.00075 },
    },
    passRates: [
      { config: CLAUDE.id, label: CLAUDE.label, rate: 0.75, n: 12 },
      { config: CODEX.id, label: CODEX.label, rate: 0.5833, n: 12 },
      { config: GEMINI.id, label: GEMINI.label, rate: 0.3636, n: 11 },
    ],
    winRates: [
      { config: CLAUDE.id, label: CLAUDE.label, withTies: 0.7292, withoutTies: 0.7738, tieRate: 0.1083 },
      { config: CODEX.id, label: CODEX.label, withTies: 0.525, withoutTies: 0.5326, tieRate: 0.1333 },
      { config: GEMINI.id, label: GEMINI.label, withTies: 0.2375, withoutTies: 0.2027, tieRate: 0.0917 },
    ],
    discriminatingShare: 0.6667,
  },
  alignment: { groups: ALIGNMENT_GROUPS },
  recovery: {
    runs: 36,
    importedRuns: 12,
    overall: { errors: 64, recovered: 45, rate: 45 / 64, lo: 0.594, hi: 0.8, runs: 36 },
    byType: [
      { type: 'build', errors: 22, recovered: 18, rate: 18 / 22, lo: 0.65, hi: 0.95, runs: 15 },
      { type: 'not-found', errors: 17, recovered: 14, rate: 14 / 17, lo: 0.6, hi: 1, runs: 12 },
      { type: 'test', errors: 13, recovered: 7, rate: 7 / 13, lo: 0.3, hi: 0.78, runs: 9 },
      { type: 'network', errors: 12, recovered: 6, rate: 0.5, lo: 0.25, hi: 0.75, runs: 8 },
    ],
    byConfiguration: [
      { config: GEMINI.id, label: GEMINI.label, runs: 12, errors: 28, recovered: 17, rate: 17 / 28, lo: 0.43, hi: 0.77 },
      { config: CODEX.id, label: CODEX.label, runs: 12, errors: 21, recovered: 16, rate: 16 / 21, lo: 0.58, hi: 0.9 },
      { config: CLAUDE.id, label: CLAUDE.label, runs: 12, errors: 15, recovered: 12, rate: 0.8, lo: 0.6, hi: 0.95 },
    ],
  },
  ablation: {
    groups: [
      {
        harness: 'claude-code',
        model: 'claude-sonnet-4.5',
        versions: {},
        synthetic: false,
        label: 'claude-code · claude-sonnet-4.5',
        reference: 'none',
        arms: [
          { skill: 'none', runs: 13, succeeded: 10, succeededRate: 10 / 13, deployable: 8, deployableRate: 8 / 13, errorsPerRun: 2.25, recovery: recovered(27, 17, 0.45, 0.8, 12), costUsd: usage(1.8421, 12), tokensInput: usage(412_300.4, 12), tokensOutput: usage(21_877.5, 12), scores: armScores(3.12, 3.05, 12) },
          { skill: 'v2', runs: 12, succeeded: 11, succeededRate: 11 / 12, deployable: 11, deployableRate: 11 / 12, errorsPerRun: 1.25, recovery: recovered(15, 12, 0.6, 0.95, 12), costUsd: usage(1.0684, 12), tokensInput: usage(265_010, 12), tokensOutput: usage(15_402.25, 12), scores: armScores(3.61, 3.7, 12) },
        ],
        comparisons: [
          {
            skill: 'v2', reference: 'none', pairs: 12, unpairedRuns: 1,
            pairList: pairList('claude', [STUDY_A, STUDY_B], 3, 2),
            unpaired: [{ run: 'claude-study-b-t3-2-none', skill: 'none', study: STUDY_B, task: 't3', repeat: 2, reason: 'no-counterpart' }],
            costChange: 1.0684 / 1.8421 - 1, costPairs: 12, scores: [pairedScore(null, 12, 0.49, 10, 1, 0.01171875), pairedScore('output.completeness', 12, 0.65, 9, 2, 0.0654296875)] },
        ],
      },
      {
        harness: 'gemini-cli',
        model: 'gemini-2.5-pro',
        versions: {},
        synthetic: false,
        label: 'gemini-cli · gemini-2.5-pro',
        reference: 'none',
        arms: [
          { skill: 'none', runs: 6, succeeded: 4, succeededRate: 4 / 6, deployable: 3, deployableRate: 0.5, errorsPerRun: null, recovery: { errors: 0, recovered: 0, rate: null, lo: null, hi: null, runs: 0 }, costUsd: usage(null, 0), tokensInput: usage(null, 0), tokensOutput: usage(null, 0), scores: armScores(2.71, 2.6, 6) },
          { skill: 'v1', runs: 6, succeeded: 5, succeededRate: 5 / 6, deployable: 5, deployableRate: 5 / 6, errorsPerRun: null, recovery: { errors: 0, recovered: 0, rate: null, lo: null, hi: null, runs: 0 }, costUsd: usage(null, 0), tokensInput: usage(null, 0), tokensOutput: usage(null, 0), scores: armScores(2.87, 2.95, 6) },
        ],
        comparisons: [
          {
            skill: 'v1', reference: 'none', pairs: 6, unpairedRuns: 0,
            pairList: pairList('gemini', [STUDY_A], 3, 2),
            unpaired: [{ run: 'gemini-imported-t1', skill: 'v1', study: null, task: 't1', repeat: null, reason: 'cancelled' }],
            costChange: null, costPairs: 0, scores: [pairedScore(null, 6, 0.16, 4, 2, 0.6875), pairedScore('output.completeness', 6, 0.35, 3, 1, 0.625)] },
        ],
      },
    ],
  },
  turns: {
    runs: 6,
    byTurn: [
      { config: CLAUDE.id, label: CLAUDE.label, turn: 1, runs: 6, succeeded: 6, durationMs: usage(184_250, 6), tokensInput: usage(120_400.5, 6), tokensOutput: usage(8_210, 6), errors: 5, recovered: 4 },
      { config: CLAUDE.id, label: CLAUDE.label, turn: 2, runs: 6, succeeded: 5, durationMs: usage(41_800, 6), tokensInput: usage(36_020, 6), tokensOutput: usage(2_115.5, 6), errors: 2, recovered: 2 },
      { config: CLAUDE.id, label: CLAUDE.label, turn: 3, runs: 5, succeeded: 5, durationMs: usage(null, 0), tokensInput: usage(29_900, 5), tokensOutput: usage(1_740, 5), errors: 0, recovered: 0 },
    ],
    revisions: [
      { config: CLAUDE.id, label: CLAUDE.label, turn: 2, runs: 6, filesChanged: usage(1.5, 6), linesChanged: usage(38.1667, 6), untouchedShare: usage(0.8734, 6) },
      { config: CLAUDE.id, label: CLAUDE.label, turn: 3, runs: 0, filesChanged: usage(null, 0), linesChanged: usage(null, 0), untouchedShare: usage(null, 0) },
    ],
  },
  controls: { noArtifactJudgments: 0, artifactEffect: [], harnessGuesses: [] },
  // No pairwise judging yet: the section is left out of every view (its own test builds it from a store).
  pairwise: { verdicts: 0, judges: [], winRates: [], humans: { decided: 0, leftRate: null } },
};

/** The same study with nothing to analyse: the empty state. */
export const EMPTY_FIGURES_FIXTURE: AnalysisFigures = {
  ...FIGURES_FIXTURE,
  study: {
    ...FIGURES_FIXTURE.study,
    votes: 0,
    judgments: 0,
    annotators: 0,
    judges: [],
    includesSynthetic: false,
    synthetic: { included: false, reason: 'requested', votes: 180, judgments: 648 },
  },
  leaderboards: [],
  agreement: { judges: [], overall: { meanKappa: null, lo: null, hi: null, band: null, variance: null, pairs: [] }, perRubric: [], matrix: [], setComparisons: [] },
  preference: {
    votes: 0,
    elo: [],
    flags: [],
    pairwise: [],
    winMatrix: { configs: [], cells: [] },
    positionBias: { left: 0, decided: 0, leftRate: null, pValue: null },
    cycles: { triads: 0, cyclic: 0, rate: null },
    winnerQuality: { byConfig: [], kruskal: { h: null, pValue: null } },
    passRates: [],
    winRates: [],
    discriminatingShare: null,
  },
  alignment: { groups: [] },
  recovery: { runs: 0, importedRuns: 0, overall: { errors: 0, recovered: 0, rate: null, lo: null, hi: null, runs: 0 }, byType: [], byConfiguration: [] },
  ablation: { groups: [] },
  turns: { runs: 0, byTurn: [], revisions: [] },
  controls: { noArtifactJudgments: 0, artifactEffect: [], harnessGuesses: [] },
};
