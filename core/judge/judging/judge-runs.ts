import { randomUUID } from 'node:crypto';
import type { JudgeConfig, JudgeTier, RubricSet } from '../../../schemas/judge.ts';
import type { JobProgress } from '../../jobs/job-runner.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { findCachedReply, hasReplyJudgments, insertJudgmentRows, insertReplyWithJudgments, listReplyJudgments, type JudgeReplyRow } from '../../store/judge-reply-repository.ts';
import type { JudgmentRow } from '../../store/judgment-repository.ts';
import { listRuns, type RunRow } from '../../store/run-repository.ts';
import type { TaskRow } from '../../store/task-repository.ts';
import type { JudgeProvider } from '../providers/judge-provider.ts';
import { askJudge, type JudgeConversation } from './ask-judge.ts';
import { buildJudgePrompt, type JudgePrompt } from './build-prompt.ts';
import { concurrencyGate } from './concurrency-gate.ts';
import type { ContentFrameSources } from './content-frames.ts';
import { loadJudgingMaterial, type MaterialStore } from './load-judging-material.ts';

export interface JudgeRunsRequest {
  judges: readonly JudgeConfig[];
  tier: JudgeTier;
  /** The rubric sets every run is judged against (all of this tier). */
  sets: readonly RubricSet[];
  /** Extra sets for one run's task (the content tier's chapter-specific sets). */
  setsForTask?: (task: TaskRow) => RubricSet[];
  /** Only runs of these tasks; default every task's. */
  taskIds?: readonly string[];
  /** Only these runs. */
  runIds?: readonly string[];
}

export interface JudgeRunsDeps {
  store: MaterialStore;
  /** A judge's provider, with its retries and per-request timeout. */
  providerFor: (judge: JudgeConfig) => JudgeProvider;
  contentSources?: ContentFrameSources;
  /** Stores a rubric set version before any judgment names it. */
  recordRubricSet?: (set: RubricSet) => void;
  jobId?: string | null;
  now?: () => Date;
}

export interface JudgeRunsSummary {
  /** Runs judged, and runs left out because they lack what the tier needs (with why). */
  runs: number;
  /** Synthetic (demo study) runs among those chosen: never judged. */
  syntheticLeftOut: number;
  skipped: { runId: string; reason: string }[];
  /** One unit is one judge's reply for one run and rubric set. */
  units: { total: number; cached: number; asked: number; ok: number; failed: number; cancelled: number };
  /** Per-rubric judgments stored by this job (cached units store none, or copies for a new judge name). */
  judgments: { ok: number; failed: number };
  /** Provider requests made (retries included). */
  requests: number;
  tokens: { input: number; output: number };
  /** US dollars for the requests made; null when some judge has no price. */
  costUsd: number | null;
  cancelled: boolean;
  failures: { runId: string; judge: string; rubricSet: string; failure: string }[];
}

/** Dollars for a reply's tokens at the judge's price, or null when the judge has none. */
export function costOf(judge: Pick<JudgeConfig, 'pricePerMillion'>, usage: { input: number; output: number }): number | null {
  if (!judge.pricePerMillion) return null;
  return (usage.input * judge.pricePerMillion.input + usage.output * judge.pricePerMillion.output) / 1_000_000;
}

const setRef = (set: Pick<RubricSet, 'name' | 'version' | 'scale'>) => `${set.name}@${set.version} (${set.scale}-point)`;

/**
 * Judges runs: every run that has what the tier needs × every judge × every rubric set, each
 * judge at most `maxConcurrency` requests at a time. A reply already stored for the same judge
 * model, set version, scale and input (the cache) is reused, so running the same job again asks
 * nothing; a stored transport failure (the judge never answered) is asked again. Each reply is
 * stored with its per-rubric judgments, tokens and cost as it arrives, so a cancel keeps all
 * that finished and a re-run resumes from there.
 */
export async function judgeRuns(request: JudgeRunsRequest, deps: JudgeRunsDeps, progress: Pick<JobProgress, 'signal' | 'report'>): Promise<JudgeRunsSummary> {
  const { db } = deps.store;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  if (request.judges.length === 0) throw new RangeError('No judges were given; name at least one.');
  const names = new Set(request.judges.map((judge) => judge.name));
  if (names.size !== request.judges.length) throw new RangeError('Two judges have the same name; give each judge its own name (judgments are stored under it).');
  for (const set of request.sets) if (set.tier !== request.tier) throw new RangeError(`The rubric set ${setRef(set)} is for the ${set.tier} tier, not ${request.tier}.`);

  const project = findCurrentProject(db);
  const taskFilter = request.taskIds && request.taskIds.length > 0 ? new Set(request.taskIds) : undefined;
  const runFilter = request.runIds && request.runIds.length > 0 ? new Set(request.runIds) : undefined;
  const chosen: RunRow[] = project ? listRuns(db, project.id).filter((run) => (!taskFilter || taskFilter.has(run.task_id)) && (!runFilter || runFilter.has(run.id))) : [];
  // Generated demo runs have no artifacts or trajectory to show; they are never judged.
  const runs = chosen.filter((run) => run.synthetic === 0);

  const summary: JudgeRunsSummary = {
    runs: 0,
    syntheticLeftOut: chosen.length - runs.length,
    skipped: [],
    units: { total: 0, cached: 0, asked: 0, ok: 0, failed: 0, cancelled: 0 },
    judgments: { ok: 0, failed: 0 },
    requests: 0,
    tokens: { input: 0, output: 0 },
    costUsd: request.judges.every((judge) => judge.pricePerMillion) ? 0 : null,
    cancelled: false,
    failures: [],
  };
  const recorded = new Set<string>();
  const record = (set: RubricSet) => {
    const key = `${set.name}\u0000${set.version}\u0000${set.scale}`;
    if (recorded.has(key)) return;
    deps.recordRubricSet?.(set);
    recorded.add(key);
  };
  for (const set of request.sets) record(set);

  // Until a run's material is read its units are counted at the shared sets' size.
  summary.units.total = runs.length * request.judges.length * request.sets.length;
  let done = 0;
  const report = () => {
    const cost = summary.costUsd === null ? 'cost unknown (a judge has no price)' : `$${summary.costUsd.toFixed(4)} so far`;
    progress.report(done, summary.units.total, `${done} of ${summary.units.total} replies · ${summary.units.cached} cached · ${summary.units.failed} failed · ${cost}`);
  };
  report();

  const gates = new Map(request.judges.map((judge) => [judge.name, concurrencyGate(judge.maxConcurrency)]));
  const runsInFlight = concurrencyGate(Math.max(4, ...request.judges.map((judge) => judge.maxConcurrency)));

  const judgeUnit = async (run: RunRow, judge: JudgeConfig, set: RubricSet, prompt: JudgePrompt) => {
    const key = { judge_model: judge.model, rubric_set: set.name, rubric_version: set.version, scale: set.scale, input_hash: prompt.inputHash };
    const cached = findCachedReply(db, key);
    if (cached && (cached.status === 'ok' || cached.raw_reply !== null)) {
      if (!hasReplyJudgments(db, cached.id, judge.name)) {
        const copies = listReplyJudgments(db, cached.id);
        const first = copies[0]?.judge;
        const rows = copies.filter((row) => row.judge === first).map((row) => ({ ...row, id: randomUUID(), judge: judge.name, created_at: now() }));
        insertJudgmentRows(db, rows);
      }
      summary.units.cached++;
      return;
    }
    if (progress.signal.aborted) {
      summary.units.cancelled++;
      return;
    }
    let conversation: JudgeConversation;
    try {
      conversation = await gates.get(judge.name)!(() => {
        if (progress.signal.aborted) throw progress.signal.reason;
        return askJudge(deps.providerFor(judge), prompt, set, { maxOutputTokens: judge.maxOutputTokens, signal: progress.signal });
      });
    } catch (error) {
      if (progress.signal.aborted) {
        summary.units.cancelled++;
        return;
      }
      throw error;
    }
    summary.units.asked++;
    summary.requests += conversation.attempts;
    summary.tokens.input += conversation.usage.input;
    summary.tokens.output += conversation.usage.output;
    const cost = costOf(judge, conversation.usage);
    if (summary.costUsd !== null && cost !== null) summary.costUsd += cost;
    const stamp = now();
    const reply: JudgeReplyRow = {
      id: randomUUID(),
      run_id: run.id,
      judge: judge.name,
      judge_model: judge.model,
      tier: set.tier,
      rubric_set: set.name,
      rubric_version: set.version,
      scale: set.scale,
      input_hash: prompt.inputHash,
      status: conversation.status,
      failure: conversation.failure,
      raw_reply: conversation.rawReply,
      attempts: conversation.attempts,
      tokens_input: conversation.usage.input,
      tokens_output: conversation.usage.output,
      cost_usd: cost,
      duration_ms: conversation.durationMs,
      job_id: deps.jobId ?? null,
      created_at: stamp,
    };
    const base = { run_id: run.id, judge: judge.name, tier: set.tier, rubric_set: set.name, rubric_version: set.version, scale: set.scale, rationale: '', reply_id: reply.id, synthetic: 0 as const, created_at: stamp };
    const judgments: JudgmentRow[] =
      conversation.status === 'ok'
        ? conversation.scores.map((score) => ({ ...base, id: randomUUID(), rubric: score.rubric, status: 'ok', score: score.score, level: score.level, evidence: score.evidence, failure: null }))
        : set.rubrics.map((rubric) => ({ ...base, id: randomUUID(), rubric: rubric.name, status: 'failed', score: null, level: null, evidence: '', failure: conversation.failure }));
    insertReplyWithJudgments(db, reply, judgments);
    if (conversation.status === 'ok') {
      summary.units.ok++;
      summary.judgments.ok += judgments.length;
    } else {
      summary.units.failed++;
      summary.judgments.failed += judgments.length;
      summary.failures.push({ runId: run.id, judge: judge.name, rubricSet: setRef(set), failure: conversation.failure ?? 'failed' });
    }
  };

  const judgeRun = async (run: RunRow) => {
    if (progress.signal.aborted) {
      summary.units.cancelled += request.judges.length * request.sets.length;
      return;
    }
    const material = await loadJudgingMaterial(deps.store, run.id, request.tier, deps.contentSources);
    if (!material.ok) {
      summary.skipped.push({ runId: run.id, reason: material.reason });
      summary.units.total -= request.judges.length * request.sets.length;
      report();
      return;
    }
    const extra = request.setsForTask?.(material.task) ?? [];
    for (const set of extra) record(set);
    const sets = [...request.sets, ...extra];
    summary.units.total += request.judges.length * extra.length;
    summary.runs++;
    const prompts = sets.map((set) => buildJudgePrompt(set, material.material));
    await Promise.all(
      request.judges.flatMap((judge) =>
        sets.map(async (set, i) => {
          await judgeUnit(run, judge, set, prompts[i]!);
          done++;
          report();
        }),
      ),
    );
  };

  await Promise.all(runs.map((run) => runsInFlight(() => judgeRun(run))));
  summary.cancelled = progress.signal.aborted;
  report();
  return summary;
}
