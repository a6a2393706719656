import type { TaskSummary } from '../../schemas/arena.ts';

/** The store's own mark (the demo study's generated tasks), never a guess from the title. */
export function isSyntheticTask(task: Pick<TaskSummary, 'synthetic'>): boolean {
  return task.synthetic;
}

/** The tasks the table shows: synthetic ones only when asked for, then those whose title or id holds the filter. */
export function visibleTasks<T extends Pick<TaskSummary, 'id' | 'title' | 'synthetic'>>(tasks: readonly T[], filter: string, showSynthetic: boolean): T[] {
  const needle = filter.trim().toLowerCase();
  return tasks.filter(
    (task) => (showSynthetic || !isSyntheticTask(task)) && (needle === '' || task.title.toLowerCase().includes(needle) || task.id.toLowerCase().includes(needle)),
  );
}
