import type { ExportSplit } from '../../schemas/export.ts';
import { countExportRuns, pageExportRuns, type ExportRunRow } from '../store/export-queries.ts';
import { listImportedRunArtifacts, listImportedRunTurns } from '../store/imported-run-facts-repository.ts';
import { listRunFiles, listRuns } from '../store/run-repository.ts';
import { turnFactsFromImport, turnFactsOf, workspaceBlobReader, type TurnFact } from '../analysis/turn-facts.ts';
import { runDurationMs } from '../runs/run-duration.ts';
import { PAGE_ROWS, utcTimestamp, versionList, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { inExportScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

const flag = (split: ExportSplit) => (split === 'synthetic' ? 1 : 0);

export const countRunRows = (ctx: ExportContext, split: ExportSplit): number =>
  ctx.scope ? listRuns(ctx.db, ctx.projectId).filter((run) => run.synthetic === flag(split) && inExportScope(ctx, run.id)).length : countExportRuns(ctx.db, ctx.projectId, flag(split), ctx.demo);

/** The runs a split exports (the demo's only when asked for, only the chosen studies' with a scope), by id, a page at a time: the runs and trajectories subsets read the same runs. */
export async function* exportedRuns(ctx: ExportContext, split: ExportSplit): AsyncGenerator<ExportRunRow> {
  let after = '';
  for (;;) {
    const page = pageExportRuns(ctx.db, ctx.projectId, flag(split), ctx.demo, after, PAGE_ROWS);
    for (const run of page) if (inExportScope(ctx, run.id)) yield run;
    if (page.length < PAGE_ROWS) return;
    after = page[page.length - 1]!.id;
    await yieldToEventLoop();
  }
}

/** One row per run, by id: its configuration, what the run engine recorded, and its artifacts' hashes. */
export async function* runRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<SubsetRow<'runs'>> {
  const readBlob = workspaceBlobReader(ctx.db);
  for await (const run of exportedRuns(ctx, split)) yield runRow(ctx, run, readBlob);
}

function runRow(ctx: ExportContext, run: ExportRunRow, readBlob: (sha256: string) => Buffer | undefined): SubsetRow<'runs'> {
  const startedAt = utcTimestamp(run.started_at, `Run ${run.id}`);
  const versions = versionList(run.versions_json);
  for (const version of versions) if (version.name === 'skill') ctx.facts.skillVersions.add(version.version);
  ctx.facts.harnesses.add(run.harness);
  ctx.facts.models.add(run.model);
  ctx.facts.date('runs', startedAt);
  const errors = errorCounts(run.errors_json);
  const sandbox = run.sandbox_json ? (JSON.parse(run.sandbox_json) as { mode: string; network: string | null }) : null;
  ctx.facts.sandboxes.add(sandbox ? (sandbox.mode === 'none' ? 'none (--no-sandbox)' : `${sandbox.mode}, network ${sandbox.network}`) : 'not recorded (imported, or run before the sandbox)');
  return {
    run_id: run.id,
    digest: run.digest,
    task_id: run.task_id,
    task_title: run.task_title,
    task_kind: run.task_kind,
    config_id: run.config_id,
    harness: run.harness,
    harness_version: run.harness_version,
    model: run.model,
    versions,
    status: run.status,
    started_at: startedAt,
    finished_at: utcTimestamp(run.finished_at, `Run ${run.id}`),
    study_id: run.study_id,
    study_name: run.study_name,
    repeat_index: run.repeat_index,
    attempts: run.attempts,
    error_kind: run.error_kind,
    sandbox: sandbox?.mode ?? null,
    sandbox_network: sandbox?.network ?? null,
    duration_ms: runDurationMs({ executedHere: run.executed_here === 1, engineMs: run.duration_ms, startedAt: run.started_at, finishedAt: run.finished_at }),
    steps: run.steps,
    tool_calls: run.tool_calls,
    failed_tool_calls: run.failed_tool_calls,
    tokens_input: run.tokens_input,
    tokens_output: run.tokens_output,
    cost_usd: run.cost_usd,
    errors: errors?.total ?? null,
    recovered_errors: errors?.recovered ?? null,
    errors_by_type: errors?.byType ?? [],
    artifacts: runArtifacts(ctx, run.id).map((file) => ({ path: file.path, sha256: file.sha256, size_bytes: file.size_bytes })),
    turns: runTurns(ctx, run, readBlob).map((turn) => ({
      turn: turn.turn,
      status: turn.status,
      duration_ms: turn.durationMs,
      tokens_input: turn.tokensInput,
      tokens_output: turn.tokensOutput,
      steps: turn.steps,
      errors: turn.errors,
      recovered_errors: turn.recovered,
      files_changed: turn.footprint?.filesChanged ?? null,
      lines_changed: turn.footprint?.linesChanged ?? null,
      untouched_share: turn.footprint?.untouchedShare ?? null,
    })),
  };
}

/** The files a run has, or, for a run imported from a dataset export, the files that export listed. */
function runArtifacts(ctx: ExportContext, runId: string): { path: string; sha256: string; size_bytes: number }[] {
  const files = listRunFiles(ctx.db, runId);
  return files.length > 0 ? files : listImportedRunArtifacts(ctx.db, runId);
}

/**
 * A multi-turn run's turns as the analysis reads them (core/analysis/turn-facts.ts): from its
 * trajectory and out/ snapshots for a run executed here, as its export gave them for one imported
 * from a dataset. Only the figures leave: a turn's prompt and files stay in the workspace.
 */
function runTurns(ctx: ExportContext, run: ExportRunRow, readBlob: (sha256: string) => Buffer | undefined): TurnFact[] {
  if (run.trajectory_sha256 !== null) return turnFactsOf(readBlob(run.trajectory_sha256), run.errors_json, readBlob) ?? [];
  return turnFactsFromImport(listImportedRunTurns(ctx.db, run.id));
}

/**
 * Error→recovery counts from the stored events (core/runs/trajectory/extract-errors.ts). Only the
 * counts leave: an event's message can quote a command line, a path or a key.
 */
function errorCounts(errorsJson: string | null): { total: number; recovered: number; byType: { type: string; count: number; recovered: number }[] } | undefined {
  if (errorsJson === null) return undefined;
  let events: unknown;
  try {
    events = JSON.parse(errorsJson);
  } catch {
    return undefined;
  }
  if (!Array.isArray(events)) return undefined;
  const byType = new Map<string, { count: number; recovered: number }>();
  let recovered = 0;
  for (const event of events as { type?: unknown; recovered?: unknown }[]) {
    const type = typeof event?.type === 'string' ? event.type : 'tool';
    const counts = byType.get(type) ?? { count: 0, recovered: 0 };
    counts.count += 1;
    if (event?.recovered === true) {
      counts.recovered += 1;
      recovered += 1;
    }
    byType.set(type, counts);
  }
  return {
    total: events.length,
    recovered,
    byType: [...byType.entries()].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([type, counts]) => ({ type, ...counts })),
  };
}
