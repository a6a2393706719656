import { useEffect } from 'react';
import { useAppStore } from '../app/app-store.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { ImportRegion } from './ImportRegion.tsx';
import { RunsRegion } from './RunsRegion.tsx';
import { useRunsStore } from './runs-store.ts';
import { TasksRegion } from './TasksRegion.tsx';
import './runs.css';

/**
 * The researcher's view of what was imported: tasks, each task's runs with who made them
 * (harness, model, versions) and what frame capture found, and a form to import more.
 * Identities are shown here on purpose; the arena never shows them.
 */
export function RunsScreen() {
  const client = useAppStore((s) => s.client);
  const error = useRunsStore((s) => s.error);
  const announcement = useRunsStore((s) => s.announcement);
  const { dismissError } = useRunsStore.getState();

  useEffect(() => (client ? useRunsStore.getState().connect(client) : undefined), [client]);

  return (
    <div className="runs">
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      <div className="runs__browse">
        <TasksRegion />
        <RunsRegion />
      </div>
      <ImportRegion />
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
