import type { ComparisonWinner, PairwiseComparison } from '../stats/pairwise-comparison.ts';
import { drawOverTasks, taskInterval, type TaskBootstrapOptions, type TaskInterval } from '../stats/task-bootstrap.ts';
import { kappaOfDraw, taskConfusions } from '../stats/task-kappa.ts';

const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The three outcomes of a pair in canonical run_a/run_b terms. */
export const OUTCOME_LABELS: readonly ComparisonWinner[] = ['a', 'b', 'tie'];

/** Human and score outcomes of the same votes, with each vote's task: what alignment's intervals resample. */
export interface AlignedVotes {
  human: PairwiseComparison[];
  judge: PairwiseComparison[];
  tasks: string[];
}

/** The votes' tasks numbered in id order, so the draws depend on the data and seed only. */
function taskNumbers(tasks: readonly string[]): { of: number[]; count: number } {
  const sorted = [...new Set(tasks)].sort(byText);
  const index = new Map(sorted.map((task, i) => [task, i]));
  return { of: tasks.map((task) => index.get(task)!), count: sorted.length };
}

/** The 3-class κ of the human and score outcomes, with its 95% interval over the votes' tasks. */
export function outcomeKappaInterval(votes: AlignedVotes, options: TaskBootstrapOptions): TaskInterval {
  const { of, count } = taskNumbers(votes.tasks);
  const confusions = taskConfusions(
    votes.human.map((h, i) => ({ task: of[i]!, a: h.winner, b: votes.judge[i]!.winner })),
    count,
    OUTCOME_LABELS,
    'none',
  );
  return taskInterval(drawOverTasks(count, (times) => kappaOfDraw(confusions, times), options));
}

const points = (comparison: PairwiseComparison, config: string): number => {
  const won = comparison.winner === 'tie' ? 0.5 : (comparison.winner === 'a') === (comparison.a === config) ? 1 : 0;
  return won;
};

export interface WinRateIntervals {
  human: TaskInterval;
  judge: TaskInterval;
  /** judge − human, both on the same resampled tasks. */
  difference: TaskInterval;
}

/**
 * One configuration's win rate (ties half) by people and as the scores imply, on the votes it
 * took part in, and their difference, each with a 95% interval over the votes' tasks (one task's
 * votes move together; the difference's two rates are drawn on the same tasks).
 */
export function winRateIntervals(votes: AlignedVotes, config: string, options: TaskBootstrapOptions): WinRateIntervals {
  const { of, count } = taskNumbers(votes.tasks);
  const games = new Float64Array(count);
  const human = new Float64Array(count);
  const judge = new Float64Array(count);
  votes.human.forEach((comparison, i) => {
    if (comparison.a !== config && comparison.b !== config) return;
    const task = of[i]!;
    games[task]! += 1;
    human[task]! += points(comparison, config);
    judge[task]! += points(votes.judge[i]!, config);
  });
  const rate = (wins: Float64Array) => (times: Float64Array) => {
    let won = 0;
    let played = 0;
    for (let t = 0; t < count; t++) {
      won += times[t]! * wins[t]!;
      played += times[t]! * games[t]!;
    }
    return played === 0 ? null : won / played;
  };
  const [humanRate, judgeRate] = [rate(human), rate(judge)];
  return {
    human: taskInterval(drawOverTasks(count, humanRate, options)),
    judge: taskInterval(drawOverTasks(count, judgeRate, options)),
    difference: taskInterval(
      drawOverTasks(
        count,
        (times) => {
          const [x, y] = [humanRate(times), judgeRate(times)];
          return x === null || y === null ? null : y - x;
        },
        options,
      ),
    ),
  };
}
