import { CANNOT_TELL } from '../../schemas/judging.ts';
import { findHarnessGuess, insertHarnessGuess, type HarnessGuessRow } from '../store/harness-guess-repository.ts';
import { choicesOf, guessedRight } from '../export/harness-guess-rows.ts';
import type { ImportedRow } from '../export/subset-fields.ts';
import type { Located } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { checkStatus, checkTier, importedAsking, instantText, localRun } from './judge-row-checks.ts';
import { atRow, type MergeContext } from './merge-context.ts';

/**
 * The guess-harness control's askings, merged by id as the other judge records are: one the
 * workspace has with the same content is left as it is; with other content, or twice in the file,
 * the first is kept and the conflict reported with both. Every row is checked first: its run
 * exists, is of its task and was made by the harness the row names, the harnesses offered are two
 * or more with the run's among them, an answer is one of them or "cannot tell", and `correct` is
 * what the answer and the run's harness give. The prompt and the raw reply are not in an export: an
 * imported asking never answers a judging job's reuse (asking again asks again) and made no request
 * here (attempts 0: no study's cost counts it twice).
 */
export function mergeHarnessGuesses(ctx: MergeContext, rows: readonly Located<ImportedRow<'harness_guesses'>>[]): void {
  for (const { row, where } of rows) {
    atRow(where, () => {
      const tier = checkTier(row.tier, where);
      if (tier !== 'process') throw new ImportRefusedError(`${where}: field tier is "${tier}"; the guess-harness control shows a run's trajectory, the process tier's material, so it is process.`);
      const status = checkStatus(row.status, where);
      const run = localRun(ctx, 'run_id', row.run_id, where);
      if (run.task_id !== row.task_id) throw new ImportRefusedError(`${where}: field run_id names a run of task ${run.task_id}, not of the row's task ${row.task_id}.`);
      if (run.harness !== row.harness) {
        throw new ImportRefusedError(`${where}: field harness is "${row.harness}", but run ${row.run_id} was made by ${run.harness} (the runs subset, or this workspace); a guess is right only against the run's own harness. Fix the row or remove it.`);
      }
      checkAnswer(row, status, where);
      const guess: HarnessGuessRow = {
        id: row.guess_id,
        run_id: run.id,
        judge: row.judge,
        judge_model: row.judge_model,
        tier,
        turn: row.turn,
        input_hash: `import:${row.guess_id}`,
        choices_json: JSON.stringify(row.choices),
        status,
        guess: row.guess,
        reason: row.reason,
        failure: row.failure,
        raw_reply: null,
        ...importedAsking(row),
      };
      const stored = findHarnessGuess(ctx.db, guess.id);
      if (ctx.conflictOf('harness_guesses', 'harness-guess', guess.id, where, guessContent(guess), stored && guessContent(stored))) return;
      if (stored) return ctx.count('harness_guesses', 'unchanged');
      insertHarnessGuess(ctx.db, guess);
      ctx.count('harness_guesses', 'added');
    });
  }
}

/** The row's choices and answer, checked: two harnesses or more, the run's among them, once each; an ok answer one of them or "cannot tell", and `correct` what it gives. */
function checkAnswer(row: ImportedRow<'harness_guesses'>, status: 'ok' | 'failed', where: string): void {
  const { choices, guess, correct } = row;
  if (choices.length < 2 || new Set(choices).size !== choices.length || !choices.includes(row.harness)) {
    throw new ImportRefusedError(`${where}: field choices is ${JSON.stringify(choices)}; the control offers two harnesses or more, each once, the run's own (${row.harness}) among them.`);
  }
  if (status === 'failed') {
    if (guess !== null || correct !== null) throw new ImportRefusedError(`${where}: a failed asking has no answer, and this row has one (guess or correct); fix its status or clear them.`);
    return;
  }
  if (guess === null || (guess !== CANNOT_TELL && !choices.includes(guess))) {
    throw new ImportRefusedError(`${where}: field guess is ${guess === null ? 'null' : `"${guess}"`}; an ok asking's answer is one of its choices (${choices.join(', ')}) or "${CANNOT_TELL}".`);
  }
  const right = guessedRight(guess, row.harness);
  if (correct !== right) throw new ImportRefusedError(`${where}: field correct is ${correct}, but the guess "${guess}" about a run made by ${row.harness} is ${right ? 'right' : 'not right'}; fix correct.`);
}

/** What an asking says, as one JSON text, so two versions compare as strings (prompts and raw replies are never exported). */
function guessContent(guess: HarnessGuessRow): string {
  const { run_id, judge, judge_model, tier, turn, status, reason, failure, tokens_input, tokens_output, cost_usd } = guess;
  return JSON.stringify({
    run_id, judge, judge_model, tier, turn, choices: choicesOf(guess.choices_json), status, guess: guess.guess, reason, failure, tokens_input, tokens_output, cost_usd, created_at: instantText(guess.created_at),
  });
}
