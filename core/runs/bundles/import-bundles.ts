import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { TaskFileSchema, type BundleImportOutcome, type TaskFile } from '../../../schemas/arena.ts';
import { recordBlob } from '../../store/blob-repository.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { findRunByDigest, insertRun, type RunFileRow, type RunFindingRow } from '../../store/run-repository.ts';
import { insertRunTrajectory } from '../../store/run-trajectory-repository.ts';
import { findTask, listTaskFrames, upsertTask, type TaskFrameRow, type TaskRow } from '../../store/task-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { BundleError, readJsonFile, resolveFolder } from './bundle-files.ts';
import { captureFrames, type CapturedFrame } from './frame-capture.ts';
import { frameCaptureFileName } from './frame-capture-file-name.ts';
import { readFigmaTask } from './read-figma-manifest.ts';
import { readOutputBundle, type OutputBundle } from './read-output-bundle.ts';
import { configurationColumns, runConfigurationOf } from '../run-configuration.ts';
import { isHarborTrialFolder, readHarborTrial } from '../trajectory/atif-harbor-trial.ts';
import { readFolderTrajectory } from '../trajectory/atif-run-files.ts';
import { describeFolderTrajectory, storeFolderTrajectory } from '../trajectory/atif-run-trajectory.ts';

/** Largest single artifact file kept (bytes); a bigger one fails its bundle with this number. */
export const MAX_BUNDLE_FILE_BYTES = 200 * 1024 * 1024;
/** Largest bundle (all artifacts together). */
export const MAX_BUNDLE_BYTES = 1024 * 1024 * 1024;
/** Most files in one bundle's dist/. */
export const MAX_BUNDLE_FILES = 20_000;

const TASK_FIX = 'Fix it so task.json is {id, kind: "figma"|"programmatic", title, instruction?, chapter?: {course, title}} and import again.';
/** Folders never walked when looking for tasks and bundles. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'frames', 'ground_truth']);
const MAX_WALK_DEPTH = 4;

export interface ImportBundlesOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
  /** Finds a programmatic task's chapter (by course and chapter title); core/annotate answers it. */
  resolveChapter?: (courseTitle: string, chapterTitle: string) => { id: string; instruction: string } | undefined;
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

export interface ImportBundlesResult {
  outcomes: BundleImportOutcome[];
  message: string;
}

interface Found {
  path: string;
  kind: 'task' | 'run';
}

/**
 * Imports task folders (`task.json`, plus `ground_truth/` for Figma tasks), output bundles
 * (`run.json` + artifacts, and/or an ATIF `trajectory.json` or `agent/trajectory.json`) and Harbor
 * trial folders (`result.json` + `agent/trajectory.json`, core/runs/trajectory/atif-harbor-trial.ts)
 * into the workspace. Each path may be a task, a bundle, or a folder
 * holding them (walked a few levels deep). Tasks go first so a bundle can name a task imported
 * in the same call. Every artifact is copied into the blob store, so the arena serves what was
 * imported even after the folder moves. A folder that cannot be read fails alone, with the file
 * and the fix; the others still import. Importing the same bundle twice changes nothing.
 */
export async function importBundles(workspace: Workspace, paths: readonly string[], options: ImportBundlesOptions = {}): Promise<ImportBundlesResult> {
  const outcomes: BundleImportOutcome[] = [];
  const found: Found[] = [];
  for (const path of paths) {
    try {
      const here = discover(resolveFolder(path, 'task or output bundle'), 0);
      if (here.length === 0) {
        outcomes.push({ path, kind: 'unknown', status: 'failed', reason: `${path}: holds no task.json, run.json or Harbor trial (result.json + agent/) (looked ${MAX_WALK_DEPTH} folders deep). Point at a task folder, an output bundle, a Harbor trial or job folder, or a folder of them.` });
      }
      found.push(...here);
    } catch (error) {
      outcomes.push({ path, kind: 'unknown', status: 'failed', reason: messageOf(error) });
    }
  }
  found.sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'task' ? -1 : 1));
  let done = 0;
  for (const item of found) {
    if (options.signal?.aborted) break;
    options.onProgress?.(done, found.length, `Importing ${basename(item.path)}`);
    try {
      outcomes.push(item.kind === 'task' ? await importTask(workspace, item.path, options) : await importRun(workspace, item.path, options));
    } catch (error) {
      outcomes.push({ path: item.path, kind: item.kind, status: 'failed', reason: messageOf(error) });
    }
    done += 1;
  }
  options.onProgress?.(done, found.length, 'Done');
  return { outcomes, message: summarise(outcomes, options.signal?.aborted === true) };
}

function discover(dir: string, depth: number): Found[] {
  if (existsSync(join(dir, 'task.json'))) return [{ path: dir, kind: 'task' }];
  if (existsSync(join(dir, 'run.json'))) return [{ path: dir, kind: 'run' }];
  if (isHarborTrialFolder(dir)) return [{ path: dir, kind: 'run' }];
  if (depth >= MAX_WALK_DEPTH) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => discover(join(dir, name), depth + 1));
}

async function importTask(workspace: Workspace, dir: string, options: ImportBundlesOptions): Promise<BundleImportOutcome> {
  const file: TaskFile = readJsonFile(join(dir, 'task.json'), TaskFileSchema, TASK_FIX);
  const project = findCurrentProject(workspace.db);
  if (!project) throw new Error('The workspace has no project; open it with lhb or the app once so it is set up.');
  const frames: TaskFrameRow[] = [];
  let figmaFileKey: string | null = null;
  if (file.kind === 'figma') {
    const figma = readFigmaTask(dir);
    figmaFileKey = figma.manifest.figma_file_key;
    for (const [position, frame] of figma.frames.entries()) {
      const blob = await putFile(workspace, frame.gtImagePath);
      frames.push({
        task_id: file.id,
        position,
        node_id: frame.node_id,
        name: frame.name,
        target_route: frame.target_route,
        viewport_width: frame.viewport?.width ?? null,
        viewport_height: frame.viewport?.height ?? null,
        gt_sha256: blob.sha256,
      });
    }
  } else if (file.chapter === undefined && file.instruction === '') {
    throw new BundleError(join(dir, 'task.json'), 'chapter', `${join(dir, 'task.json')}: a programmatic task needs chapter {course, title} or an instruction, so voters know what was asked.`);
  }
  const chapter = file.chapter === undefined ? undefined : options.resolveChapter?.(file.chapter.course, file.chapter.title);
  const existing = findTask(workspace.db, file.id);
  const before = existing ? taskFingerprint(existing, listTaskFrames(workspace.db, file.id)) : undefined;
  const now = new Date().toISOString();
  upsertTask(
    workspace.db,
    {
      id: file.id,
      project_id: project.id,
      kind: file.kind,
      title: file.title,
      instruction: file.instruction !== '' ? file.instruction : (chapter?.instruction ?? ''),
      chapter_id: chapter?.id ?? null,
      figma_file_key: figmaFileKey,
      created_at: existing?.created_at ?? now,
      updated_at: now,
    },
    frames,
  );
  const notes = [file.kind === 'figma' ? `${frames.length} frame${frames.length === 1 ? '' : 's'}` : 'programmatic content'];
  if (file.chapter && !chapter) notes.push(`chapter "${file.chapter.title}" of "${file.chapter.course}" not found; linked by title only`);
  const after = taskFingerprint(findTask(workspace.db, file.id)!, listTaskFrames(workspace.db, file.id));
  if (existing) notes.push(before === after ? 'already imported' : 'updated');
  return { path: dir, kind: 'task', status: before === after ? 'unchanged' : 'imported', id: file.id, detail: notes.join('; ') };
}

async function importRun(workspace: Workspace, dir: string, options: ImportBundlesOptions): Promise<BundleImportOutcome> {
  let runJson = join(dir, 'run.json');
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

  const files = listArtifacts(bundle);
  let findings: RunFindingRow[] = [];
  let captureDir: string | undefined;
  try {
    if (task.kind === 'figma' && bundle.frames.length === 0 && bundle.dist !== undefined && taskFrames.length > 0) {
      if (options.captureMissingFrames === false) {
        findings = taskFrames.map((frame) => ({ run_id: '', node_id: frame.node_id, kind: 'capture-skipped', detail: 'Frame capture was turned off for this import.' }));
      } else {
        captureDir = mkdtempSync(join(tmpdir(), 'lhb-capture-'));
        const captured = await capture(bundle.dist, taskFrames, captureDir, options);
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
      const blob = await putFile(workspace, file.absolute);
      rows.push({ run_id: runId, path: file.path, sha256: blob.sha256, size_bytes: blob.sizeBytes });
    }
    const run = bundle.run;
    const configuration = runConfigurationOf({ harness: run.harness, model: run.model, versions: run.versions, harnessVersion: run.harness_version });
    // Where run.json says nothing, the version the agent's own trajectory names, then Harbor's record.
    configuration.harnessVersion ??= bundleTrajectory?.trajectory.harnessVersion ?? harbor?.agentVersion ?? null;
    const trajectoryRow = bundleTrajectory ? await storeFolderTrajectory(workspace, runId, bundleTrajectory, harbor?.agentVersion ?? null) : undefined;
    // The run and its trajectory are stored together or not at all.
    workspace.db.transaction(() => {
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
  } finally {
    if (captureDir) rmSync(captureDir, { recursive: true, force: true });
  }
}

function taskFingerprint(task: TaskRow, frames: readonly TaskFrameRow[]): string {
  const { kind, title, instruction, chapter_id, figma_file_key } = task;
  return JSON.stringify([kind, title, instruction, chapter_id, figma_file_key, frames]);
}

function peekTaskId(runJson: string): string | undefined {
  try {
    const value = JSON.parse(readFileSync(runJson, 'utf8').replace(/^\uFEFF/, '')) as { task_id?: unknown };
    return typeof value.task_id === 'string' ? value.task_id : undefined;
  } catch {
    return undefined; // readOutputBundle reports it properly
  }
}

interface Artifact {
  /** Path inside the bundle, '/'-separated: dist/..., frames/<file>.png, video.<ext>. */
  path: string;
  absolute: string;
}

function listArtifacts(bundle: OutputBundle): Artifact[] {
  const artifacts: Artifact[] = [];
  if (bundle.dist !== undefined) walkDist(bundle.dist, bundle.dist, artifacts);
  for (const frame of bundle.frames) artifacts.push({ path: `frames/${frameCaptureFileName(frame.nodeId)}`, absolute: frame.path });
  if (bundle.video !== undefined) artifacts.push({ path: basename(bundle.video), absolute: bundle.video });
  let total = 0;
  for (const artifact of artifacts) {
    const size = statSync(artifact.absolute).size;
    if (size > MAX_BUNDLE_FILE_BYTES) {
      throw new BundleError(artifact.absolute, undefined, `${artifact.absolute}: ${mib(size)} is over the ${mib(MAX_BUNDLE_FILE_BYTES)} limit per file. Nothing of this bundle was imported; shrink or remove the file.`);
    }
    total += size;
  }
  if (total > MAX_BUNDLE_BYTES) {
    throw new BundleError(bundle.dir, undefined, `${bundle.dir}: its artifacts total ${mib(total)}, over the ${mib(MAX_BUNDLE_BYTES)} limit per bundle. Nothing was imported; remove what the arena does not need.`);
  }
  return artifacts.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

function walkDist(root: string, folder: string, out: Artifact[]): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const absolute = join(folder, entry.name);
    const info = statSync(absolute); // links were checked to stay inside dist/ by readOutputBundle
    if (info.isDirectory()) walkDist(root, absolute, out);
    else if (info.isFile()) out.push({ path: `dist/${relative(root, absolute).split(sep).join('/')}`, absolute });
    if (out.length > MAX_BUNDLE_FILES) {
      throw new BundleError(root, undefined, `${root}: more than ${MAX_BUNDLE_FILES} files in dist/. Nothing was imported; ship a built site, not its sources and node_modules.`);
    }
  }
}

async function capture(
  dist: string,
  frames: readonly TaskFrameRow[],
  outDir: string,
  options: ImportBundlesOptions,
): Promise<{ files: Artifact[]; findings: RunFindingRow[] }> {
  let captured: CapturedFrame[];
  try {
    captured = await captureFrames({
      distDir: dist,
      outDir,
      frames: frames.map((frame) => ({
        nodeId: frame.node_id,
        targetRoute: frame.target_route,
        ...(frame.viewport_width && frame.viewport_height ? { viewport: { width: frame.viewport_width, height: frame.viewport_height } } : {}),
      })),
      ...(options.chromiumPath ? { chromiumPath: options.chromiumPath } : {}),
    });
  } catch (error) {
    // No browser here (or it would not start): the run still imports; the voter sees "no frame".
    const detail = `Frames were not captured: ${messageOf(error)}`;
    return { files: [], findings: frames.map((frame) => ({ run_id: '', node_id: frame.node_id, kind: 'capture-skipped', detail })) };
  }
  const files: Artifact[] = [];
  const findings: RunFindingRow[] = [];
  for (const frame of captured) {
    if (frame.path) files.push({ path: `frames/${frameCaptureFileName(frame.nodeId)}`, absolute: frame.path });
    for (const finding of frame.findings) findings.push({ run_id: '', node_id: frame.nodeId, kind: finding.kind, detail: finding.detail });
  }
  return { files, findings };
}

async function putFile(workspace: Workspace, path: string): Promise<{ sha256: string; sizeBytes: number }> {
  const blob = await workspace.blobs.putAsync(readFileSync(path));
  recordBlob(workspace.db, blob.sha256, blob.sizeBytes, new Date().toISOString());
  return blob;
}

function fileSha(path: string): string {
  return sha256(readFileSync(path));
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function summarise(outcomes: readonly BundleImportOutcome[], cancelled: boolean): string {
  const count = (status: BundleImportOutcome['status'], kind: 'task' | 'run') => outcomes.filter((o) => o.status === status && o.kind === kind).length;
  const failed = outcomes.filter((o) => o.status === 'failed');
  const parts = [
    `${count('imported', 'task')} task${count('imported', 'task') === 1 ? '' : 's'} and ${count('imported', 'run')} run${count('imported', 'run') === 1 ? '' : 's'} imported`,
  ];
  const unchanged = count('unchanged', 'task') + count('unchanged', 'run');
  if (unchanged > 0) parts.push(`${unchanged} unchanged`);
  if (failed.length > 0) parts.push(`${failed.length} failed: ${failed.map((o) => (o.status === 'failed' ? o.reason.replace(/\.$/, '') : '')).join(' | ')}`);
  return `${cancelled ? 'Cancelled; ' : ''}${parts.join('; ')}.`;
}
