import type { TaskSummary } from '../../schemas/arena.ts';

/** The synthetic demo study's tasks are titled "Synthetic: …"; real imports never are. */
export function isSyntheticTask(task: Pick<TaskSummary, 'title'>): boolean {
  return task.title.startsWith('Synthetic:');
}

/** The tasks the table shows: synthetic ones only when asked for, then those whose title or id holds the filter. */
export function visibleTasks<T extends Pick<TaskSummary, 'id' | 'title'>>(tasks: readonly T[], filter: string, showSynthetic: boolean): T[] {
  const needle = filter.trim().toLowerCase();
  return tasks.filter(
    (task) => (showSynthetic || !isSyntheticTask(task)) && (needle === '' || task.title.toLowerCase().includes(needle) || task.id.toLowerCase().includes(needle)),
  );
}
