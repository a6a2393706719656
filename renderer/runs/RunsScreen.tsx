import { useEffect, useState } from 'react';
import { useConnectedClient } from '../api/connected-client.ts';
import { DismissibleAlert } from '../ui/DismissibleAlert.tsx';
import { compareAddressRuns, isCompareAddress } from './compare-address.ts';
import { ImportRegion } from './ImportRegion.tsx';
import { RunCompareView } from './RunCompareView.tsx';
import { RunDialog } from './RunDialog.tsx';
import { useRunViewStore } from './run-view-store.ts';
import { RunsRegion } from './RunsRegion.tsx';
import { runsAddress, runsAddressTerms } from './runs-address.ts';
import { useRunsStore, type RunsState } from './runs-store.ts';
import { RunSearch } from './RunSearch.tsx';
import { StudiesRegion } from './StudiesRegion.tsx';
import { useStudiesStore } from './studies-store.ts';
import { StudyRegion } from './StudyRegion.tsx';
import { TasksRegion } from './TasksRegion.tsx';
import './runs.css';
import './studies.css';

/**
 * The researcher's view of runs: studies started here (a "New study" form, live progress, cancel,
 * retry, resume), tasks and each task's runs with who made them (harness, model, versions) and
 * what frame capture found, any run's transcript, build, frames and video, and a form to import
 * more. Identities are shown here on purpose; the arena never shows them.
 */
export function RunsScreen() {
  const client = useConnectedClient();
  const error = useRunsStore((s) => s.error);
  const announcement = useRunsStore((s) => s.announcement);
  const studiesError = useStudiesStore((s) => s.error);
  const studiesAnnouncement = useStudiesStore((s) => s.announcement);
  const runOpen = useRunViewStore((s) => s.run !== undefined);
  const { dismissError } = useRunsStore.getState();

  useEffect(() => (client ? useRunsStore.getState().connect(client) : undefined), [client]);
  useEffect(() => (client ? useStudiesStore.getState().connect(client) : undefined), [client]);
  useEffect(followRunsAddress, []);
  const compared = useComparedRuns();

  if (compared) {
    return (
      <div className="runs">
        <RunCompareView a={compared.a} b={compared.b} />
      </div>
    );
  }
  return (
    <div className="runs">
      {error && <DismissibleAlert message={error} onDismiss={dismissError} />}
      {studiesError && <DismissibleAlert message={studiesError} onDismiss={useStudiesStore.getState().dismissError} />}
      <RunSearch />
      <StudiesRegion />
      <StudyRegion />
      <div className="runs__browse">
        <TasksRegion />
        <RunsRegion />
      </div>
      <ImportRegion />
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {studiesAnnouncement}
      </div>
      {runOpen && <RunDialog />}
    </div>
  );
}

/** The two runs the address asks to compare (the compare view's `#/runs/compare?a=…&b=…`), kept in step with it. */
function useComparedRuns(): { a: string; b: string } | undefined {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const follow = () => setHash(window.location.hash);
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return compareAddressRuns(hash);
}

const addressOf = (state: Pick<RunsState, 'runsTerms' | 'selectedTaskId'>) => runsAddress({ ...state.runsTerms, task: state.selectedTaskId });

/**
 * Keeps the Runs table's task and filters in the address, so a link (or a reload) opens the same
 * view: an address with filters is shown as it says; one without (the Runs tab) gets the table's.
 */
function followRunsAddress(): () => void {
  const show = () => {
    // The compare view has its own address; the table's filters stay as they were behind it.
    if (isCompareAddress(window.location.hash)) return;
    const terms = runsAddressTerms(window.location.hash);
    if (terms === undefined) window.history.replaceState(null, '', addressOf(useRunsStore.getState()));
    else if (runsAddress(terms) !== addressOf(useRunsStore.getState())) useRunsStore.getState().applyAddressTerms(terms);
  };
  show();
  window.addEventListener('hashchange', show);
  const unsubscribe = useRunsStore.subscribe((state, previous) => {
    if (state.runsTerms === previous.runsTerms && state.selectedTaskId === previous.selectedTaskId) return;
    if (isCompareAddress(window.location.hash)) return;
    const address = addressOf(state);
    if (window.location.hash !== address) window.history.replaceState(null, '', address);
  });
  return () => {
    window.removeEventListener('hashchange', show);
    unsubscribe();
  };
}
