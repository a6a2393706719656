import type { AblationArm, AblationGroup, AblationScoreKey, UnpairedReason } from '../../schemas/analysis.ts';
import type { TableModel } from '../../schemas/table-model.ts';
import { column, formatTable, type CellEntry, type ColumnSpec } from './format-table.ts';
import { scaleTitle, tierSetTitle } from './leaderboard-tables.ts';

const SET_SCORE = 'Set score (weighted)';
/** The two columns that say which score a row is about: its tier, rubric set version and scale (in words), and the set's weighted score or one of its rubrics. */
const SCORE_KEY_COLUMNS = [column('set', 'Tier · rubric set · scale', 'text'), column('rubric', 'Rubric', 'text')];
const scoreKeyCells = (key: AblationScoreKey): CellEntry[] => [`${tierSetTitle(key)} · ${scaleTitle(key.scale)}`, key.rubric ?? SET_SCORE];

/** A file name stem per group ("ablation-claude-code-claude-sonnet-4-5"), made unique across the report. */
export function ablationTableStems(groups: readonly Pick<AblationGroup, 'label'>[]): string[] {
  const used = new Set<string>();
  return groups.map((group) => {
    const base = `ablation-${group.label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
    let stem = base;
    for (let n = 2; used.has(stem); n++) stem = `${base}-${n}`;
    used.add(stem);
    return stem;
  });
}

/**
 * Each arm's runs: how many, the share that succeeded and that left a deployable build, errors
 * per run and the recovery rate, and (only when some arm reports them) mean cost and tokens per
 * run, with each arm's cost against the reference arm's over the pairs where both report one.
 */
export function ablationArmTable(group: AblationGroup, stem: string): TableModel {
  const anyKnown = (pick: (arm: AblationArm) => { runs: number }) => group.arms.some((arm) => pick(arm).runs > 0);
  const showCost = anyKnown((arm) => arm.costUsd);
  const showTokens = anyKnown((arm) => arm.tokensInput) || anyKnown((arm) => arm.tokensOutput);
  const noTrajectory = 'No run of this arm has a stored trajectory';
  const noErrors = 'No errors: nothing to recover from';
  const columns: ColumnSpec[] = [
    column('skill', 'Skill', 'text'),
    column('runs', 'Runs', 'count'),
    column('succeeded', 'Succeeded', 'rate'),
    column('deployable', 'Deployable build', 'rate'),
    column('errorsPerRun', 'Errors / run', 'per-run', { missing: noTrajectory }),
    column('recovery', 'Recovery rate', 'rate', { missing: noErrors }),
    column('recoveryCi', 'Recovery 95% CI', 'rate', { interval: true, missing: noErrors }),
    ...(showCost
      ? [column('cost', 'Cost / run', 'usd', { missing: 'No run of this arm reports its cost' }), column('costChange', `Cost vs ${group.reference}`, 'relative-change', { missing: 'No pair of runs reports a cost in both arms' })]
      : []),
    ...(showTokens
      ? [column('tokensIn', 'Tokens in / run', 'count', { missing: 'No run of this arm reports its tokens' }), column('tokensOut', 'Tokens out / run', 'count', { missing: 'No run of this arm reports its tokens' })]
      : []),
  ];
  return formatTable(
    { id: `${stem}-arms`, caption: `Skill ablation, ${group.label}: each skill version's runs (reference: ${group.reference})`, columns },
    group.arms.map((arm) => {
      const comparison = group.comparisons.find((c) => c.skill === arm.skill);
      const row: CellEntry[] = [
        arm.skill,
        arm.runs,
        arm.succeededRate,
        arm.deployableRate,
        arm.errorsPerRun,
        arm.recovery.rate,
        [arm.recovery.lo, arm.recovery.hi],
      ];
      if (showCost) row.push(arm.costUsd.mean, comparison ? comparison.costChange : { value: null, missing: 'The reference arm' });
      if (showTokens) row.push(arm.tokensInput.mean, arm.tokensOutput.mean);
      return row;
    }),
  );
}

/** Each arm's judge score per tier, rubric set version and scale (the set's weighted score, then each rubric's mean), with a 95% bootstrap interval over tasks and the runs scored. */
export function ablationScoreTable(group: AblationGroup, stem: string): TableModel {
  const keys = group.arms[0]?.scores ?? [];
  return formatTable(
    {
      id: `${stem}-scores`,
      caption: `Skill ablation, ${group.label}: judge score per skill version and rubric set (a run's weighted set score averaged over judges, or a rubric's mean; each on its set's scale), 95% bootstrap interval over tasks`,
      columns: [
        ...SCORE_KEY_COLUMNS,
        column('skill', 'Skill', 'text'),
        column('mean', 'Mean', 'score', { missing: 'No run of this arm was scored here' }),
        column('ci', '95% CI', 'score', { interval: true, missing: 'No interval: fewer than two tasks scored' }),
        column('runs', 'Runs scored', 'count'),
      ],
    },
    keys.flatMap((key, k) =>
      group.arms.map((arm): CellEntry[] => {
        const score = arm.scores[k]!;
        return [...scoreKeyCells(key), arm.skill, score.mean, [score.lo, score.hi], score.n];
      }),
    ),
  );
}

/** Each arm against the reference over (study, task, repeat) pairs: the mean paired difference, its paired bootstrap interval, the pairs that went up, down or tied, and the sign test. */
export function ablationPairedTable(group: AblationGroup, stem: string): TableModel {
  return formatTable(
    {
      id: `${stem}-paired`,
      caption: `Skill ablation, ${group.label}: paired difference in judge score over (study, task, repeat) pairs, 95% paired bootstrap interval, two-sided sign test`,
      columns: [
        column('comparison', 'Comparison', 'text'),
        ...SCORE_KEY_COLUMNS,
        column('pairs', 'Pairs', 'count'),
        column('difference', 'Mean difference', 'score-difference', { missing: 'No pair where both runs were scored here' }),
        column('ci', '95% CI', 'score-difference', { interval: true, missing: 'No interval: fewer than two pairs' }),
        column('better', 'Better', 'count'),
        column('worse', 'Worse', 'count'),
        column('tied', 'Tied', 'count'),
        column('p', 'Sign test p', 'p-value', { missing: 'No test: every pair tied, or no pair' }),
      ],
    },
    group.comparisons.flatMap((comparison) =>
      comparison.scores.map((score): CellEntry[] => [
        `${comparison.skill} − ${comparison.reference}`,
        ...scoreKeyCells(score),
        score.pairs,
        score.meanDifference,
        [score.lo, score.hi],
        score.better,
        score.worse,
        score.tied,
        score.signTestP,
      ]),
    ),
  );
}

/** Why a run is in no pair, in the words every view prints (the reason's id is the cell's value). */
export const UNPAIRED_REASON_TEXT: Record<UnpairedReason, string> = {
  'no-counterpart': 'no run of the other arm with this study, task and repeat',
  'counterpart-cancelled': "the other arm's run with this study, task and repeat was cancelled",
  'several-runs': 'more than one run of one arm with this study, task and repeat',
  'not-from-a-study': 'not from a study (imported), and its task has more than one such run in an arm: no repeat to pair them by',
  cancelled: 'cancelled: counted in no figure',
};

const NOT_FROM_A_STUDY = 'Not from a study';

/** The pairs each comparison used, counted per study, beside the runs of that study it left unpaired (cancelled ones apart). */
export function ablationPairsTable(group: AblationGroup, stem: string): TableModel {
  return formatTable(
    {
      id: `${stem}-pairs`,
      caption: `Skill ablation, ${group.label}: pairs used per study (runs pair only within one study, task and repeat of that study)`,
      columns: [column('comparison', 'Comparison', 'text'), column('study', 'Study', 'text'), column('pairs', 'Pairs', 'count'), column('unpaired', 'Unpaired runs', 'count'), column('cancelled', 'Cancelled runs', 'count')],
    },
    group.comparisons.flatMap((comparison) => {
      const studies = new Map<string, { label: string; pairs: number; unpaired: number; cancelled: number }>();
      const count = (study: { id: string; label: string } | null) => {
        const key = study?.id ?? '';
        const entry = studies.get(key) ?? { label: study?.label ?? NOT_FROM_A_STUDY, pairs: 0, unpaired: 0, cancelled: 0 };
        studies.set(key, entry);
        return entry;
      };
      for (const pair of comparison.pairList) count(pair.study).pairs += 1;
      for (const run of comparison.unpaired) count(run.study)[run.reason === 'cancelled' ? 'cancelled' : 'unpaired'] += 1;
      // Studies by label, runs from no study last.
      const rows = [...studies].sort(([x, a], [y, b]) => (x === '' ? 1 : 0) - (y === '' ? 1 : 0) || a.label.localeCompare(b.label) || (x < y ? -1 : x > y ? 1 : 0));
      return rows.map(([id, entry]): CellEntry[] => [`${comparison.skill} − ${comparison.reference}`, { value: id === '' ? null : id, text: entry.label }, entry.pairs, entry.unpaired, entry.cancelled]);
    }),
  );
}

/** Every run of two compared arms left out of the pairs, with its study, task, repeat and why. */
export function ablationUnpairedTable(group: AblationGroup, stem: string): TableModel {
  return formatTable(
    {
      id: `${stem}-unpaired`,
      caption: `Skill ablation, ${group.label}: runs left unpaired, and why`,
      columns: [
        column('comparison', 'Comparison', 'text'),
        column('run', 'Run', 'text'),
        column('skill', 'Skill', 'text'),
        column('study', 'Study', 'text', { missing: NOT_FROM_A_STUDY }),
        column('task', 'Task', 'text'),
        column('repeat', 'Repeat', 'count', { missing: NOT_FROM_A_STUDY }),
        column('reason', 'Why unpaired', 'text'),
      ],
    },
    group.comparisons.flatMap((comparison) =>
      comparison.unpaired.map((run): CellEntry[] => [
        `${comparison.skill} − ${comparison.reference}`,
        run.run,
        run.skill,
        run.study === null ? null : { value: run.study.id, text: run.study.label },
        run.task,
        // The study's repeat index counts from 0; people count repeats from 1, as the Runs screen does.
        run.repeat === null ? null : run.repeat + 1,
        { value: run.reason, text: UNPAIRED_REASON_TEXT[run.reason] },
      ]),
    ),
  );
}
