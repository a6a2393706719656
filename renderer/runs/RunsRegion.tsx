import type { RunSummary } from '../../schemas/arena.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { useRunViewStore } from './run-view-store.ts';
import { findingsSummary } from './finding-words.ts';
import { RunFindings } from './RunFindings.tsx';
import { useRunsStore } from './runs-store.ts';
import { artifactsText, runsCaption, timeRangeText, versionsText } from './run-words.ts';

/** The selected task's runs: who made each, when, what it brought, and what frame capture found. */
export function RunsRegion() {
  const selectedTaskId = useRunsStore((s) => s.selectedTaskId);
  const task = useRunsStore((s) => s.tasks.find((t) => t.id === s.selectedTaskId));
  const phase = useRunsStore((s) => s.runsPhase);
  const runs = useRunsStore((s) => s.runs);

  if (!selectedTaskId) {
    return (
      <section className="runs-region runs-runs" aria-labelledby="runs-runs-title">
        <h2 id="runs-runs-title">Runs</h2>
        <p className="muted">Select a task to list its runs.</p>
      </section>
    );
  }
  const title = task?.title ?? selectedTaskId;
  return (
    <section className="runs-region runs-runs" aria-labelledby="runs-runs-title" aria-busy={phase === 'loading'}>
      <h2 id="runs-runs-title">Runs of {title}</h2>
      {phase === 'loading' && runs.length === 0 ? (
        <p className="muted">Loading the runs…</p>
      ) : phase === 'ready' && runs.length === 0 ? (
        <p className="muted">No runs of this task yet. Import its output bundles below.</p>
      ) : (
        <div className="runs-table">
          <table>
            <caption>{runsCaption(runs, title)}</caption>
            <thead>
              <tr>
                <th scope="col">Harness</th>
                <th scope="col">Model</th>
                <th scope="col">Versions</th>
                <th scope="col">Status</th>
                <th scope="col">Started → finished</th>
                <th scope="col">Artifacts</th>
                <th scope="col">Capture findings</th>
                <th scope="col">Record</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <RunRow key={run.id} run={run} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function RunRow({ run }: { run: RunSummary }) {
  const client = useConnectedClient();
  const flagged = run.findings.length > 0;
  return (
    <tr className={flagged ? 'runs-run runs-run--flagged' : 'runs-run'}>
      <th scope="row" className="runs-table__nowrap">
        {flagged && (
          <span className="runs-run__mark" aria-hidden="true" title={findingsSummary(run.findings)}>
            ⚠
          </span>
        )}
        {run.harness}
        {run.synthetic && (
          <span className="runs-badge runs-badge--synthetic" title="Generated for the demo study: never executed, never shown to voters, counted in Analysis only when synthetic data is included">
            synthetic
          </span>
        )}
      </th>
      <td className="runs-table__nowrap">{run.model}</td>
      <td>{versionsText(run.versions, run.harnessVersion)}</td>
      <td>
        <span className={`runs-status runs-status--${run.status === 'succeeded' ? 'ok' : 'other'}`}>{run.status}</span>
      </td>
      <td className="runs-table__time">{timeRangeText(run.startedAt, run.finishedAt)}</td>
      <td>{artifactsText(run)}</td>
      <td className="runs-run__findings">
        <RunFindings run={run} />
      </td>
      <td>
        {!run.synthetic && (
          <button type="button" disabled={!client} aria-label={`Open run ${run.harness} · ${run.model}`} onClick={() => client && void useRunViewStore.getState().open(client, run.id)}>
            Open
          </button>
        )}
      </td>
    </tr>
  );
}
