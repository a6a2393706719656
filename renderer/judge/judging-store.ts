import { create } from 'zustand';
import { JudgesFileSchema, type JudgeTier, type JudgmentView, type RubricScale } from '../../schemas/judge.ts';
import { JudgeControlSchema, RubricControlSchema, type JudgeControl, type RubricAgreement } from '../../schemas/judging.ts';
import type { PairSource } from '../../schemas/pairwise-judging.ts';
import type { Job } from '../../schemas/jobs.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import type { RunSummary } from '../../schemas/arena.ts';
import type { RunAssets } from '../../schemas/run-assets.ts';
import type { Trajectory } from '../../schemas/trajectory.ts';
import { describeError, errorClause } from '../api/describe-error.ts';
import { RpcCallError } from '../api/rpc-call-error.ts';
import { followStartedJob } from '../app/follow-started-job.ts';
import { readWorkspaceMemory, writeWorkspaceMemory } from '../ui/workspace-memory.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

export type JudgingPhase = 'idle' | 'starting' | 'judging' | 'succeeded' | 'failed' | 'cancelled';

/** The form's fields a refusal of judge.start (or judge.startPairwise) can be placed beside. */
export type JudgingField = 'judges' | 'tier' | 'scale' | 'rubricSets' | 'pairs';

const JUDGING_FIELDS: readonly JudgingField[] = ['judges', 'tier', 'scale', 'rubricSets', 'pairs'];

/**
 * What the judges are asked: to score each run against rubric sets; to pick one run of a pair
 * (asked twice, the sides swapped); or a control, whose judgments are kept apart from the scores.
 */
export type JudgingAsk = 'scores' | 'pairwise' | JudgeControl;

/** Each kind of asking in the form's words, the controls' taken from their schema so none is missed. */
export const ASK_WORDS: Record<JudgingAsk, string> = {
  scores: 'Scores against rubric sets',
  pairwise: 'Pairwise verdicts: two runs of a task, asked twice with the sides swapped',
  'no-artifact': 'Control: no artifact (the task and rubric alone)',
  'guess-harness': 'Control: guess the harness from the blinded trajectory',
};
export const JUDGING_ASKS: readonly JudgingAsk[] = ['scores', 'pairwise', ...JudgeControlSchema.options];
const isControl = (ask: JudgingAsk): ask is JudgeControl => (JudgeControlSchema.options as readonly string[]).includes(ask);
/** Whether the asking scores rubric sets (and so takes a scale and sets): scores and the rubric controls do; pairwise verdicts and harness guesses do not. */
export const asksRubrics = (ask: JudgingAsk): boolean => ask === 'scores' || (RubricControlSchema.options as readonly string[]).includes(ask);
/** The tier an asking is bound to: a harness guess is made from the trajectory, the process tier's material. */
const TIER_OF: Partial<Record<JudgingAsk, JudgeTier>> = { 'guess-harness': 'process' };
/** The tier this asking fixes (the form's Tier is then set to it and cannot be changed), or undefined when the user chooses. */
export const fixedTierOf = (ask: JudgingAsk): JudgeTier | undefined => TIER_OF[ask];

/** The form field a refusal belongs to, from the judge.start input field the server named (`rubricSets`, `judges.0.model`); none is the form's. */
export function judgingFieldOf(field: string | undefined): JudgingField | null {
  const head = field?.split('.')[0];
  return JUDGING_FIELDS.find((known) => known === head) ?? null;
}

/** What the browser shows beside a run's judgments: its frames (output, content) or its trajectory (process). */
export interface RunEvidence {
  runId: string;
  assets: RunAssets | null;
  trajectory: Trajectory | null;
  problem: string | null;
}

export interface JudgingState {
  client?: RpcClient;
  /** The judges as the judges file's JSON: [{name, provider, baseUrl, model, apiKeyEnv, maxConcurrency?}]. */
  judgesText: string;
  tier: JudgeTier;
  scale: RubricScale;
  /** `NAME@VERSION` separated by commas or spaces; empty for the tier's expert sets. */
  rubricSets: string;
  ask: JudgingAsk;
  /** Pairwise: the pairs people voted on, every pair of configurations per task, or (`auto`) the voted pairs when there are any, else every pair. */
  pairs: PairSource | 'auto';
  phase: JudgingPhase;
  jobId?: string;
  done: number;
  total: number;
  message: string;
  /** A refusal the server placed on one of the form's fields: shown beside it, while `message` says the form was refused. */
  fieldProblem: { field: JudgingField; message: string } | null;
  judgments: JudgmentView[];
  /** The workspace's runs by id, for the judged runs' tasks and configurations; empty until read. */
  runsById: Record<string, RunSummary>;
  /** Whether the judged runs show their configurations (harness, model, skill); hidden by default, so scores are read blind. */
  showConfigurations: boolean;
  /** The workspace's folder, which the judges text is remembered by; undefined until read. */
  workspaceDir?: string;
  /** Agreement per rubric over the judgments that count, as core computes it (`judge.agreement`); null until read, or when it could not be. */
  agreement: RubricAgreement[] | null;
  loading: boolean;
  listError: string | null;
  selectedRun: string | null;
  evidence: RunEvidence | null;
  connect(client: RpcClient): () => void;
  setJudgesText(text: string): void;
  setShowConfigurations(show: boolean): void;
  setTier(tier: JudgeTier): void;
  setScale(scale: RubricScale): void;
  setRubricSets(text: string): void;
  setAsk(ask: JudgingAsk): void;
  setPairs(pairs: PairSource | 'auto'): void;
  /** Judges every run (each multi-turn run at its last turn), or one run at one of its turns. */
  start(scope?: { runId: string; turn: number }): Promise<void>;
  cancel(): Promise<void>;
  loadJudgments(): Promise<void>;
  selectRun(runId: string | null): Promise<void>;
  loadAgreement(): Promise<void>;
  jobChanged(job: Job): void;
}

export const JUDGES_EXAMPLE = JSON.stringify(
  [{ name: 'gpt-judge', provider: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1', apiKeyEnv: 'OPENAI_API_KEY', maxConcurrency: 4 }],
  null,
  2,
);

/** The judges text parsed like `lhb judge --judges FILE`, or what is wrong with it. */
export function parseJudgesText(text: string): { ok: true; judges: ReturnType<typeof JudgesFileSchema.parse> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `The judges are not JSON (${errorClause(error)}).` };
  }
  const parsed = JudgesFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: `The judges are not valid: ${describeZodIssues(parsed.error, '(list)')}.` };
  return { ok: true, judges: parsed.data };
}

export function createJudgingStore() {
  return create<JudgingState>()((set, get) => {
    const follow = followStartedJob({
      kind: 'judge',
      follows: (jobId) => jobId === get().jobId,
      progressed: (job) => set({ done: job.done, total: job.total, message: job.message }),
      ended(job) {
        set({ phase: job.state === 'succeeded' ? 'succeeded' : job.state === 'cancelled' ? 'cancelled' : 'failed', message: job.message, done: job.done, total: job.total });
        void get().loadJudgments();
      },
    });
    return {
      judgesText: JUDGES_EXAMPLE,
      tier: 'output',
      scale: 5,
      rubricSets: '',
      ask: 'scores',
      pairs: 'auto',
      phase: 'idle',
      done: 0,
      total: 0,
      message: '',
      fieldProblem: null,
      judgments: [],
      runsById: {},
      showConfigurations: false,
      agreement: null,
      loading: false,
      listError: null,
      selectedRun: null,
      evidence: null,

      connect(client) {
        set({ client });
        void get().loadJudgments();
        void client
          .call('workspace.info', {})
          .then(({ workspaceDir }) => {
            set({ workspaceDir });
            // Text typed before the answer came is newer than the remembered one: it is kept, and
            // remembered now (typing could not remember it without knowing the workspace).
            const { judgesText } = get();
            if (judgesText !== JUDGES_EXAMPLE) return writeWorkspaceMemory('judges', workspaceDir, judgesText);
            const remembered = readWorkspaceMemory('judges', workspaceDir);
            if (remembered !== undefined) set({ judgesText: remembered });
          })
          .catch(() => undefined); // the example stays; the screen works without the remembered text
        return client.onEvent((event) => {
          if (event.type === 'job') get().jobChanged(event.job);
        });
      },
      setJudgesText(judgesText) {
        set({ judgesText });
        const { workspaceDir } = get();
        if (workspaceDir !== undefined) writeWorkspaceMemory('judges', workspaceDir, judgesText);
      },
      setShowConfigurations: (showConfigurations) => set({ showConfigurations }),
      setTier: (tier) => set({ tier }),
      setScale: (scale) => set({ scale }),
      setRubricSets: (rubricSets) => set({ rubricSets }),
      setAsk: (ask) => {
        const fixed = fixedTierOf(ask);
        set({ ask, fieldProblem: null, ...(fixed ? { tier: fixed } : {}) });
      },
      setPairs: (pairs) => set({ pairs }),

      async start(scope) {
        const { client, judgesText, tier, scale, rubricSets, phase, ask, pairs } = get();
        if (!client || phase === 'starting' || phase === 'judging') return;
        const judges = parseJudgesText(judgesText);
        if (!judges.ok) return set({ phase: 'failed', message: `${judges.error} Nothing was judged.` });
        const refs = rubricSets.split(/[\s,]+/).filter((ref) => ref.length > 0);
        set({ phase: 'starting', message: 'Starting…', done: 0, total: 0, jobId: undefined, fieldProblem: null });
        try {
          // One run's judging (from its row) is always scores; pairs are of a task's runs.
          if (ask === 'pairwise' && !scope) {
            const { jobId } = await client.call('judge.startPairwise', { judges: judges.judges, tier, ...(pairs === 'auto' ? {} : { pairs }) });
            const which = pairs === 'voted' ? 'the pairs people voted on' : pairs === 'all' ? 'every pair of configurations per task' : 'the pairs people voted on (else every pair)';
            set({ jobId, phase: 'judging', message: `Judging ${which}, each twice with the sides swapped…` });
            return await follow.started(jobId);
          }
          const control = !scope && isControl(ask) ? ask : undefined;
          const rubrics = !control || asksRubrics(control);
          const { jobId, rubricSets: used } = await client.call('judge.start', {
            judges: judges.judges,
            tier,
            ...(rubrics ? { scale } : {}),
            ...(rubrics && refs.length > 0 ? { rubricSets: refs } : {}),
            ...(scope ? { runIds: [scope.runId], turn: scope.turn } : {}),
            ...(control ? { control } : {}),
          });
          const what = control ? `${ASK_WORDS[control]}: judging` : 'Judging';
          const sets = used.length > 0 ? ` with ${used.join(', ')}` : '';
          set({ jobId, phase: 'judging', message: `${what} ${scope ? `the run at turn ${scope.turn}` : 'runs'}${sets}…` });
          await follow.started(jobId);
        } catch (error) {
          const field = judgingFieldOf(error instanceof RpcCallError ? error.field : undefined);
          if (field) set({ phase: 'failed', message: 'Could not start judging: fix the field marked above and start again.', fieldProblem: { field, message: describeError(error) } });
          else set({ phase: 'failed', message: `Could not start judging: ${errorClause(error)}.` });
        }
      },

      async cancel() {
        const { client, jobId } = get();
        if (client && jobId) await client.call('jobs.cancel', { jobId }).catch(() => undefined);
      },

      async loadJudgments() {
        const client = get().client;
        if (!client) return;
        set({ loading: true });
        try {
          // Without the runs the list still shows every judgment, each run named as not listed.
          const [{ judgments }, runs] = await Promise.all([client.call('judge.list', {}), client.call('runs.list', {}).catch(() => ({ runs: [] }))]);
          set({ judgments, runsById: Object.fromEntries(runs.runs.map((run) => [run.id, run])), loading: false, listError: null });
        } catch (error) {
          set({ loading: false, listError: `The judgments could not be read: ${errorClause(error)}.` });
        }
      },

      async selectRun(runId) {
        const client = get().client;
        set({ selectedRun: runId, evidence: null });
        if (!client || runId === null) return;
        const [assets, trajectory] = await Promise.allSettled([client.call('runs.assets', { runId }), client.call('runs.trajectory', { runId })]);
        if (get().selectedRun !== runId) return;
        set({
          evidence: {
            runId,
            assets: assets.status === 'fulfilled' ? assets.value : null,
            trajectory: trajectory.status === 'fulfilled' ? trajectory.value.trajectory : null,
            problem: assets.status === 'rejected' ? `The run's frames could not be read: ${errorClause(assets.reason)}.` : null,
          },
        });
      },

      async loadAgreement() {
        const client = get().client;
        if (!client) return;
        try {
          const { rubrics } = await client.call('judge.agreement', {});
          set({ agreement: rubrics });
        } catch {
          // The table is left out; the judgments list above it says when the store cannot be read.
          set({ agreement: null });
        }
      },

      jobChanged: (job) => follow.jobChanged(job),
    };
  });
}

export const useJudgingStore = createJudgingStore();
