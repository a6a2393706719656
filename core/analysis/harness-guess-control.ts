import type { Database } from 'better-sqlite3';
import type { HarnessGuessRow } from '../../schemas/analysis.ts';
import { CANNOT_TELL } from '../../schemas/judging.ts';
import { listLatestHarnessGuesses, type ScoredHarnessGuess } from '../store/harness-guess-repository.ts';
import { binomialTest } from '../stats/binomial-test.ts';
import { wilsonInterval } from '../stats/wilson-interval.ts';

/** One answer as the comparison reads it: the run's harness, what the judge named, and how many harnesses it was offered. */
export interface HarnessGuess {
  judge: string;
  harness: string;
  /** A harness id, or "cannot tell" (never right). */
  guess: string;
  offered: number;
}

/**
 * Per judge, its guesses against chance. Chance is what a judge that cannot tell scores at best
 * without looking: 1 / the harnesses offered when each made as many of the runs, else the largest
 * harness's share of them (naming that one every time). "Cannot tell" counts as not right. The
 * blinding leaks for a judge whose 95% Wilson lower bound is above chance.
 */
export function compareGuessesWithChance(guesses: readonly HarnessGuess[]): HarnessGuessRow[] {
  const byJudge = new Map<string, HarnessGuess[]>();
  for (const guess of guesses) byJudge.set(guess.judge, [...(byJudge.get(guess.judge) ?? []), guess]);
  return [...byJudge]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([judge, answers]): HarnessGuessRow => {
      const runs = answers.length;
      const correct = answers.filter((answer) => answer.guess === answer.harness).length;
      const perHarness = new Map<string, number>();
      for (const answer of answers) perHarness.set(answer.harness, (perHarness.get(answer.harness) ?? 0) + 1);
      const offered = Math.max(perHarness.size, ...answers.map((answer) => answer.offered));
      const counts = [...perHarness.values()];
      const balanced = perHarness.size === offered && counts.every((count) => count === counts[0]);
      const chance = balanced ? 1 / offered : Math.max(...counts) / runs;
      const { lo, hi } = wilsonInterval(correct, runs);
      return {
        judge,
        runs,
        correct,
        cannotTell: answers.filter((answer) => answer.guess === CANNOT_TELL).length,
        harnesses: offered,
        chance,
        chanceBasis: balanced ? 'uniform' : 'largest-share',
        accuracy: correct / runs,
        lo,
        hi,
        pValue: binomialTest(correct, runs, chance, 'greater'),
        leaks: lo > chance,
      };
    });
}

const asGuess = (row: ScoredHarnessGuess): HarnessGuess => ({ judge: row.judge, harness: row.harness, guess: row.guess, offered: (JSON.parse(row.choices_json) as string[]).length });

/** The controls section's guess-harness figures: each judge's newest answer about each run the report counts. */
export function buildHarnessGuesses(db: Database, projectId: string, counted: (runId: string) => boolean): HarnessGuessRow[] {
  return compareGuessesWithChance(listLatestHarnessGuesses(db, projectId).filter((row) => counted(row.run_id)).map(asGuess));
}
