import { useEffect, useMemo, useState } from 'react';
import type { JudgmentView } from '../../schemas/judge.ts';
import type { RubricAgreement } from '../../schemas/judging.ts';
import { stepNumber, type TrajectoryTurn } from '../../schemas/trajectory.ts';
import { DataTable, type DataColumn } from '../ui/DataTable.tsx';
import { judgedRunRows } from './judged-run-rows.ts';
import { useJudgingStore, type RunEvidence } from './judging-store.ts';

const pct = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)}%`);

const AGREEMENT_COLUMNS: DataColumn<RubricAgreement>[] = [
  { head: 'Rubric', cell: (row) => row.rubric },
  { head: 'Set', className: 'judge-table__nowrap', cell: (row) => `${row.rubricSet}@${row.version} (${row.scale}-pt)` },
  { head: 'Judges', cell: (row) => row.judges },
  { head: 'Runs', cell: (row) => row.runs },
  { head: 'Same score', cell: (row) => pct(row.exact) },
  { head: 'Mean gap', cell: (row) => pct(row.meanGap) },
  { head: 'Failed', cell: (row) => row.failed },
];

const SCORE_COLUMNS: DataColumn<JudgmentView>[] = [
  { head: 'Rubric', cell: (j) => `${j.rubric} (${j.rubricSet}@${j.rubricSetVersion})` },
  { head: 'Turn', cell: (j) => (j.turn === null ? 'whole run' : `turn ${j.turn}`) },
  { head: 'Judge', cell: (j) => j.judge },
  {
    head: 'Score',
    cell: (j) => (
      <>
        {j.status === 'ok' ? `${j.score} of ${j.scale === 3 ? '0–2' : '1–5'}` : 'failed'}
        {j.leftOut !== null && <span className="judge-badge judge-badge--left-out">left out</span>}
      </>
    ),
  },
  {
    head: 'Evidence',
    cell: (j) => (
      <>
        {j.status === 'ok' ? j.evidence : j.failure}
        {j.leftOut !== null && <p className="judge-warning">{`Left out of every figure: ${j.leftOut}.`}</p>}
      </>
    ),
  },
];

/** Stored judgments: agreement per rubric, runs to pick, and a run's judgments with their evidence beside its frames or trajectory. */
export function JudgmentsBrowser() {
  const { judgments, agreement, loading, listError, selectedRun, evidence, runsById, showConfigurations } = useJudgingStore();
  const store = useJudgingStore.getState();
  const real = useMemo(() => judgments.filter((j) => !j.synthetic && j.rubricSet !== ''), [judgments]);
  // Judgments made with a set for another task kind stay listed, marked, but count in no figure.
  const counted = useMemo(() => real.filter((j) => j.leftOut === null), [real]);
  const leftOut = real.length - counted.length;
  // Core computes the agreement (judge.agreement) over the same judgments; it follows each reload of the list.
  useEffect(() => {
    void useJudgingStore.getState().loadAgreement();
  }, [judgments]);
  const runs = useMemo(() => judgedRunRows(real, runsById, showConfigurations), [real, runsById, showConfigurations]);
  const selected = real.filter((j) => j.runId === selectedRun);

  return (
    <section className="screen-region judge-region judge-judgments" aria-labelledby="judge-judgments-title" aria-busy={loading}>
      <h2 id="judge-judgments-title">Judgments</h2>
      {listError && <p className="judge-warning">{listError}</p>}
      {real.length === 0 ? (
        <p className="muted">No judgments yet. Name the judges above and press “Start judging”.</p>
      ) : (
        <>
          {leftOut > 0 && (
            <p className="judge-warning" role="note">
              {`${leftOut} judgment${leftOut === 1 ? ' was' : 's were'} made with a rubric set for another task kind than the run's (before sets declared their kinds). They are kept and marked “left out” below, and count in no figure here, in the analysis or in an export.`}
            </p>
          )}
          <div className="judge-table">
            <DataTable
              caption="Agreement per rubric (runs scored by two or more judges)"
              columns={AGREEMENT_COLUMNS}
              rows={agreement ?? []}
              rowKey={(row) => `${row.rubricSet}@${row.version}/${row.scale}/${row.rubric}`}
            />
          </div>
          <label className="judge-judgments__blind">
            <input type="checkbox" checked={showConfigurations} onChange={(event) => store.setShowConfigurations(event.target.checked)} /> Show configurations
          </label>
          <div className="judge-judgments__panes">
            <ul className="judge-judgments__runs" aria-label="Judged runs">
              {runs.map((row) => (
                <li key={row.runId}>
                  <button type="button" aria-current={row.runId === selectedRun} onClick={() => void store.selectRun(row.runId)}>
                    {row.name}
                  </button>
                  <span className="judge-judgments__configuration">{row.configuration}</span>
                  <span className="muted">{row.scores}</span>
                </li>
              ))}
            </ul>
            {selectedRun && <RunJudgments judgments={selected} evidence={evidence} />}
          </div>
        </>
      )}
    </section>
  );
}

/** One run's judgments beside what the judges saw, and for a multi-turn run a turn to judge it at. */
export function RunJudgments({ judgments, evidence }: { judgments: JudgmentView[]; evidence: RunEvidence | null }) {
  return (
    <div className="judge-judgments__run">
      <div className="judge-table">
        <DataTable caption="Each judge's score and evidence" columns={SCORE_COLUMNS} rows={judgments} rowKey={(j) => j.id} />
      </div>
      {evidence?.trajectory?.turns && evidence.trajectory.turns.length > 1 && <TurnPicker runId={evidence.runId} turns={evidence.trajectory.turns} />}
      <aside className="judge-judgments__evidence" aria-label="What the judges saw">
        {evidence === null && <p className="muted">Loading the run's frames and trajectory…</p>}
        {evidence?.problem && <p className="judge-warning">{evidence.problem}</p>}
        {evidence?.assets?.frames.map((frame) => (
          <figure key={frame.path}>
            <img src={frame.url} alt={`Captured frame ${frame.name}`} loading="lazy" />
            <figcaption>{frame.name}</figcaption>
          </figure>
        ))}
        {evidence?.trajectory && (
          <ol className="judge-judgments__trajectory" aria-label="Tool calls">
            {evidence.trajectory.steps.flatMap((step) =>
              step.toolCalls.map((call) => (
                <li key={`${step.index}-${call.id}`} className={call.ok ? undefined : 'judge-judgments__failed'}>
                  {`step ${stepNumber(step.index)}: ${call.name}${call.ok ? '' : ` — failed${call.failure ? ` (${call.failure})` : ''}`}`}
                </li>
              )),
            )}
          </ol>
        )}
        {evidence && !evidence.trajectory && (evidence.assets?.frames.length ?? 0) === 0 && !evidence.problem && <p className="muted">This run has no frames or trajectory to show.</p>}
      </aside>
    </div>
  );
}

/**
 * A multi-turn run is judged at its last turn unless another is chosen here: the chosen turn's
 * files and its part of the trajectory, with the form's judges, tier and scale.
 */
function TurnPicker({ runId, turns }: { runId: string; turns: readonly TrajectoryTurn[] }) {
  const [turn, setTurn] = useState(turns.length);
  const phase = useJudgingStore((s) => s.phase);
  const busy = phase === 'starting' || phase === 'judging';
  return (
    <section className="judge-turn-picker" aria-label="Judge a turn">
      <label>
        Turn to judge{' '}
        <select value={turn} onChange={(event) => setTurn(Number(event.target.value))}>
          {turns.map((record) => (
            <option key={record.index} value={record.index}>
              {`Turn ${record.index}${record.index === turns.length ? ' (last, the default)' : ''}: ${record.prompt.slice(0, 80)}`}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="button" disabled={busy} onClick={() => void useJudgingStore.getState().start({ runId, turn })}>
        {`Judge this run at turn ${turn}`}
      </button>
    </section>
  );
}
