import { join } from 'node:path';
import { TaskFileSchema, type BundleImportOutcome, type TaskFile } from '../../../schemas/arena.ts';
import { requireCurrentProject } from '../../store/project-repository.ts';
import { countTaskUses, findTask, listTaskFrames, upsertTask, type TaskFrameRow, type TaskRow, type TaskUses } from '../../store/task-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { BundleError, fileInsideFolder, readJsonFile } from '../files-inside-folder.ts';
import { readFigmaTask } from './read-figma-manifest.ts';
import { storeFileBlob } from './store-file-blob.ts';

const TASK_FIX = 'Fix it so task.json is {id, kind: "figma"|"programmatic", title, instruction?, chapter?: {data_room, title}, mcp_servers?: {name: {command, args?, env_from?} or {url, headers_from?}}} and import again.';

export interface TaskImportOptions {
  /** Finds a programmatic task's chapter (by its data room's title and its own); core/annotate answers it. */
  resolveChapter?: (dataRoomTitle: string, chapterTitle: string) => { id: string; instruction: string } | undefined;
}

/**
 * Imports one task folder (`task.json`, plus `ground_truth/` for a Figma task, whose frame
 * images go into the blob store). Importing it again updates the task, and reports
 * `unchanged` when nothing it holds changed. A task that runs, votes or judgments already use keeps
 * its kind and ground truth: a folder that would change them is refused, naming what uses the task,
 * since every vote and score on it was given against what it asked then.
 */
export async function importTaskFolder(workspace: Workspace, dir: string, options: TaskImportOptions = {}): Promise<BundleImportOutcome> {
  const file: TaskFile = readJsonFile(fileInsideFolder(dir, 'task.json'), TaskFileSchema, TASK_FIX);
  const project = requireCurrentProject(workspace.db);
  const frames: TaskFrameRow[] = [];
  let figmaFileKey: string | null = null;
  if (file.kind === 'figma') {
    const figma = readFigmaTask(dir);
    figmaFileKey = figma.manifest.figma_file_key;
    for (const [position, frame] of figma.frames.entries()) {
      const blob = await storeFileBlob(workspace, frame.gtImagePath);
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
    throw new BundleError(join(dir, 'task.json'), 'chapter', `${join(dir, 'task.json')}: a programmatic task needs chapter {data_room, title} or an instruction, so voters know what was asked.`);
  }
  const chapter = file.chapter === undefined ? undefined : options.resolveChapter?.(file.chapter.data_room, file.chapter.title);
  const existing = findTask(workspace.db, file.id);
  const existingFrames = existing ? listTaskFrames(workspace.db, file.id) : [];
  const before = existing ? taskFingerprint(existing, existingFrames) : undefined;
  if (existing) refuseChangingTaskInUse(workspace, join(dir, 'task.json'), existing, existingFrames, { kind: file.kind, figmaFileKey, frames });
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
  if (file.chapter && !chapter) notes.push(`chapter "${file.chapter.title}" of "${file.chapter.data_room}" not found; linked by title only`);
  const after = taskFingerprint(findTask(workspace.db, file.id)!, listTaskFrames(workspace.db, file.id));
  if (existing) notes.push(before === after ? 'already imported' : 'updated');
  return { path: dir, kind: 'task', status: before === after ? 'unchanged' : 'imported', id: file.id, detail: notes.join('; ') };
}

function taskFingerprint(task: TaskRow, frames: readonly TaskFrameRow[]): string {
  const { kind, title, instruction, chapter_id, figma_file_key } = task;
  return JSON.stringify([kind, title, instruction, chapter_id, figma_file_key, frames]);
}

/** Throws when the folder would change the kind or ground truth of a task that runs, votes or judgments use. */
function refuseChangingTaskInUse(
  workspace: Workspace,
  taskFile: string,
  existing: TaskRow,
  existingFrames: readonly TaskFrameRow[],
  incoming: { kind: TaskFile['kind']; figmaFileKey: string | null; frames: readonly TaskFrameRow[] },
): void {
  const changed =
    existing.kind !== incoming.kind
      ? `its kind (${existing.kind} → ${incoming.kind})`
      : groundTruthOf(existing.figma_file_key, existingFrames) !== groundTruthOf(incoming.figmaFileKey, incoming.frames)
        ? 'its ground truth (the Figma file or frames)'
        : undefined;
  if (!changed) return;
  const uses = countTaskUses(workspace.db, existing.id);
  if (uses.runs + uses.votes + uses.judgments === 0) return;
  throw new BundleError(
    taskFile,
    existing.kind !== incoming.kind ? 'kind' : undefined,
    `${taskFile}: the task ${existing.id} is already in this workspace and ${describeUses(uses)} use it, so ${changed} cannot change: ` +
      `they were given against the task as it is. Nothing was changed. Give this task folder another id (in task.json and its bundles' run.json task_id).`,
  );
}

function groundTruthOf(figmaFileKey: string | null, frames: readonly TaskFrameRow[]): string {
  return JSON.stringify([figmaFileKey, frames.map(({ position, node_id, target_route, viewport_width, viewport_height, gt_sha256 }) => [position, node_id, target_route, viewport_width, viewport_height, gt_sha256])]);
}

function describeUses(uses: TaskUses): string {
  const parts = [
    [uses.runs, 'run'],
    [uses.votes, 'vote'],
    [uses.judgments, 'judgment'],
  ] as const;
  return parts
    .filter(([count]) => count > 0)
    .map(([count, noun]) => `${count} ${noun}${count === 1 ? '' : 's'}`)
    .join(', ');
}
