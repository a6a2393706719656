import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BundleImportOutcome } from '../../../schemas/arena.ts';
import { findRunByDigest, insertRun, type RunFileRow, type RunFindingRow } from '../../store/run-repository.ts';
import { insertRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { findTask, listTaskFrames } from '../../store/task-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { configurationColumns, runConfigurationOf } from '../run-configuration.ts';
import { HARBOR_RESULT_FILE, readHarborTrial } from '../trajectory/atif-harbor-trial.ts';
import { readFolderTrajectory } from '../trajectory/atif-run-files.ts';
import { describeFolderTrajectory, storeFolderTrajectory } from '../trajectory/atif-run-trajectory.ts';
import { listBundleArtifacts } from './bundle-artifacts.ts';
import { assertRegularFile, BundleError, resolveFolder } from '../files-inside-folder.ts';
import { captureBundleFrames } from './capture-bundle-frames.ts';
import { readOutputBundle, type OutputBundle } from './read-output-bundle.ts';
import { storeFileBlob } from './store-file-blob.ts';
import { writeTransaction } from '../../store/write-transaction.ts';
import { PendingBlobs } from '../../store/pending-blobs.ts';

export interface OutputBundleImportOptions {
  /** Capture frames for Figma bundles that have a build but no frames (default true). */
  captureMissingFrames?: boolean;
  /** Frame capture's browser; default: LHB_CHROMIUM or Debian's chromium. */
  chromiumPath?: string;
  /** The id a newly imported run gets (the run engine imports each run it executed under its own id). */
  runId?: string;
  /**
   * Read an ATIF `trajectory.json` (or `agent/trajectory.json`) beside run.json as the run's
   * trajectory. Default: true, except when `runId` is given (the run engine's own runs, whose
   * trajectory comes from their transcript, not from a file the agent wrote in out/).
   */
  readTrajectory?: boolean;
}

/**
 * Imports one run: an output bundle (`run.json` + artifacts, and/or an ATIF `trajectory.json` or
 * `agent/trajectory.json`) or a Harbor trial folder (`result.json` + `agent/trajectory.json`,
 * core/runs/trajectory/atif-harbor-trial.ts), on a task already in the workspace. The run, its
 * files and its trajectory are stored together or not at all; a bundle whose files and manifest
 * were imported before (the same digest) is `unchanged`.
 */
export async function importOutputBundle(workspace: Workspace, dir: string, options: OutputBundleImportOptions = {}): Promise<BundleImportOutcome> {
  let runJson = join(dir, 'run.json');
  // Read below before the bundle's own checks: a named pipe there would block the import forever.
  assertRegularFile(runJson);
  assertRegularFile(join(dir, HARBOR_RESULT_FILE));
  // A trajectory is read (and a bad one refused) before anything is stored.
  const bundleTrajectory = (options.readTrajectory ?? options.runId === undefined) ? readFolderTrajectory(resolveFolder(dir, 'output bundle')) : undefined;
  let harbor: ReturnType<typeof readHarborTrial> | undefined;
  if (!existsSync(runJson)) {
    if (!bundleTrajectory) throw new BundleError(join(dir, 'agent', 'trajectory.json'), undefined, `${dir}: a Harbor trial without agent/trajectory.json. Its agent wrote no ATIF trajectory, so there is nothing to import; add a run.json and artifacts to import it as an output bundle.`);
    harbor = readHarborTrial(resolveFolder(dir, 'Harbor trial'), bundleTrajectory.trajectory);
    runJson = harbor.resultFile;
  }
  // The task's node ids map frame files back exactly; read run.json's task_id first.
  const taskId = harbor ? harbor.run.task_id : peekTaskId(runJson);
  const task = taskId === undefined ? undefined : findTask(workspace.db, taskId);
  const taskFrames = task ? listTaskFrames(workspace.db, task.id) : [];
  const bundle: OutputBundle = harbor
    ? { dir: resolveFolder(dir, 'Harbor trial'), run: harbor.run, frames: [] }
    : readOutputBundle(dir, { ...(task ? { nodeIds: taskFrames.map((frame) => frame.node_id) } : {}), artifactsOptional: bundleTrajectory !== undefined });
  if (!task) {
    const field = harbor ? 'task_name' : 'task_id';
    throw new BundleError(runJson, field, `${runJson}: ${field} "${bundle.run.task_id}" is not a task in this workspace. Import the task folder (with its task.json) first, or together with this ${harbor ? 'trial' : 'bundle'}.`);
  }

  const files = listBundleArtifacts(bundle);
  let findings: RunFindingRow[] = [];
  let captureDir: string | undefined;
  const pending = new PendingBlobs(workspace.db, workspace.blobs);
  try {
    if (task.kind === 'figma' && bundle.frames.length === 0 && bundle.dist !== undefined && taskFrames.length > 0) {
      if (options.captureMissingFrames === false) {
        findings = taskFrames.map((frame) => ({ run_id: '', node_id: frame.node_id, kind: 'capture-skipped', detail: 'Frame capture was turned off for this import.' }));
      } else {
        captureDir = mkdtempSync(join(tmpdir(), 'lhb-capture-'));
        const captured = await captureBundleFrames(bundle.dist, taskFrames, captureDir, options.chromiumPath);
        findings = captured.findings;
        files.push(...captured.files);
      }
    }

    const manifestSha = sha256(readFileSync(runJson));
    const digestInput = [manifestSha, ...files.map((f) => `${f.path}\n${fileSha(f.absolute)}`), ...(bundleTrajectory ? [`${bundleTrajectory.path}\n${bundleTrajectory.sha256}`] : [])].join('\n');
    const digest = sha256(Buffer.from(digestInput));
    const existing = findRunByDigest(workspace.db, digest);
    if (existing) return { path: dir, kind: 'run', status: 'unchanged', id: existing.id, detail: 'already imported' };

    const runId = options.runId ?? randomUUID();
    const rows: RunFileRow[] = [];
    for (const file of files) {
      const blob = await storeFileBlob(workspace, file.absolute, pending);
      rows.push({ run_id: runId, path: file.path, sha256: blob.sha256, size_bytes: blob.sizeBytes });
    }
    const run = bundle.run;
    const configuration = runConfigurationOf({ harness: run.harness, model: run.model, versions: run.versions, harnessVersion: run.harness_version });
    // Where run.json says nothing, the version the agent's own trajectory names, then Harbor's record.
    configuration.harnessVersion ??= bundleTrajectory?.trajectory.harnessVersion ?? harbor?.agentVersion ?? null;
    const trajectoryRow = bundleTrajectory ? await storeFolderTrajectory(pending, runId, bundleTrajectory, harbor?.agentVersion ?? null) : undefined;
    // The run and its trajectory are stored together or not at all.
    writeTransaction(workspace.db, () => {
      pending.record(new Date().toISOString());
      insertRun(
        workspace.db,
        {
          id: runId,
          task_id: task.id,
          ...configurationColumns(configuration),
          status: run.status,
          started_at: run.started_at,
          finished_at: run.finished_at,
          digest,
          source_dir: bundle.dir,
          imported_at: new Date().toISOString(),
        },
        rows,
        findings.map((finding) => ({ ...finding, run_id: runId })),
      );
      if (trajectoryRow) insertRunTrajectory(workspace.db, trajectoryRow);
    })();
    const frameCount = rows.filter((row) => row.path.startsWith('frames/')).length;
    const parts = [`${rows.length} files`, `${frameCount} frame${frameCount === 1 ? '' : 's'}`];
    if (findings.length > 0) parts.push(`${findings.length} capture finding${findings.length === 1 ? '' : 's'}`);
    if (bundleTrajectory) parts.push(describeFolderTrajectory(bundleTrajectory));
    if (harbor?.rewards) parts.push(`Harbor ${harbor.rewards}`);
    return { path: dir, kind: 'run', status: 'imported', id: runId, detail: parts.join(', ') };
  } catch (error) {
    // Refused (or failed) after its files reached the blob store: none of them stays behind.
    pending.discard();
    throw error;
  } finally {
    if (captureDir) rmSync(captureDir, { recursive: true, force: true });
  }
}

function peekTaskId(runJson: string): string | undefined {
  try {
    const value = JSON.parse(readFileSync(runJson, 'utf8').replace(/^\uFEFF/, '')) as { task_id?: unknown };
    return typeof value.task_id === 'string' ? value.task_id : undefined;
  } catch {
    return undefined; // readOutputBundle reports it properly
  }
}

function fileSha(path: string): string {
  return sha256(readFileSync(path));
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
