import { useState } from 'react';
import type { RpcClient } from '../../schemas/rpc.ts';
import { runsFilterOfTerms, type RunSortField, type RunsListRow } from '../../schemas/runs-filter.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { compareAddress } from './compare-address.ts';
import { useRunViewStore } from './run-view-store.ts';
import { findingsSummary } from './finding-words.ts';
import { RunFindings } from './RunFindings.tsx';
import { RunsFilterBar } from './RunsFilterBar.tsx';
import { useRunsStore, type RunsTerms } from './runs-store.ts';
import { artifactsText, runsCaption, timeRangeText, versionsText } from './run-words.ts';

/** The runs the filters keep (the selected task's, when one is selected): who made each, how it went, how it was judged and voted on. */
export function RunsRegion() {
  const selectedTaskId = useRunsStore((s) => s.selectedTaskId);
  const task = useRunsStore((s) => s.tasks.find((t) => t.id === s.selectedTaskId));
  const phase = useRunsStore((s) => s.runsPhase);
  const runs = useRunsStore((s) => s.runs);
  const total = useRunsStore((s) => s.totalRuns);
  const terms = useRunsStore((s) => s.runsTerms);
  const client = useConnectedClient();
  // The runs picked to compare, oldest pick first; a pick the filters no longer show is let go.
  const [pickedIds, setPicked] = useState<string[]>([]);
  const picked = pickedIds.filter((id) => runs.some((run) => run.id === id));
  const picks: Picks = {
    picked,
    toggle: (run) => setPicked(picked.includes(run.id) ? picked.filter((id) => id !== run.id) : [...picked, run.id].slice(-2)),
  };

  const title = selectedTaskId ? (task?.title ?? selectedTaskId) : undefined;
  const filtered = Object.entries(terms).some(([term, value]) => term !== 'sort' && value !== undefined && value !== '');
  return (
    <section className="screen-region runs-region runs-runs" aria-labelledby="runs-runs-title" aria-busy={phase === 'loading'}>
      <h2 id="runs-runs-title">{title ? `Runs of ${title}` : 'Runs'}</h2>
      <RunsFilterBar />
      <p className="runs-count" role="status">
        {phase === 'ready' ? `${runs.length} of ${total} run${total === 1 ? '' : 's'}` : ''}
      </p>
      {phase === 'loading' && runs.length === 0 ? (
        <p className="muted">Loading the runs…</p>
      ) : phase === 'ready' && runs.length === 0 ? (
        <p className="muted">{filtered ? 'No run matches these filters. Clear one to see more.' : title ? 'No runs of this task yet. Import its output bundles below.' : 'No runs yet. Start a study or import output bundles below.'}</p>
      ) : (
        <>
        <div className="runs-compare-bar">
          <button type="button" disabled={picked.length !== 2} onClick={() => (window.location.hash = compareAddress(picked[0]!, picked[1]!))}>
            Compare
          </button>
          <span className="muted" id="runs-compare-hint">
            {picked.length === 2 ? 'Compare the two runs you picked, step by step.' : `Pick two runs in the table to compare them (${picked.length} picked).`}
          </span>
        </div>
        <div className="runs-table">
          <DataTable
            caption={runsCaption(runs, title ?? 'every task')}
            columns={runColumns(client, terms, picks)}
            rows={runs}
            rowKey={(run) => run.id}
            rowClassName={(run) => (run.findings.length > 0 ? 'runs-run runs-run--flagged' : 'runs-run')}
          />
        </div>
        </>
      )}
    </section>
  );
}

/** A column head that sorts the table by its field, and says how it is sorted now. */
function sortOf(terms: RunsTerms, field: RunSortField): { state: 'ascending' | 'descending' | 'none'; onSort(): void } {
  const { filter } = runsFilterOfTerms({ sort: terms.sort });
  return { state: filter.sort !== field ? 'none' : filter.descending ? 'descending' : 'ascending', onSort: () => useRunsStore.getState().sortBy(field) };
}

const scoreText = (run: RunsListRow) => (run.meanScore === null ? '—' : `${run.meanScore.toFixed(2)} (${run.judgments} judgment${run.judgments === 1 ? '' : 's'})`);

/** Which runs are picked to compare, and how to pick or unpick one (a third pick lets the oldest go). */
interface Picks {
  picked: readonly string[];
  toggle(run: RunsListRow): void;
}

const runColumns = (client: RpcClient | undefined, terms: RunsTerms, picks: Picks): DataColumn<RunsListRow>[] => [
  {
    head: 'Harness',
    sort: sortOf(terms, 'configuration'),
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
  { head: 'Model', cell: (run) => run.model },
  { head: 'Task', sort: sortOf(terms, 'task'), cell: (run) => run.taskTitle },
  { head: 'Versions', sort: sortOf(terms, 'skill'), cell: (run) => versionsText(run.versions, run.harnessVersion) },
  { head: 'Study', sort: sortOf(terms, 'study'), cell: (run) => run.studyName ?? '—' },
  // A run that ended without an error but left nothing in out/ is not a plain success: its status says so under it.
  {
    head: 'Status',
    sort: sortOf(terms, 'status'),
    cell: (run) => (
      <>
        <span className={`runs-status runs-status--${run.status === 'succeeded' && !run.noOutput ? 'ok' : 'other'}`}>{run.status}</span>
        {run.noOutput && <span className="runs-status runs-status--other runs-status--below">no output</span>}
        {run.attemptCount !== undefined && (
          <span className="muted runs-status--below" title={run.superseded ? 'Kept with its judgments and votes; the figures count the later attempt' : 'The figures count this attempt; the earlier ones are kept with their judgments and votes'}>
            attempt {run.attempt} of {run.attemptCount}
            {run.superseded ? ', superseded' : ''}
          </span>
        )}
      </>
    ),
  },
  { head: 'Mean judge score', sort: sortOf(terms, 'score'), className: 'runs-table__number', cell: scoreText },
  { head: 'Votes won', sort: sortOf(terms, 'won'), className: 'runs-table__number', cell: (run) => run.votesWon },
  { head: 'Started → finished', sort: sortOf(terms, 'started'), className: 'runs-table__time', cell: (run) => timeRangeText(run.startedAt, run.finishedAt) },
  { head: 'Artifacts', cell: (run) => artifactsText(run) },
  { head: 'Capture findings', className: 'runs-run__findings', cell: (run) => <RunFindings run={run} /> },
  {
    head: 'Record',
    cell: (run) =>
      !run.synthetic && (
        <>
          <button type="button" disabled={!client} aria-label={`Open run ${run.harness} · ${run.model}`} onClick={() => client && void useRunViewStore.getState().open(client, run.id)}>
            Open
          </button>
          <label className="runs-pick">
            <input type="checkbox" checked={picks.picked.includes(run.id)} onChange={() => picks.toggle(run)} aria-label={`Pick run ${run.harness} · ${run.model} (${run.id.slice(0, 8)}) to compare`} />
            <span aria-hidden="true">pick</span>
          </label>
        </>
      ),
  },
];
