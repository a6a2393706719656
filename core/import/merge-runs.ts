import { ErrorTypeSchema } from '../../schemas/trajectory.ts';
import { insertFinishedStudyRun, nextStudyRunPosition } from '../store/import-repository.ts';
import { configurationColumns, runConfigurationOf } from '../runs/run-configuration.ts';
import { insertImportedRunFacts, type ImportedRunTurnRow } from '../store/imported-run-facts-repository.ts';
import { findRun, findRunByDigest, insertRun, isSyntheticConfigId, SYNTHETIC_CONFIG_PREFIX, type RunRow } from '../store/run-repository.ts';
import { findStudy, findStudyRunByRunId, insertStudy } from '../store/study-repository.ts';
import { findTask, upsertTask } from '../store/task-repository.ts';
import type { Located, RunRowIn } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';

const RUN_STATUSES = new Set(['succeeded', 'failed', 'timeout', 'cancelled']);
const TASK_KINDS = new Set(['figma', 'programmatic']);

/** The task a run or vote names, created (title and kind only; no frames) when the workspace lacks it. */
export function ensureTask(ctx: MergeContext, task: { id: string; title: string; kind: string }, synthetic: 0 | 1, createdAt: string, where: string): void {
  if (findTask(ctx.db, task.id)) return;
  if (!TASK_KINDS.has(task.kind)) throw new ImportRefusedError(`${where}: field task_kind is "${task.kind}", not figma or programmatic.`);
  upsertTask(
    ctx.db,
    { id: task.id, project_id: ctx.projectId, kind: task.kind as 'figma' | 'programmatic', title: task.title || task.id, instruction: '', chapter_id: null, figma_file_key: null, created_at: createdAt, updated_at: createdAt, synthetic },
    [],
  );
}

/**
 * Runs, merged by id and then by digest (the same bundle imported on two machines has two ids and
 * one digest: the incoming id is mapped onto the workspace's run). A new run is stored with its
 * configuration, times and status; its artifacts' files are not in an export, so it has none
 * (the arena cannot show it until its bundle is imported), but the list of them is kept, and
 * the analysis counts a deployable build from it. A run a study made brings its study figures
 * (tokens, cost, steps, error→recovery counts) as a finished run of that study; another run with
 * a trajectory summary (a bundle imported with an ATIF trajectory) brings that summary; a
 * multi-turn run brings its turns (format 7). The analysis reads them all as it read the exporter's.
 */
export function mergeRuns(ctx: MergeContext, rows: readonly Located<RunRowIn>[]): void {
  let withoutFiles = 0;
  for (const { row, split, where } of rows) {
    atRow(where, () => {
      const synthetic = split === 'synthetic' ? 1 : 0;
      // Checked whether or not the run is here already.
      if (!RUN_STATUSES.has(row.status)) throw new ImportRefusedError(`${where}: field status is "${row.status}", not succeeded, failed, timeout or cancelled.`);
      if (isSyntheticConfigId(row.config_id) !== (synthetic === 1)) {
        throw new ImportRefusedError(`${where}: the ${split} split holds run ${row.run_id} with the configuration id ${row.config_id}; synthetic runs (and only they) have "synthetic:" ids.`);
      }
      const facts = { artifacts: artifactRows(row, where), turns: turnRows(row, where) };
      const stored = findRun(ctx.db, row.run_id);
      const columns = runColumns(row, synthetic);
      if (ctx.conflictOf('runs', 'run', row.run_id, where, runContent({ ...row, ...columns }), stored && runContent(stored))) return;
      if (stored) return ctx.count('runs', 'unchanged');
      const same = findRunByDigest(ctx.db, row.digest);
      if (same) {
        ctx.runIds.set(row.run_id, same.id);
        return ctx.count('runs', 'unchanged');
      }
      ensureTask(ctx, { id: row.task_id, title: row.task_title, kind: row.task_kind }, synthetic, row.started_at, where);
      insertRun(
        ctx.db,
        {
          id: row.run_id,
          task_id: row.task_id,
          ...columns,
          status: row.status as RunRow['status'],
          started_at: row.started_at,
          finished_at: row.finished_at,
          digest: row.digest,
          source_dir: `imported from ${ctx.label}`,
          imported_at: ctx.now,
          synthetic,
        },
        [],
        [],
      );
      if (row.artifacts.length > 0) withoutFiles += 1;
      if (row.study_id !== null) mergeStudyRun(ctx, row, columns, where);
      insertImportedRunFacts(ctx.db, { ...facts, summary: trajectorySummary(row, where) });
      ctx.count('runs', 'added');
    });
  }
  if (withoutFiles > 0) {
    ctx.notes.push(`${withoutFiles} imported run${withoutFiles === 1 ? ' has' : 's have'} artifacts whose files an export does not carry: ${withoutFiles === 1 ? 'it is' : 'they are'} counted in the analysis but cannot be shown in the arena or judged on their output until ${withoutFiles === 1 ? 'its bundle is' : 'their bundles are'} imported (lhb runs import).`);
  }
}

/** The exported trajectory figures as the store keeps them, for a study run or a summary alike; the errors rebuilt from their counts. */
function trajectoryFigures(row: RunRowIn, where: string) {
  return {
    steps: row.steps,
    tool_calls: row.tool_calls,
    failed_tool_calls: row.failed_tool_calls,
    tokens_input: row.tokens_input,
    tokens_output: row.tokens_output,
    cost_usd: row.cost_usd,
    errors_json: row.errors === null ? null : JSON.stringify(errorEvents(row, where)),
  };
}

/** The trajectory summary of a run no study made (a bundle the exporter imported with an ATIF trajectory); null without one. */
function trajectorySummary(row: RunRowIn, where: string): Parameters<typeof insertImportedRunFacts>[1]['summary'] {
  const figures = trajectoryFigures(row, where);
  return row.study_id === null && figures.errors_json !== null ? { run_id: row.run_id, ...figures, errors_json: figures.errors_json } : null;
}

/** The run's artifacts list as stored, refused (here or not) when it names a path twice or a negative size. */
function artifactRows(row: RunRowIn, where: string): { run_id: string; path: string; sha256: string; size_bytes: number }[] {
  const paths = new Set<string>();
  return row.artifacts.map((artifact, index) => {
    if (paths.has(artifact.path)) throw new ImportRefusedError(`${where}: field artifacts[${index}] names ${artifact.path} a second time.`);
    if (artifact.size_bytes < 0) throw new ImportRefusedError(`${where}: field artifacts[${index}].size_bytes is ${artifact.size_bytes}, below 0.`);
    paths.add(artifact.path);
    return { run_id: row.run_id, ...artifact };
  });
}

/** The run's turns as stored, refused (here or not) when one is numbered twice or contradicts itself. */
function turnRows(row: RunRowIn, where: string): ImportedRunTurnRow[] {
  const numbers = new Set<number>();
  return (row.turns ?? []).map((turn, index) => {
    if (numbers.has(turn.turn)) throw new ImportRefusedError(`${where}: field turns[${index}] is turn ${turn.turn} a second time.`);
    numbers.add(turn.turn);
    return turnRow(row.run_id, turn, `${where}: field turns[${index}]`);
  });
}

/** One exported turn as stored, refused when it contradicts itself (more recovered errors than errors, an unknown status). */
function turnRow(runId: string, turn: NonNullable<RunRowIn['turns']>[number], where: string): ImportedRunTurnRow {
  if (turn.status !== 'succeeded' && turn.status !== 'failed') throw new ImportRefusedError(`${where}.status is "${turn.status}", not succeeded or failed.`);
  if (turn.turn < 1) throw new ImportRefusedError(`${where}.turn is ${turn.turn}; turns are numbered from 1.`);
  if (turn.recovered_errors > turn.errors || turn.errors < 0 || turn.recovered_errors < 0) throw new ImportRefusedError(`${where} has ${turn.recovered_errors} recovered errors of ${turn.errors}.`);
  return {
    run_id: runId,
    turn: turn.turn,
    status: turn.status,
    duration_ms: turn.duration_ms,
    tokens_input: turn.tokens_input,
    tokens_output: turn.tokens_output,
    steps: turn.steps,
    errors: turn.errors,
    recovered_errors: turn.recovered_errors,
    files_changed: turn.files_changed,
    lines_changed: turn.lines_changed,
    untouched_share: turn.untouched_share,
  };
}

/**
 * A run's configuration as this workspace writes it, whatever the exporting version wrote: the
 * harness by its id, the harness version out of `versions` when the export predates the field,
 * the configuration id recomputed (core/runs/run-configuration.ts), so imported runs join the
 * workspace's own configurations.
 */
function runColumns(row: RunRowIn, synthetic: 0 | 1): ReturnType<typeof configurationColumns> {
  const versions = Object.fromEntries(row.versions.map((entry) => [entry.name, entry.version]));
  const columns = configurationColumns(runConfigurationOf({ harness: row.harness, model: row.model, versions, harnessVersion: row.harness_version }));
  return synthetic === 1 ? { ...columns, config_id: `${SYNTHETIC_CONFIG_PREFIX}${columns.config_id}` } : columns;
}

/** The study (created, finished, with no folder or spec) and its finished run carrying the exported figures. */
function mergeStudyRun(ctx: MergeContext, row: RunRowIn, columns: ReturnType<typeof configurationColumns>, where: string): void {
  const studyId = row.study_id!;
  if (findStudyRunByRunId(ctx.db, row.run_id)) return;
  if (!findStudy(ctx.db, studyId)) {
    insertStudy(
      ctx.db,
      {
        id: studyId,
        project_id: ctx.projectId,
        name: row.study_name || studyId,
        // An export carries no study spec (endpoints, key variables, local folders): this one cannot be resumed.
        spec_json: JSON.stringify({ importedFrom: ctx.label }),
        config_digest: 'imported',
        executor: 'imported',
        folder: '',
        state: 'finished',
        job_id: null,
        cancel_requested_at: null,
        created_at: row.started_at,
        updated_at: row.finished_at,
      },
      [],
    );
  }
  insertFinishedStudyRun(ctx.db, {
    id: `${studyId}~${row.run_id}`,
    study_id: studyId,
    position: nextStudyRunPosition(ctx.db, studyId),
    task_id: row.task_id,
    harness: columns.harness,
    model: columns.model,
    versions_json: columns.versions_json,
    config_id: columns.config_id,
    config_index: 0,
    repeat_index: row.repeat_index ?? 0,
    status: row.status as RunRow['status'],
    attempts: row.attempts ?? 1,
    error_kind: row.error_kind,
    error_message: null,
    harness_version: columns.harness_version,
    process_pid: null,
    process_start: null,
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration_ms: row.duration_ms,
    ...trajectoryFigures(row, where),
    last_event: null,
    transcript_sha256: null,
    trajectory_sha256: null,
    run_id: row.run_id,
    cancel_requested_at: null,
    updated_at: row.finished_at,
    // The exported mode and network; the limits are not exported.
    sandbox_json: row.sandbox ? JSON.stringify({ mode: row.sandbox, network: row.sandbox_network ?? null, limits: null }) : null,
  });
}

/**
 * Error events rebuilt from the exported counts: one per error, of its type, recovered or not.
 * Messages and steps never leave a workspace (they can quote paths or keys), so they are empty;
 * analysis reads only the type and whether it was recovered.
 */
function errorEvents(row: RunRowIn, where: string): { step: number; toolCallId: string; type: string; message: string; recovered: boolean; recoveredAtStep: null }[] {
  const events = [];
  for (const [index, entry] of row.errors_by_type.entries()) {
    if (!ErrorTypeSchema.safeParse(entry.type).success) throw new ImportRefusedError(`${where}: field errors_by_type[${index}].type is "${entry.type}", not an error type of this format.`);
    if (entry.recovered > entry.count || entry.count < 0) throw new ImportRefusedError(`${where}: field errors_by_type[${index}] has more recovered errors than errors.`);
    for (let n = 0; n < entry.count; n++) events.push({ step: 0, toolCallId: '', type: entry.type, message: '', recovered: n < entry.recovered, recoveredAtStep: null });
  }
  return events;
}

/** What a run's record says, as the import stores it, as one JSON text: an id met again with any of it changed is a conflict. */
type RunFacts = Pick<RunRow, 'digest' | 'task_id' | 'harness' | 'model' | 'versions_json' | 'harness_version' | 'started_at' | 'finished_at'> & { status: string };

/**
 * The run's record as two copies compare it: its digest, task, status, configuration (harness,
 * model, versions, harness version, as this workspace writes them) and times. The configuration
 * id is left out (an older workspace may have worked it out another way), and so are the figures
 * and artifacts an import stores beside the run.
 */
function runContent(run: RunFacts): string {
  const { digest, task_id, status, harness, model, harness_version } = run;
  // An instant compares as one: a workspace's own timestamps may be written with other precision than an export's.
  const instant = (time: string) => new Date(time).toISOString();
  const versions = Object.entries(JSON.parse(run.versions_json) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify({ digest, task_id, status, harness, model, versions: Object.fromEntries(versions), harness_version, started_at: instant(run.started_at), finished_at: instant(run.finished_at) }, null, 1);
}
