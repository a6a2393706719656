import { createHash, randomUUID } from 'node:crypto';
import type { JudgeConfig, JudgeTier } from '../../../schemas/judge.ts';
import type { PairSource, PairwiseSummary } from '../../../schemas/pairwise-judging.ts';
import type { JobProgress } from '../../jobs/job-runner.ts';
import { findPairwiseVerdict, savePairwiseVerdict, type PairPick, type PairwiseVerdictRow } from '../../store/pairwise-verdict-repository.ts';
import type { JudgeProvider } from '../providers/judge-provider.ts';
import { askWithRepair, type JudgeExchange } from '../judging/ask-judge.ts';
import type { JudgePrompt } from '../judging/build-prompt.ts';
import type { ContentFrameSources } from '../judging/content-frames.ts';
import { checkJudgeNames } from '../judging/judge-runs.ts';
import { costOf } from '../judging/judging-cost.ts';
import { loadJudgingMaterial, type MaterialResult, type MaterialStore } from '../judging/load-judging-material.ts';
import { runJudgingPlan, type JudgeGate } from '../judging/run-judging-plan.ts';
import { choosePairs, type RunPair } from './choose-pairs.ts';
import { buildPairwisePrompt, pairwiseRepairRequest, readPairwiseReply, type ShownSide } from './pairwise-prompt.ts';

export interface JudgePairsRequest {
  judges: readonly JudgeConfig[];
  tier: JudgeTier;
  pairs?: PairSource;
  taskIds?: readonly string[];
}

export interface JudgePairsDeps {
  store: MaterialStore;
  providerFor: (judge: JudgeConfig) => JudgeProvider;
  contentSources?: ContentFrameSources;
  /** Told every prompt built, before it is sent (the fingerprint scan of the tests reads them). */
  onPrompt?: (prompt: JudgePrompt) => void;
  jobId?: string | null;
  now?: () => Date;
}

/** A pick as the prompt named it, in run_a/run_b terms: `aFirst` when run_a was shown first. */
const pickOf = (shown: ShownSide, aFirst: boolean): PairPick => (shown === 'tie' ? 'tie' : (shown === 'first') === aFirst ? 'a' : 'b');

/**
 * The verdict of two askings with the sides swapped: the pick both agree on, else a tie; and
 * whether they picked different runs (the position decided). One tie and one pick is a tie that
 * is not a flip: the judge was unsure, not swayed by the side.
 */
export function combinePicks(first: PairPick, second: PairPick): { verdict: PairPick; flipped: boolean } {
  if (first === second) return { verdict: first, flipped: false };
  return { verdict: 'tie', flipped: first !== 'tie' && second !== 'tie' };
}

/**
 * Judges pairs of runs: each judge is shown both runs of a pair, blind (the material each run is
 * scored by), and asked which did the task better, twice: once with run_a first and once with
 * run_b first. The verdict, both picks and whether they flipped are stored per pair, judge and
 * tier. A verdict already stored on the same input is reused, so running it again asks nothing;
 * a failed one is asked again. Each judge is asked at most `maxConcurrency` requests at a time.
 */
export async function judgePairs(request: JudgePairsRequest, deps: JudgePairsDeps, progress: Pick<JobProgress, 'signal' | 'report'>): Promise<PairwiseSummary> {
  const { db } = deps.store;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  checkJudgeNames(request.judges, 'verdicts');
  const chosen = choosePairs(db, request.pairs, request.taskIds);
  const summary: PairwiseSummary = {
    tier: request.tier,
    pairSource: chosen.source,
    pairs: chosen.pairs.length,
    skipped: [],
    units: { total: chosen.pairs.length * request.judges.length, cached: 0, ok: 0, failed: 0, cancelled: 0, leftOut: 0 },
    requests: 0,
    tokens: { input: 0, output: 0 },
    costUsd: 0,
    unpricedJudges: request.judges.filter((judge) => !judge.pricePerMillion).map((judge) => judge.name),
    cancelled: false,
    failures: [],
  };

  // A run's material is read once however many pairs it is in.
  const materials = new Map<string, Promise<MaterialResult>>();
  const materialOf = (runId: string) => {
    let loading = materials.get(runId);
    if (!loading) materials.set(runId, (loading = loadJudgingMaterial(deps.store, runId, request.tier, deps.contentSources)));
    return loading;
  };

  const judgeOne = async (pair: RunPair, judge: JudgeConfig, gate: JudgeGate, prompts: [JudgePrompt, JudgePrompt], inputHash: string) => {
    const key = { run_a: pair.a.id, run_b: pair.b.id, judge: judge.name, tier: request.tier };
    const stored = findPairwiseVerdict(db, key);
    if (stored && stored.status === 'ok' && stored.input_hash === inputHash && stored.judge_model === judge.model) {
      summary.units.cached++;
      return;
    }
    if (progress.signal.aborted) {
      summary.units.cancelled++;
      return;
    }
    const ask = (prompt: JudgePrompt) =>
      gate(() => {
        if (progress.signal.aborted) throw progress.signal.reason;
        deps.onPrompt?.(prompt);
        return askWithRepair(deps.providerFor(judge), prompt, readPairwiseReply, pairwiseRepairRequest, { maxOutputTokens: judge.maxOutputTokens, signal: progress.signal });
      });
    let askings: JudgeExchange<{ pick: ShownSide; reason: string }>[];
    try {
      askings = await Promise.all(prompts.map(ask));
    } catch (error) {
      if (progress.signal.aborted) {
        summary.units.cancelled++;
        return;
      }
      throw error;
    }
    const usage = { input: 0, output: 0 };
    let attempts = 0;
    for (const asking of askings) {
      usage.input += asking.usage.input;
      usage.output += asking.usage.output;
      attempts += asking.attempts;
    }
    summary.requests += attempts;
    summary.tokens.input += usage.input;
    summary.tokens.output += usage.output;
    const cost = costOf(judge, usage);
    if (cost !== null) summary.costUsd += cost;
    const [first, second] = askings as [JudgeExchange<{ pick: ShownSide; reason: string }>, JudgeExchange<{ pick: ShownSide; reason: string }>];
    const failure = first.failure ?? second.failure;
    const picks = first.value && second.value ? ([pickOf(first.value.pick, true), pickOf(second.value.pick, false)] as const) : null;
    const combined = picks ? combinePicks(picks[0], picks[1]) : null;
    const row: PairwiseVerdictRow = {
      id: randomUUID(),
      task_id: pair.task,
      run_a: pair.a.id,
      run_b: pair.b.id,
      judge: judge.name,
      judge_model: judge.model,
      tier: request.tier,
      input_hash: inputHash,
      status: combined ? 'ok' : 'failed',
      first_pick: picks?.[0] ?? null,
      second_pick: picks?.[1] ?? null,
      verdict: combined?.verdict ?? null,
      flipped: combined?.flipped ? 1 : 0,
      reasons_json: JSON.stringify(askings.map((asking) => asking.value?.reason ?? null)),
      failure: combined ? null : (failure ?? 'failed'),
      raw_replies: JSON.stringify(askings.map((asking) => asking.rawReply)),
      attempts,
      tokens_input: usage.input,
      tokens_output: usage.output,
      cost_usd: cost,
      job_id: deps.jobId ?? null,
      created_at: now(),
    };
    savePairwiseVerdict(db, row);
    if (combined) summary.units.ok++;
    else {
      summary.units.failed++;
      summary.failures.push({ runA: pair.a.id, runB: pair.b.id, judge: judge.name, failure: row.failure! });
    }
  };

  await runJudgingPlan(
    {
      items: chosen.pairs,
      judges: request.judges,
      summary,
      unitName: 'pairwise verdicts',
      prepare: async (pair) => {
        const [a, b] = await Promise.all([materialOf(pair.a.id), materialOf(pair.b.id)]);
        if (!a.ok || !b.ok) return { ok: false, reason: [!a.ok ? `run ${pair.a.id}: ${a.reason}` : null, !b.ok ? `run ${pair.b.id}: ${b.reason}` : null].filter((reason) => reason !== null).join('; ') };
        const prompts: [JudgePrompt, JudgePrompt] = [buildPairwisePrompt(a.material, b.material), buildPairwisePrompt(b.material, a.material)];
        const inputHash = createHash('sha256').update(`pair:${pair.a.id}:${pair.b.id}:`).update(prompts[0].inputHash).update(prompts[1].inputHash).digest('hex');
        return { ok: true, units: [(judge, gate) => judgeOne(pair, judge, gate, prompts, inputHash)] };
      },
      leaveOut: (pair, reason) => summary.skipped.push({ runA: pair.a.id, runB: pair.b.id, reason }),
    },
    progress,
  );
  return summary;
}
