import { CANNOT_TELL } from '../../schemas/judging.ts';
import { countExportHarnessGuesses, pageExportHarnessGuesses } from '../store/harness-guess-repository.ts';
import { noteJudgeRecord, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { countInScope, pagesInScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

/** The harnesses an asking offered, in the order shown, as stored (a JSON array of ids). */
export function choicesOf(choicesJson: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(choicesJson);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((choice): choice is string => typeof choice === 'string') : [];
}

/** Whether an answer names the run's harness: "cannot tell" never does; null for an asking that got none. */
export const guessedRight = (guess: string | null, harness: string): boolean | null => (guess === null ? null : guess !== CANNOT_TELL && guess === harness);

/** The askings about runs in scope, a page at a time. */
const harnessGuessPages = (ctx: ExportContext) => pagesInScope(ctx, (after, limit) => pageExportHarnessGuesses(ctx.db, ctx.projectId, ctx.demo, after, limit), (row) => [row.run_id]);

export const countHarnessGuessRows = (ctx: ExportContext): number => countInScope(ctx, () => harnessGuessPages(ctx), () => countExportHarnessGuesses(ctx.db, ctx.projectId, ctx.demo));

/**
 * One row per asking of the guess-harness control (answered or failed) about an exported run, by
 * id: every one, as the store keeps them, so the report's newest-answer rule and the cost read the
 * same rows after an import. The prompt and the raw reply stay here, as for every judge record.
 */
export async function* harnessGuessRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'harness_guesses'>> {
  for (const page of harnessGuessPages(ctx)) {
    for (const row of page) {
      const createdAt = noteJudgeRecord(ctx, 'harness guesses', `Harness guess ${row.id}`, row);
      yield {
        guess_id: row.id,
        run_id: row.run_id,
        task_id: row.task_id,
        judge: row.judge,
        judge_model: row.judge_model,
        tier: row.tier,
        turn: row.turn,
        harness: row.harness,
        choices: choicesOf(row.choices_json),
        status: row.status,
        guess: row.guess,
        correct: guessedRight(row.guess, row.harness),
        reason: row.reason,
        failure: row.failure,
        tokens_input: row.tokens_input,
        tokens_output: row.tokens_output,
        cost_usd: row.cost_usd,
        created_at: createdAt,
      };
    }
    await yieldToEventLoop();
  }
}
