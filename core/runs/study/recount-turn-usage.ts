import { TokenPriceSchema } from '../../../schemas/studies.ts';
import { TrajectorySchema, type HarnessId, type Trajectory } from '../../../schemas/trajectory.ts';
import { deleteMetaValue, readMetaValue, updateMetaValue } from '../../store/meta-repository.ts';
import { listRunUsageAfter, updateRunUsage, type StoredRunUsage } from '../../store/study-run-usage-repository.ts';
import { writeTransaction } from '../../store/write-transaction.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { harnessAdapter, HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { parseTranscript } from '../trajectory/read-transcript-lines.ts';
import { NO_TOKENS } from '../trajectory/token-sums.ts';
import { sumTurnUsage, turnOwnUsage, type TurnUsage } from '../trajectory/turn-own-usage.ts';
import { putRunBlob } from './run-blob.ts';
import { runCostUsd } from './run-cost.ts';

/**
 * The meta key of the one-time recount (set by migration 024): `pending` until it starts, then the
 * id of the last run it checked, so a recount cut short goes on from there; gone once it is done.
 */
export const RECOUNT_TURN_USAGE_KEY = 'runs.recount-turn-usage';

const BATCH = 50;

export interface RecountResult {
  /** Runs whose stored usage was read again. */
  checked: number;
  /** Those whose tokens or cost changed. */
  corrected: number;
}

/**
 * Corrects the usage stored by engines that added up a multi-turn run's turns as each reported
 * them: with a harness whose continued turns report the session's running total (Codex, Claude
 * Code: `resumedTurnUsage`), the run's tokens and cost were counted once per turn. Each such run's
 * stored transcript is read again, turn by turn (the segments its trajectory records), and its
 * turns' own figures, its totals, its tokens and cost in the study table and its trajectory are
 * rewritten as the engine now counts them; steps, errors and everything else are kept. Runs that
 * came with no transcript (imported ones) are kept as they are. Runs once per workspace, after
 * migration 024 asked for it; cut short, it goes on from the last run checked on the next open.
 */
export async function recountStoredTurnUsage(workspace: Workspace): Promise<RecountResult> {
  const result: RecountResult = { checked: 0, corrected: 0 };
  const { db } = workspace;
  if (workspace.readOnly) return result;
  const progress = readMetaValue(db, RECOUNT_TURN_USAGE_KEY);
  if (progress === undefined) return result;
  const harnesses = Object.values(HARNESS_ADAPTERS)
    .filter((adapter) => adapter.resumedTurnUsage === 'session')
    .map((adapter) => adapter.id);
  let after = progress === 'pending' ? '' : progress;
  for (;;) {
    const runs = listRunUsageAfter(db, harnesses, after, BATCH);
    if (runs.length === 0) break;
    for (const run of runs) {
      const recounted = await recountRun(workspace, run).catch(() => undefined); // unreadable: kept as it is
      const trajectorySha256 = recounted ? await putRunBlob(workspace, Buffer.from(JSON.stringify(recounted.trajectory))) : undefined;
      writeTransaction(db, () => {
        if (recounted && trajectorySha256) updateRunUsage(db, run.id, run.trajectory_sha256, { ...recounted.columns, trajectory_sha256: trajectorySha256 });
        updateMetaValue(db, RECOUNT_TURN_USAGE_KEY, run.id);
      })();
      result.checked += 1;
      if (recounted) result.corrected += 1;
      after = run.id;
    }
  }
  deleteMetaValue(db, RECOUNT_TURN_USAGE_KEY);
  return result;
}

/** The run's trajectory and study-table figures as counted now; undefined when nothing changes (or it cannot be read again). */
async function recountRun(workspace: Workspace, run: StoredRunUsage): Promise<{ trajectory: Trajectory; columns: { tokens_input: number; tokens_output: number; cost_usd: number | null } } | undefined> {
  const { blobs } = workspace;
  if (!blobs.has(run.trajectory_sha256) || !blobs.has(run.transcript_sha256)) return undefined;
  const stored = TrajectorySchema.safeParse(JSON.parse(blobs.read(run.trajectory_sha256).toString('utf8')));
  if (!stored.success || !stored.data.turns || stored.data.turns.length < 2) return undefined;
  const trajectory = stored.data;
  const turns = stored.data.turns;
  const adapter = harnessAdapter(run.harness as HarnessId);
  const createParser = await adapter.loadParser();
  const transcript = blobs.read(run.transcript_sha256);
  const reported: (TurnUsage | undefined)[] = [];
  for (const turn of turns) {
    const { offset, bytes } = turn.transcript;
    if (bytes === 0) {
      reported.push(undefined);
      continue;
    }
    // A segment past the stored transcript's end: it is not the transcript these turns were cut from.
    if (offset + bytes > transcript.length) return undefined;
    const segment = transcript.subarray(offset, offset + bytes);
    reported.push(await parseTranscript(createParser(), (async function* () {
      yield segment;
    })()));
  }
  const own = turnOwnUsage(turns.map((turn, i) => ({ reported: reported[i], inSession: turn.index === 1 || turn.resumed })), adapter.resumedTurnUsage);
  const usage = sumTurnUsage(own);
  const recounted: Trajectory = { ...trajectory, tokens: usage.tokens, costUsd: usage.costUsd, turns: turns.map((turn, i) => ({ ...turn, tokens: own[i]?.tokens ?? { ...NO_TOKENS } })) };
  if (usage.usageByModel) recounted.usageByModel = usage.usageByModel;
  else delete recounted.usageByModel;
  if (JSON.stringify(recounted) === JSON.stringify(trajectory)) return undefined;
  const configuration = (JSON.parse(run.spec_json) as { configurations?: { price?: unknown }[] }).configurations?.[run.config_index];
  const price = TokenPriceSchema.safeParse(configuration?.price);
  return {
    trajectory: recounted,
    columns: { tokens_input: usage.tokens.input, tokens_output: usage.tokens.output, cost_usd: runCostUsd(recounted, price.success ? price.data : undefined) },
  };
}
