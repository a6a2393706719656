import type { TaskSummary } from '../../schemas/arena.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useRunsStore } from './runs-store.ts';
import { isSyntheticTask, visibleTasks } from './task-filter.ts';

const KIND_WORDS: Record<TaskSummary['kind'], string> = { figma: 'Figma', programmatic: 'Programmatic' };

const taskColumns = (selectedTaskId: string | undefined, selectTask: (taskId: string) => void): DataColumn<TaskSummary>[] => [
  {
    head: 'Title',
    cell: (task) => (
      <>
        <button type="button" className="runs-task__pick" aria-current={task.id === selectedTaskId ? 'true' : undefined} onClick={() => selectTask(task.id)}>
          {task.title}
        </button>
        {isSyntheticTask(task) && <span className="runs-badge runs-badge--synthetic">synthetic</span>}
      </>
    ),
  },
  { head: 'Kind', cell: (task) => <span className={`runs-badge runs-badge--${task.kind}`}>{KIND_WORDS[task.kind]}</span> },
  { head: 'Frames', headClassName: 'runs-table__number', className: 'runs-table__number', cell: (task) => task.frames },
  { head: 'Runs', headClassName: 'runs-table__number', className: 'runs-table__number', cell: (task) => task.runs },
];

/** The imported tasks, filtered; a task's title is a button that lists its runs. */
export function TasksRegion() {
  const phase = useRunsStore((s) => s.tasksPhase);
  const tasks = useRunsStore((s) => s.tasks);
  const filter = useRunsStore((s) => s.filter);
  const showSynthetic = useRunsStore((s) => s.showSynthetic);
  const selectedTaskId = useRunsStore((s) => s.selectedTaskId);
  const { setFilter, setShowSynthetic, selectTask } = useRunsStore.getState();

  const shown = visibleTasks(tasks, filter, showSynthetic);
  const synthetic = tasks.filter(isSyntheticTask).length;

  return (
    <section className="screen-region runs-region runs-tasks" aria-labelledby="runs-tasks-title" aria-busy={phase === 'loading'}>
      <h2 id="runs-tasks-title">Tasks</h2>
      {phase === 'ready' && tasks.length === 0 ? (
        <NoTasksYet />
      ) : (
        <>
          <div className="runs-tasks__controls">
            <label className="runs-field">
              <span>Filter tasks</span>
              <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Title or id" />
            </label>
            <label className="runs-check">
              <input type="checkbox" checked={showSynthetic} onChange={(e) => setShowSynthetic(e.target.checked)} />
              Show synthetic
            </label>
          </div>
          {phase === 'loading' && tasks.length === 0 ? (
            <p className="muted">Loading the tasks…</p>
          ) : (
            <div className="runs-table">
              <DataTable
                caption={
                  <>
                    {shown.length} of {tasks.length} task{tasks.length === 1 ? '' : 's'} shown
                    {!showSynthetic && synthetic > 0 ? ` (${synthetic} synthetic hidden)` : ''}. Select a task to list its runs.
                  </>
                }
                columns={taskColumns(selectedTaskId, selectTask)}
                rows={shown}
                rowKey={(task) => task.id}
                rowClassName={(task) => (task.id === selectedTaskId ? 'runs-task runs-task--selected' : 'runs-task')}
              />
              {shown.length === 0 && (
                <p className="muted">
                  No task matches{filter.trim() ? ` “${filter.trim()}”` : ''}
                  {!showSynthetic && synthetic > 0 ? '; synthetic tasks are hidden (tick “Show synthetic”)' : ''}.
                </p>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** What the Tasks region says before anything is imported: where tasks come from, and the form that imports them. */
export function NoTasksYet() {
  return (
    <EmptyState title="No tasks imported yet">
      <p>
        Tasks and the agents’ output bundles come from folders on this machine. Import them with the form below: each path a task folder, an output
        bundle, or a folder holding them.
      </p>
      <p>Imported runs are then listed here with their harness, model, artifacts and what frame capture found.</p>
    </EmptyState>
  );
}
