import type { RunSummary } from '../../schemas/arena.ts';
import type { RpcClient } from '../../schemas/rpc.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
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
  const client = useConnectedClient();

  if (!selectedTaskId) {
    return (
      <section className="screen-region runs-region runs-runs" aria-labelledby="runs-runs-title">
        <h2 id="runs-runs-title">Runs</h2>
        <p className="muted">Select a task to list its runs.</p>
      </section>
    );
  }
  const title = task?.title ?? selectedTaskId;
  return (
    <section className="screen-region runs-region runs-runs" aria-labelledby="runs-runs-title" aria-busy={phase === 'loading'}>
      <h2 id="runs-runs-title">Runs of {title}</h2>
      {phase === 'loading' && runs.length === 0 ? (
        <p className="muted">Loading the runs…</p>
      ) : phase === 'ready' && runs.length === 0 ? (
        <p className="muted">No runs of this task yet. Import its output bundles below.</p>
      ) : (
        <div className="runs-table">
          <DataTable
            caption={runsCaption(runs, title)}
            columns={runColumns(client)}
            rows={runs}
            rowKey={(run) => run.id}
            rowClassName={(run) => (run.findings.length > 0 ? 'runs-run runs-run--flagged' : 'runs-run')}
          />
        </div>
      )}
    </section>
  );
}

const runColumns = (client: RpcClient | undefined): DataColumn<RunSummary>[] => [
  {
    head: 'Harness',
    className: 'runs-table__nowrap',
    cell: (run) => (
      <>
        {run.findings.length > 0 && (
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
      </>
    ),
  },
  { head: 'Model', className: 'runs-table__nowrap', cell: (run) => run.model },
  { head: 'Versions', cell: (run) => versionsText(run.versions, run.harnessVersion) },
  { head: 'Status', cell: (run) => <span className={`runs-status runs-status--${run.status === 'succeeded' && !run.noOutput ? 'ok' : 'other'}`}>{run.status}</span> },
  // A run that ended without an error but left nothing in out/ is not a plain success: its own column says so.
  { head: 'Output', cell: (run) => (run.noOutput ? <span className="runs-status runs-status--other">no output</span> : '—') },
  { head: 'Started → finished', className: 'runs-table__time', cell: (run) => timeRangeText(run.startedAt, run.finishedAt) },
  { head: 'Artifacts', cell: (run) => artifactsText(run) },
  { head: 'Capture findings', className: 'runs-run__findings', cell: (run) => <RunFindings run={run} /> },
  {
    head: 'Record',
    cell: (run) =>
      !run.synthetic && (
        <button type="button" disabled={!client} aria-label={`Open run ${run.harness} · ${run.model}`} onClick={() => client && void useRunViewStore.getState().open(client, run.id)}>
          Open
        </button>
      ),
  },
];
