import type { Database } from 'better-sqlite3';
import type { PairwiseJudging } from '../../schemas/pairwise-judging.ts';
import { drawOverTasks, taskInterval, type TaskBootstrapOptions, type TaskInterval } from '../stats/task-bootstrap.ts';
import { kappaOfDraw, taskConfusions } from '../stats/task-kappa.ts';
import { listOkPairwiseVerdicts, type PairPick, type PairwiseVerdictRow } from '../store/pairwise-verdict-repository.ts';
import type { StudyData } from './study-data.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const PICKS: readonly PairPick[] = ['a', 'b', 'tie'];

/** Items of a share (`hit` of `of`), each in a task. */
interface Counted {
  task: string;
  hit: number;
  of: number;
}

/** A share summed over tasks, with its 95% percentile interval over tasks (tasks drawn whole, in id order). */
function shareOverTasks(items: readonly Counted[], options: TaskBootstrapOptions): TaskInterval {
  const tasks = [...new Set(items.map((item) => item.task))].sort(byText);
  const index = new Map(tasks.map((task, i) => [task, i]));
  const hits = new Float64Array(tasks.length);
  const totals = new Float64Array(tasks.length);
  for (const item of items) {
    const k = index.get(item.task)!;
    hits[k]! += item.hit;
    totals[k]! += item.of;
  }
  return taskInterval(
    drawOverTasks(
      tasks.length,
      (times) => {
        let hit = 0;
        let of = 0;
        for (let k = 0; k < times.length; k++) {
          hit += times[k]! * hits[k]!;
          of += times[k]! * totals[k]!;
        }
        return of === 0 ? null : hit / of;
      },
      options,
    ),
  );
}

/** The human outcome of a vote in run_a/run_b terms (a vote for neither, or both bad, is a tie). */
const humanPick = (vote: StudyData['votes'][number]): PairPick => (vote.winner_run === vote.run_a ? 'a' : vote.winner_run === vote.run_b ? 'b' : 'tie');

/** How many of a verdict's two askings picked the side shown first, of those that picked a side. */
function firstSidePicks(verdict: PairwiseVerdictRow): { first: number; decided: number } {
  // The first asking showed run_a first, the second showed run_b first.
  const first = (verdict.first_pick === 'a' ? 1 : 0) + (verdict.second_pick === 'b' ? 1 : 0);
  const decided = (verdict.first_pick === 'tie' ? 0 : 1) + (verdict.second_pick === 'tie' ? 0 : 1);
  return { first, decided };
}

/**
 * The pairwise judges' figures: per judge and tier, its pairs, its position-flip rate (the share of
 * pairs whose two askings, sides swapped, picked different runs) and how often it picked the side
 * shown first; its agreement and 3-class κ with the humans' votes on the same pairs; and the win
 * rate (ties half) its verdicts give each configuration. Every rate has a 95% bootstrap interval
 * over tasks. Verdicts count when both runs are counted by the report (scope, synthetic choice).
 */
export function buildPairwiseJudging(db: Database, data: StudyData, options: TaskBootstrapOptions): PairwiseJudging {
  const counted = (runId: string) => {
    const run = data.runs.get(runId);
    return run !== undefined && (data.synthetic.included || !run.synthetic);
  };
  const verdicts = listOkPairwiseVerdicts(db).filter((verdict) => counted(verdict.run_a) && counted(verdict.run_b));
  const left = data.votes.filter((vote) => vote.choice === 'left').length;
  const decided = left + data.votes.filter((vote) => vote.choice === 'right').length;
  const humans = { decided, leftRate: decided === 0 ? null : left / decided };

  const groups = new Map<string, PairwiseVerdictRow[]>();
  for (const verdict of verdicts) {
    const key = `${verdict.judge}\u0000${verdict.tier}`;
    groups.set(key, [...(groups.get(key) ?? []), verdict]);
  }
  const votesByPair = new Map<string, StudyData['votes']>();
  for (const vote of data.votes) {
    const key = `${vote.run_a}\u0000${vote.run_b}`;
    votesByPair.set(key, [...(votesByPair.get(key) ?? []), vote]);
  }

  const judges: PairwiseJudging['judges'] = [];
  const winRates: PairwiseJudging['winRates'] = [];
  for (const [, rows] of [...groups].sort(([x], [y]) => byText(x, y))) {
    const { judge, tier } = rows[0]!;
    const sides = rows.map(firstSidePicks);
    const firstPicks = sides.reduce((sum, side) => sum + side.first, 0);
    const decidedPicks = sides.reduce((sum, side) => sum + side.decided, 0);

    const compared = rows.flatMap((verdict) => (votesByPair.get(`${verdict.run_a}\u0000${verdict.run_b}`) ?? []).map((vote) => ({ task: verdict.task_id, human: humanPick(vote), judge: verdict.verdict! })));
    const tasks = [...new Set(compared.map((item) => item.task))].sort(byText);
    const taskIndex = new Map(tasks.map((task, i) => [task, i]));
    const confusions = taskConfusions(compared.map((item) => ({ task: taskIndex.get(item.task)!, a: item.human, b: item.judge })), tasks.length, PICKS, 'none');
    judges.push({
      judge,
      tier,
      pairs: rows.length,
      tasks: new Set(rows.map((row) => row.task_id)).size,
      flipRate: shareOverTasks(rows.map((row) => ({ task: row.task_id, hit: row.flipped, of: 1 })), options),
      firstRate: decidedPicks === 0 ? null : firstPicks / decidedPicks,
      tieRate: rows.filter((row) => row.verdict === 'tie').length / rows.length,
      voted: {
        votes: compared.length,
        agreement: shareOverTasks(compared.map((item) => ({ task: item.task, hit: item.human === item.judge ? 1 : 0, of: 1 })), options),
        kappa: compared.length === 0 ? { estimate: null, lo: null, hi: null } : taskInterval(drawOverTasks(tasks.length, (times) => kappaOfDraw(confusions, times), options)),
      },
    });

    const configs = new Map<string, { task: string; hit: number; of: number }[]>();
    for (const row of rows) {
      const [a, b] = [data.runs.get(row.run_a)!.config, data.runs.get(row.run_b)!.config];
      if (a === b) continue;
      const points = row.verdict === 'tie' ? [0.5, 0.5] : row.verdict === 'a' ? [1, 0] : [0, 1];
      configs.set(a, [...(configs.get(a) ?? []), { task: row.task_id, hit: points[0]!, of: 1 }]);
      configs.set(b, [...(configs.get(b) ?? []), { task: row.task_id, hit: points[1]!, of: 1 }]);
    }
    const label = (config: string) => data.labels.get(config) ?? config;
    for (const [config, games] of [...configs].sort(([x], [y]) => byText(label(x), label(y)))) {
      winRates.push({ judge, tier, config, label: label(config), games: games.length, winRate: shareOverTasks(games, options) });
    }
  }
  return { verdicts: verdicts.length, judges, winRates, humans };
}
