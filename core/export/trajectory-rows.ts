import type { ExportSplit } from '../../schemas/export.ts';
import { stepTokenLedger } from '../../schemas/step-token-ledger.ts';
import { stepNumber, TrajectoryErrorSchema, TrajectorySchema, type TokenCounts, type Trajectory, type TrajectoryError } from '../../schemas/trajectory.ts';
import { workspaceBlobReader } from '../analysis/turn-facts.ts';
import { findExportRunTrajectory, type ExportRunRow } from '../store/export-queries.ts';
import type { ExportContext } from './export-context.ts';
import { countRunRows, exportedRuns } from './run-rows.ts';
import type { SubsetRow } from './subset-fields.ts';

/** One row per exported run: as many as the runs subset has in that split. */
export const countTrajectoryRows = (ctx: ExportContext, split: ExportSplit): number => countRunRows(ctx, split);

/**
 * One row per run the runs subset exports (the same scope and splits), by run id: its stored
 * trajectory step by step with its errors and recoveries, and its raw transcript copied into the
 * folder. Every text goes through the export's redaction (export-redaction.ts): the rows as
 * every subset's rows do, the transcript as it is copied.
 */
export async function* trajectoryRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<SubsetRow<'trajectories'>> {
  const readBlob = workspaceBlobReader(ctx.db);
  for await (const run of exportedRuns(ctx, split)) yield trajectoryRow(ctx, run, readBlob);
}

function trajectoryRow(ctx: ExportContext, run: ExportRunRow, readBlob: (sha256: string) => Buffer | undefined): SubsetRow<'trajectories'> {
  const stored = findExportRunTrajectory(ctx.db, run.id);
  const trajectory = stored?.trajectory_sha256 ? parseTrajectory(readBlob(stored.trajectory_sha256)) : undefined;
  const transcriptBytes = stored?.transcript_sha256 ? readBlob(stored.transcript_sha256) : undefined;
  const ledger = trajectory ? stepTokenLedger(trajectory) : undefined;
  return {
    run_id: run.id,
    task_id: run.task_id,
    config_id: run.config_id,
    source: trajectory && stored ? stored.source : 'none',
    harness: trajectory?.harness ?? run.harness,
    harness_version: trajectory?.harnessVersion ?? run.harness_version,
    model: trajectory?.model ?? null,
    prompt: trajectory?.prompt ?? null,
    outcome: trajectory?.outcome ?? null,
    tokens: trajectory ? tokens(trajectory.tokens) : null,
    tokens_outside_steps: ledger?.outsideSteps ? tokens(ledger.outsideSteps) : null,
    cost_usd: trajectory?.costUsd ?? null,
    duration_ms: trajectory?.durationMs ?? null,
    steps: (trajectory?.steps ?? []).map((step) => ({
      step: stepNumber(step.index),
      role: step.source,
      turn: step.turn ?? null,
      timestamp: step.timestamp,
      model: step.model ?? null,
      text: step.text,
      tokens: step.tokens ? tokens(step.tokens) : null,
      tool_calls: step.toolCalls.map((call) => ({
        call_id: call.id,
        name: call.name,
        arguments: JSON.stringify(call.arguments ?? null),
        result: call.result,
        ok: call.ok,
        failure: call.failure,
        exit_code: call.exitCode,
        duration_ms: call.durationMs,
      })),
    })),
    errors: trajectory ? storedErrors(stored?.errors_json ?? null).map((error) => ({
      step: stepNumber(error.step),
      call_id: error.toolCallId,
      type: error.type,
      message: error.message,
      recovered: error.recovered,
      recovered_at_step: error.recoveredAtStep === null ? null : stepNumber(error.recoveredAtStep),
    })) : [],
    turns: (trajectory?.turns ?? []).map((turn) => ({ turn: turn.index, prompt: turn.prompt, status: turn.status, resumed: turn.resumed })),
    omitted: trajectory?.omitted ? { steps: trajectory.omitted.steps, tool_calls: trajectory.omitted.toolCalls, failed_tool_calls: trajectory.omitted.failedToolCalls } : null,
    warnings: trajectory?.warnings ?? [],
    transcript: transcriptBytes ? ctx.files.text('trajectories', transcriptBytes, stored!.source === 'atif' ? '.json' : '.jsonl') : null,
  };
}

function parseTrajectory(bytes: Buffer | undefined): Trajectory | undefined {
  if (!bytes) return undefined;
  try {
    return TrajectorySchema.safeParse(JSON.parse(bytes.toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

/** The run's error events as stored (core/runs/trajectory/extract-errors.ts), those that parse. */
function storedErrors(errorsJson: string | null): TrajectoryError[] {
  if (errorsJson === null) return [];
  try {
    const events: unknown = JSON.parse(errorsJson);
    return Array.isArray(events) ? events.flatMap((event) => TrajectoryErrorSchema.safeParse(event).data ?? []) : [];
  } catch {
    return [];
  }
}

const tokens = (counts: TokenCounts) => ({ input: counts.input, output: counts.output, cache_read: counts.cacheRead, cache_write: counts.cacheWrite });
