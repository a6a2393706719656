import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TaskFileSchema } from '../../../schemas/arena.ts';
import type { TaskTurn } from '../../../schemas/task-turns.ts';
import { readJsonFile } from '../files-inside-folder.ts';

/** The later turns of the task folder's task.json (its instruction is the first); none without a folder. */
export function readTaskTurns(taskFolder: string | undefined): TaskTurn[] {
  if (!taskFolder) return [];
  const file = join(taskFolder, 'task.json');
  if (!existsSync(file)) return [];
  return readJsonFile(file, TaskFileSchema, 'Fix task.json and start the run again.').turns ?? [];
}
