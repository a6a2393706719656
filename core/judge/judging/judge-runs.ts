import { createHash, randomUUID } from 'node:crypto';
import { describeTaskKinds, rubricKindsInclude, type JudgeConfig, type JudgeTier, type RubricSet } from '../../../schemas/judge.ts';
import type { JudgeRunsSummary, RubricControl } from '../../../schemas/judging.ts';
import type { JobProgress } from '../../jobs/job-runner.ts';
import { hasControlReplyJudgments, insertControlJudgmentRows, insertControlReply, listControlReplyJudgments, type ControlJudgmentRow } from '../../store/control-judgment-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { findCachedReply, hasReplyJudgments, insertJudgmentRows, insertReplyWithJudgments, listReplyJudgments, type JudgeReplyRow } from '../../store/judge-reply-repository.ts';
import type { JudgmentRow } from '../../store/judgment-repository.ts';
import { listRuns, type RunRow } from '../../store/run-repository.ts';
import { findTask, type TaskRow } from '../../store/task-repository.ts';
import type { JudgeProvider } from '../providers/judge-provider.ts';
import { askJudge, type JudgeConversation } from './ask-judge.ts';
import { buildJudgePrompt, withoutArtifact, type JudgePrompt } from './build-prompt.ts';
import type { ContentFrameSources } from './content-frames.ts';
import { costOf } from './judging-cost.ts';
import { runJudgingPlan, type JudgeGate } from './run-judging-plan.ts';
import { runTurnOf, type RunTurn } from '../../runs/trajectory/run-turn.ts';
import { loadJudgingMaterial, missingEvidence, type MaterialStore } from './load-judging-material.ts';

export interface JudgeRunsRequest {
  judges: readonly JudgeConfig[];
  tier: JudgeTier;
  /**
   * The rubric sets of this tier to judge with. Each run is judged with those for its task's
   * kind (a set without declared kinds is for any task); a run none is for is left out, saying so.
   */
  sets: readonly RubricSet[];
  /** Extra sets for one run's task (the content tier's chapter-specific sets), filtered by kind the same way. */
  setsForTask?: (task: TaskRow) => RubricSet[];
  /** Only runs of these tasks; default every task's. */
  taskIds?: readonly string[];
  /** Only these runs. */
  runIds?: readonly string[];
  /** The turn of multi-turn runs to judge (from 1); default each run's last. A run without that turn is left out, saying so. */
  turn?: number;
  /**
   * Judge under a control: the same runs, sets and judges, each prompt built as the control says
   * (`no-artifact`: nothing of the run shown), and every judgment stored apart (control_judgments),
   * never counted as a score.
   */
  control?: RubricControl;
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

/** The job's summary, as `judge.result` sends it. */
export type { JudgeRunsSummary };

const setRef = (set: Pick<RubricSet, 'name' | 'version' | 'scale'>) => `${set.name}@${set.version} (${set.scale}-point)`;

/**
 * A reply is reused for the same run, judge model, set version, scale and input: the run is part
 * of the key because a blind prompt names no run, so two runs that did exactly the same (repeats
 * against a scripted model) would otherwise share one reply and one of them go unjudged.
 */
const replyKeyHash = (runId: string, inputHash: string, turn: number | null) => {
  const hash = createHash('sha256').update(`run:${runId.length}:${runId}`);
  // A turn is part of the key only for multi-turn runs, so replies stored before turns keep theirs.
  if (turn !== null) hash.update(`turn:${turn}:`);
  return hash.update(inputHash).digest('hex');
};

/** The sets of `sets` that are for a task of this kind, or why none is. */
function setsForKind(sets: readonly RubricSet[], task: TaskRow, tier: JudgeTier): { sets: RubricSet[] } | { reason: string } {
  const fit = sets.filter((set) => rubricKindsInclude(set.taskKinds ?? 'any', task.kind));
  if (fit.length > 0) return { sets: fit };
  const whose = sets.map((set) => `${set.name}@${set.version} is for ${describeTaskKinds(set.taskKinds ?? 'any')}`).join('; ');
  return { reason: `no rubric set of the ${tier} tier is for ${task.kind} tasks${whose ? ` (${whose})` : ''}` };
}

/**
 * The runs a judging job asks about (the project's, of the tasks and runs named, if any), with
 * the summary it starts from: generated demo runs have no artifacts or trajectory to show, so
 * they are never judged, only counted as left out.
 */
export function chooseJudgedRuns(db: MaterialStore['db'], request: Pick<JudgeRunsRequest, 'judges' | 'taskIds' | 'runIds'>): { runs: RunRow[]; summary: JudgeRunsSummary } {
  const project = findCurrentProject(db);
  const taskFilter = request.taskIds && request.taskIds.length > 0 ? new Set(request.taskIds) : undefined;
  const runFilter = request.runIds && request.runIds.length > 0 ? new Set(request.runIds) : undefined;
  const chosen: RunRow[] = project ? listRuns(db, project.id).filter((run) => (!taskFilter || taskFilter.has(run.task_id)) && (!runFilter || runFilter.has(run.id))) : [];
  const runs = chosen.filter((run) => run.synthetic === 0);
  const summary: JudgeRunsSummary = {
    runs: 0,
    syntheticLeftOut: chosen.length - runs.length,
    skipped: [],
    units: { total: 0, cached: 0, asked: 0, ok: 0, failed: 0, cancelled: 0, leftOut: 0 },
    judgments: { ok: 0, failed: 0 },
    requests: 0,
    tokens: { input: 0, output: 0 },
    costUsd: 0,
    unpricedJudges: request.judges.filter((judge) => !judge.pricePerMillion).map((judge) => judge.name),
    cancelled: false,
    failures: [],
  };
  return { runs, summary };
}

/**
 * Asks one judge through its concurrency gate unless the job is cancelled first (then counted as
 * cancelled, and null). What was asked is added to the summary: a unit asked, its requests, tokens
 * and, when the judge has a price, its cost, which is returned with the exchange.
 */
export async function askCounted<T extends Pick<JudgeConversation, 'attempts' | 'usage'>>(
  summary: JudgeRunsSummary,
  judge: JudgeConfig,
  gate: <R>(work: () => Promise<R>) => Promise<R>,
  signal: AbortSignal,
  ask: () => Promise<T>,
): Promise<{ exchange: T; cost: number | null } | null> {
  if (signal.aborted) {
    summary.units.cancelled++;
    return null;
  }
  let exchange: T;
  try {
    exchange = await gate(() => {
      if (signal.aborted) throw signal.reason;
      return ask();
    });
  } catch (error) {
    if (signal.aborted) {
      summary.units.cancelled++;
      return null;
    }
    throw error;
  }
  summary.units.asked++;
  summary.requests += exchange.attempts;
  summary.tokens.input += exchange.usage.input;
  summary.tokens.output += exchange.usage.output;
  const cost = costOf(judge, exchange.usage);
  if (cost !== null) summary.costUsd += cost;
  return { exchange, cost };
}

/** Refuses a judges list a job cannot store under: none, or two with one name. */
export function checkJudgeNames(judges: readonly JudgeConfig[], stored: string): void {
  if (judges.length === 0) throw new RangeError('No judges were given; name at least one.');
  if (new Set(judges.map((judge) => judge.name)).size !== judges.length) throw new RangeError(`Two judges have the same name; give each judge its own name (${stored} are stored under it).`);
}

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
  checkJudgeNames(request.judges, 'judgments');
  for (const set of request.sets) if (set.tier !== request.tier) throw new RangeError(`The rubric set ${setRef(set)} is for the ${set.tier} tier, not ${request.tier}.`);

  const { runs, summary } = chooseJudgedRuns(db, request);
  const recorded = new Set<string>();
  const record = (set: RubricSet) => {
    const key = `${set.name}\u0000${set.version}\u0000${set.scale}`;
    if (recorded.has(key)) return;
    deps.recordRubricSet?.(set);
    recorded.add(key);
  };

  // The plan comes first, from the store alone (no material is loaded): which sets each run is
  // judged with (its task's kind) and whether it has what the tier shows. So the first progress
  // report already has the true total, and the total never changes.
  const planned: { run: RunRow; task: TaskRow; sets: RubricSet[]; turn: RunTurn | null }[] = [];
  for (const run of runs) {
    const task = findTask(db, run.task_id);
    if (!task) {
      summary.skipped.push({ runId: run.id, reason: `its task ${run.task_id} is missing` });
      continue;
    }
    const fit = setsForKind([...request.sets, ...(request.setsForTask?.(task) ?? [])], task, request.tier);
    if ('reason' in fit) {
      summary.skipped.push({ runId: run.id, reason: fit.reason });
      continue;
    }
    const judged = runTurnOf(deps.store, run, request.turn);
    if (!judged.ok) {
      summary.skipped.push({ runId: run.id, reason: judged.reason });
      continue;
    }
    const missing = missingEvidence(deps.store, run, task, request.tier, judged.turn);
    if (missing !== null) {
      summary.skipped.push({ runId: run.id, reason: judged.turn ? `its turn ${judged.turn.index}: ${missing}` : missing });
      continue;
    }
    for (const set of fit.sets) record(set);
    planned.push({ run, task, sets: fit.sets, turn: judged.turn });
    summary.units.total += request.judges.length * fit.sets.length;
  }

  /** One judge's copies of the judgments another judge name with the same model got from a cached reply. */
  const copiesFor = <Row extends { judge: string; id: string; created_at: string }>(rows: Row[], judge: string): Row[] => {
    const first = rows[0]?.judge;
    return rows.filter((row) => row.judge === first).map((row) => ({ ...row, id: randomUUID(), judge, created_at: now() }));
  };

  const judgeUnit = async (run: RunRow, turn: number | null, judge: JudgeConfig, gate: JudgeGate, set: RubricSet, prompt: JudgePrompt) => {
    const inputHash = replyKeyHash(run.id, prompt.inputHash, turn);
    const key = { judge_model: judge.model, rubric_set: set.name, rubric_version: set.version, scale: set.scale, input_hash: inputHash };
    const cached = findCachedReply(db, key);
    if (cached && (cached.status === 'ok' || cached.raw_reply !== null)) {
      if (request.control) {
        if (!hasControlReplyJudgments(db, cached.id, judge.name)) insertControlJudgmentRows(db, copiesFor(listControlReplyJudgments(db, cached.id), judge.name));
      } else if (!hasReplyJudgments(db, cached.id, judge.name)) insertJudgmentRows(db, copiesFor(listReplyJudgments(db, cached.id), judge.name));
      summary.units.cached++;
      return;
    }
    const asked = await askCounted(summary, judge, gate, progress.signal, () => askJudge(deps.providerFor(judge), prompt, set, { maxOutputTokens: judge.maxOutputTokens, signal: progress.signal }));
    if (!asked) return;
    const { exchange: conversation, cost } = asked;
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
      input_hash: inputHash,
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
    const base = { run_id: run.id, judge: judge.name, tier: set.tier, rubric_set: set.name, rubric_version: set.version, scale: set.scale, rationale: '', reply_id: reply.id, synthetic: 0 as const, created_at: stamp, turn };
    const judgments: JudgmentRow[] =
      conversation.status === 'ok'
        ? conversation.scores.map((score) => ({ ...base, id: randomUUID(), rubric: score.rubric, status: 'ok', score: score.score, level: score.level, evidence: score.evidence, failure: null }))
        : set.rubrics.map((rubric) => ({ ...base, id: randomUUID(), rubric: rubric.name, status: 'failed', score: null, level: null, evidence: '', failure: conversation.failure }));
    if (request.control) {
      const control = request.control;
      insertControlReply(db, reply, judgments.map(({ rationale: _r, synthetic: _s, ...row }): ControlJudgmentRow => ({ ...row, control, reply_id: reply.id })));
    } else insertReplyWithJudgments(db, reply, judgments);
    if (conversation.status === 'ok') {
      summary.units.ok++;
      summary.judgments.ok += judgments.length;
    } else {
      summary.units.failed++;
      summary.judgments.failed += judgments.length;
      summary.failures.push({ runId: run.id, judge: judge.name, rubricSet: setRef(set), failure: conversation.failure ?? 'failed' });
    }
  };

  await runJudgingPlan(
    {
      items: planned,
      judges: request.judges,
      summary,
      unitName: 'replies',
      unitsPerJudge: ({ sets }) => sets.length,
      prepare: async ({ run, sets, turn }) => {
        const material = await loadJudgingMaterial(deps.store, run.id, request.tier, deps.contentSources, turn);
        if (!material.ok) return material;
        summary.runs++;
        const shown = request.control === 'no-artifact' ? withoutArtifact(material.material) : material.material;
        return {
          ok: true,
          units: sets.map((set) => {
            const prompt = buildJudgePrompt(set, shown);
            return (judge: JudgeConfig, gate: JudgeGate) => judgeUnit(run, turn?.index ?? null, judge, gate, set, prompt);
          }),
        };
      },
      leaveOut: ({ run }, reason) => summary.skipped.push({ runId: run.id, reason }),
    },
    progress,
  );
  return summary;
}
