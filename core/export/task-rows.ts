import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TaskFileSchema } from '../../schemas/arena.ts';
import type { ExportSplit } from '../../schemas/export.ts';
import { studiesInScope } from '../analysis/study-scope.ts';
import { workspaceBlobReader } from '../analysis/turn-facts.ts';
import { pageExportRuns, pageExportVotes } from '../store/export-queries.ts';
import { listStudies } from '../store/study-repository.ts';
import { findTask, listTaskFrames } from '../store/task-repository.ts';
import { imageExtension } from './copied-files.ts';
import { PAGE_ROWS, utcTimestamp, yieldToEventLoop, type ExportContext } from './export-context.ts';
import { inExportScope } from './export-scope.ts';
import type { SubsetRow } from './subset-fields.ts';

const flag = (split: ExportSplit) => (split === 'synthetic' ? 1 : 0);

/**
 * The tasks a split's records are about: those of the runs the runs subset exports in it, and of
 * the votes the preferences subset exports (the arena's tasks), sorted by id.
 */
function exportedTaskIds(ctx: ExportContext, split: ExportSplit): string[] {
  const ids = new Set<string>();
  for (let after = ''; ; ) {
    const page = pageExportRuns(ctx.db, ctx.projectId, flag(split), ctx.demo, after, PAGE_ROWS);
    for (const run of page) if (inExportScope(ctx, run.id)) ids.add(run.task_id);
    if (page.length < PAGE_ROWS) break;
    after = page[page.length - 1]!.id;
  }
  for (let after = ''; ; ) {
    const page = pageExportVotes(ctx.db, ctx.projectId, flag(split), ctx.demo, after, PAGE_ROWS);
    for (const vote of page) if (inExportScope(ctx, vote.run_a, vote.run_b)) ids.add(vote.task_id);
    if (page.length < PAGE_ROWS) break;
    after = page[page.length - 1]!.id;
  }
  return [...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
}

export const countTaskRows = (ctx: ExportContext, split: ExportSplit): number => exportedTaskIds(ctx, split).length;

/** One row per task the split's runs and votes are about, by id: what it asked, its later turns and task.json, and a Figma task's frames with their images copied into the folder. */
export async function* taskRows(ctx: ExportContext, split: ExportSplit): AsyncGenerator<SubsetRow<'tasks'>> {
  const readBlob = workspaceBlobReader(ctx.db);
  const folders = taskFolders(ctx);
  for (const [index, id] of exportedTaskIds(ctx, split).entries()) {
    const task = findTask(ctx.db, id);
    if (!task) continue;
    const file = readTaskFile(folders.get(id));
    yield {
      task_id: task.id,
      kind: task.kind,
      title: task.title,
      instruction: task.instruction,
      chapter_id: task.chapter_id,
      turns: (file?.turns ?? []).map((turn, position) => ({ turn: position + 2, prompt: turn.prompt, after: turn.after })),
      task_json: file?.text ?? null,
      figma_file_key: task.figma_file_key,
      frames: listTaskFrames(ctx.db, id).map((frame) => {
        const bytes = readBlob(frame.gt_sha256);
        return {
          position: frame.position,
          node_id: frame.node_id,
          name: frame.name,
          target_route: frame.target_route,
          viewport_width: frame.viewport_width,
          viewport_height: frame.viewport_height,
          image: bytes ? ctx.files.bytesFile('tasks', bytes, imageExtension(bytes)) : null,
        };
      }),
      created_at: utcTimestamp(task.created_at, `Task ${task.id}`),
      updated_at: utcTimestamp(task.updated_at, `Task ${task.id}`),
    };
    if (index % 100 === 99) await yieldToEventLoop();
  }
}

/**
 * The folder each task was given as (a study's `taskFolders`), the chosen studies' first, newest
 * study first: the workspace keeps a task's instruction and frames, not its task.json, whose later
 * turns and MCP servers are read from the folder as a study reads them.
 */
function taskFolders(ctx: ExportContext): Map<string, string> {
  const studies = listStudies(ctx.db, ctx.projectId);
  const ordered = [...studiesInScope(studies, ctx.scope), ...studies];
  const folders = new Map<string, string>();
  for (const study of ordered) {
    let spec: { taskFolders?: Record<string, unknown> };
    try {
      spec = JSON.parse(study.spec_json) as typeof spec;
    } catch {
      continue;
    }
    for (const [taskId, folder] of Object.entries(spec.taskFolders ?? {})) if (typeof folder === 'string' && !folders.has(taskId)) folders.set(taskId, folder);
  }
  return folders;
}

/** A task folder's task.json: its text as it is, and its later turns when it reads as a task file; undefined when the folder or file is gone. */
function readTaskFile(folder: string | undefined): { text: string; turns: { prompt: string; after: string }[] } | undefined {
  if (!folder) return undefined;
  const path = join(folder, 'task.json');
  if (!existsSync(path)) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  let turns: { prompt: string; after: string }[];
  try {
    turns = TaskFileSchema.safeParse(JSON.parse(text)).data?.turns ?? [];
  } catch {
    turns = [];
  }
  return { text, turns };
}
