import { createHash, randomUUID } from 'node:crypto';
import type { JudgeConfig } from '../../../schemas/judge.ts';
import type { JudgeRunsSummary } from '../../../schemas/judging.ts';
import { LhbError } from '../../../schemas/lhb-error.ts';
import type { JobProgress } from '../../jobs/job-runner.ts';
import { findReusableGuess, hasGuessOfJudge, insertHarnessGuess, type HarnessGuessRow } from '../../store/harness-guess-repository.ts';
import type { RunRow } from '../../store/run-repository.ts';
import { findTask } from '../../store/task-repository.ts';
import { runTurnOf, type RunTurn } from '../../runs/trajectory/run-turn.ts';
import { askWithRepair } from './ask-judge.ts';
import type { JudgePrompt } from './build-prompt.ts';
import { buildGuessHarnessPrompt, guessRepairRequest, harnessChoicesFor, harnessChoiceLabel, readGuessReply } from './guess-harness-prompt.ts';
import { askCounted, checkJudgeNames, chooseJudgedRuns, type JudgeRunsDeps } from './judge-runs.ts';
import { loadJudgingMaterial, missingEvidence } from './load-judging-material.ts';
import { runJudgingPlan, type JudgeGate } from './run-judging-plan.ts';

/** The tier whose material the guess is made from: the trajectory, as a process-tier judge reads it. */
const TIER = 'process';

export interface GuessHarnessRequest {
  judges: readonly JudgeConfig[];
  taskIds?: readonly string[];
  runIds?: readonly string[];
  /** The turn of multi-turn runs to show (from 1); default each run's last. */
  turn?: number;
}

export type GuessHarnessDeps = Pick<JudgeRunsDeps, 'store' | 'providerFor' | 'jobId' | 'now'> & {
  /** Told every prompt built, before it is sent (the fingerprint scan of the tests reads them). */
  onPrompt?: (prompt: JudgePrompt) => void;
};

interface PlannedGuess {
  run: RunRow;
  turn: RunTurn | null;
}

/**
 * The runs a guess-harness control asks about (those with a trajectory to show at the chosen
 * turn) and the harnesses offered: every harness among them. Read from the store alone, so it
 * refuses at once when fewer than two harnesses made the runs (there would be nothing to tell apart).
 */
export function planHarnessGuesses(store: JudgeRunsDeps['store'], request: GuessHarnessRequest): { planned: PlannedGuess[]; harnesses: string[]; summary: JudgeRunsSummary } {
  const { runs, summary } = chooseJudgedRuns(store.db, request);
  const planned: PlannedGuess[] = [];
  for (const run of runs) {
    const task = findTask(store.db, run.task_id);
    if (!task) {
      summary.skipped.push({ runId: run.id, reason: `its task ${run.task_id} is missing` });
      continue;
    }
    const judged = runTurnOf(store, run, request.turn);
    if (!judged.ok) {
      summary.skipped.push({ runId: run.id, reason: judged.reason });
      continue;
    }
    const missing = missingEvidence(store, run, task, TIER, judged.turn);
    if (missing !== null) {
      summary.skipped.push({ runId: run.id, reason: judged.turn ? `its turn ${judged.turn.index}: ${missing}` : missing });
      continue;
    }
    planned.push({ run, turn: judged.turn });
  }
  const harnesses = [...new Set(planned.map(({ run }) => run.harness))].sort();
  if (harnesses.length < 2) {
    const which = harnesses.length === 1 ? `all made by ${harnessChoiceLabel(harnesses[0]!)}` : 'none of them has a trajectory to show';
    throw new LhbError('bad_request', `The guess-harness control asks judges to tell harnesses apart, so it needs runs of two harnesses or more with a trajectory; the runs chosen (${planned.length} with a trajectory) are ${which}. Choose runs of more than one harness (--task, --run), or run a study that compares harnesses.`, { field: 'control' });
  }
  summary.units.total = planned.length * request.judges.length;
  return { planned, harnesses, summary };
}

/**
 * The guess-harness control: each judge is shown each run's blinded trajectory (the material the
 * process tier scores from) and asked which of the runs' harnesses made it, the names in an order
 * shuffled per run, or "cannot tell". Each answer is stored apart (`harness_guesses`), never a
 * score; one already stored for the same input is reused, and a request that got no answer is
 * asked again, the failed asking kept with what it cost.
 */
export async function guessHarnesses(request: GuessHarnessRequest, deps: GuessHarnessDeps, progress: Pick<JobProgress, 'signal' | 'report'>): Promise<JudgeRunsSummary> {
  const { db } = deps.store;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  checkJudgeNames(request.judges, 'guesses');
  const { planned, harnesses, summary } = planHarnessGuesses(deps.store, request);

  const guessOne = async (run: RunRow, turn: number | null, judge: JudgeConfig, gate: JudgeGate, prompt: JudgePrompt, choices: string[], inputHash: string) => {
    const reusable = findReusableGuess(db, { run_id: run.id, judge_model: judge.model, input_hash: inputHash });
    if (reusable) {
      // Another judge name with the same model gets its own row of the answer, which cost nothing more.
      if (!hasGuessOfJudge(db, { run_id: run.id, judge: judge.name, input_hash: inputHash })) {
        insertHarnessGuess(db, { ...reusable, id: randomUUID(), judge: judge.name, attempts: 0, tokens_input: 0, tokens_output: 0, cost_usd: null, job_id: deps.jobId ?? null, created_at: now() });
      }
      summary.units.cached++;
      return;
    }
    const asked = await askCounted(summary, judge, gate, progress.signal, () => {
      deps.onPrompt?.(prompt);
      return askWithRepair(deps.providerFor(judge), prompt, (text) => readGuessReply(text, choices), guessRepairRequest, { maxOutputTokens: judge.maxOutputTokens, signal: progress.signal, cutOffHint: 'be briefer in reasoning' });
    });
    if (!asked) return;
    const { exchange, cost } = asked;
    const row: HarnessGuessRow = {
      id: randomUUID(),
      run_id: run.id,
      judge: judge.name,
      judge_model: judge.model,
      tier: TIER,
      turn,
      input_hash: inputHash,
      choices_json: JSON.stringify(choices),
      status: exchange.value ? 'ok' : 'failed',
      guess: exchange.value?.guess ?? null,
      reason: exchange.value?.reason ?? '',
      failure: exchange.value ? null : (exchange.failure ?? 'failed'),
      raw_reply: exchange.rawReply,
      attempts: exchange.attempts,
      tokens_input: exchange.usage.input,
      tokens_output: exchange.usage.output,
      cost_usd: cost,
      job_id: deps.jobId ?? null,
      created_at: now(),
    };
    insertHarnessGuess(db, row);
    if (row.status === 'ok') {
      summary.units.ok++;
      summary.judgments.ok++;
    } else {
      summary.units.failed++;
      summary.judgments.failed++;
      summary.failures.push({ runId: run.id, judge: judge.name, rubricSet: 'guess-harness', failure: row.failure! });
    }
  };

  await runJudgingPlan(
    {
      items: planned,
      judges: request.judges,
      summary,
      unitName: 'harness guesses',
      prepare: async ({ run, turn }) => {
        const material = await loadJudgingMaterial(deps.store, run.id, TIER, {}, turn);
        if (!material.ok) return material;
        summary.runs++;
        const choices = harnessChoicesFor(run.id, harnesses);
        const prompt = buildGuessHarnessPrompt(material.material, choices);
        const turnIndex = turn?.index ?? null;
        const inputHash = createHash('sha256').update(`guess-harness:${run.id.length}:${run.id}:${turnIndex ?? ''}:`).update(prompt.inputHash).digest('hex');
        return { ok: true, units: [(judge, gate) => guessOne(run, turnIndex, judge, gate, prompt, choices, inputHash)] };
      },
      leaveOut: ({ run }, reason) => summary.skipped.push({ runId: run.id, reason }),
    },
    progress,
  );
  return summary;
}
