import { useEffect, useRef, useState } from 'react';
import { alignmentCountsText, configurationText, errorsText, fileChangeText, rowText, stepActionText } from '../../schemas/run-comparison-words.ts';
import type { AlignedRow, ComparedRun, ComparedScore, ComparedStep, FileDiff, RunComparison } from '../../schemas/run-comparison.ts';
import { durationText } from '../../schemas/run-duration.ts';
import { stepNumber } from '../../schemas/trajectory.ts';
import { couldNot } from '../api/describe-error.ts';
import { useConnectedClient } from '../api/connected-client.ts';
import { DataTable } from '../ui/DataTable.tsx';
import './run-compare.css';

type Loaded = { phase: 'loading' } | { phase: 'ready'; comparison: RunComparison } | { phase: 'failed'; problem: string };

/**
 * Two runs side by side (`#/runs/compare?a=…&b=…`): their figures, their steps aligned with the
 * first divergence highlighted and scrolled to, their out/ files' diffs and their scores per
 * rubric. Everything from the transcripts is rendered as text.
 */
export function RunCompareView({ a, b }: { a: string; b: string }) {
  const client = useConnectedClient();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });
  useEffect(() => {
    if (!client) return;
    let current = true;
    setLoaded({ phase: 'loading' });
    client.call('runs.compare', { a, b }).then(
      (comparison) => current && setLoaded({ phase: 'ready', comparison }),
      (error: unknown) => current && setLoaded({ phase: 'failed', problem: couldNot('compare these runs', error, 'Go back to the runs and pick two again.') }),
    );
    return () => {
      current = false;
    };
  }, [client, a, b]);

  return (
    <section className="screen-region run-compare" aria-labelledby="run-compare-title" aria-busy={loaded.phase === 'loading'}>
      <div className="run-compare__head">
        <h2 id="run-compare-title">Compare two runs</h2>
        <a href="#/runs">Back to the runs</a>
      </div>
      {loaded.phase === 'loading' && <p className="muted">Comparing the two runs…</p>}
      {loaded.phase === 'failed' && <p role="alert">{loaded.problem}</p>}
      {loaded.phase === 'ready' && <Comparison comparison={loaded.comparison} />}
    </section>
  );
}

function Comparison({ comparison: c }: { comparison: RunComparison }) {
  const divergenceRef = useRef<HTMLTableRowElement>(null);
  const show = () => {
    divergenceRef.current?.scrollIntoView({ block: 'center' });
    divergenceRef.current?.focus({ preventScroll: true });
  };
  useEffect(show, [c]);
  const divergent = c.divergence === null ? undefined : c.rows[c.divergence.row];
  return (
    <>
      {c.warnings.map((warning) => (
        <p key={warning} className="run-compare__warning">
          ⚠ {warning}
        </p>
      ))}
      <Figures a={c.a} b={c.b} />
      <h3>Steps</h3>
      <p className="run-compare__divergence" id="run-compare-divergence">
        {divergent ? (
          <>
            First divergence: {rowText(divergent)}{' '}
            <button type="button" onClick={show}>
              Show it
            </button>
          </>
        ) : c.rows.length === 0 ? (
          'Neither run has steps to compare.'
        ) : (
          'No divergence: every step does the same thing in both runs.'
        )}
      </p>
      <p className="muted">Steps aligned: {alignmentCountsText(c)}.</p>
      {c.rows.length > 0 && (
        <div className="run-compare__steps">
          <table aria-label="Steps of the two runs, aligned">
            <thead>
              <tr>
                <th scope="col">Run A</th>
                <th scope="col">Run B</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map((row, i) => (
                <tr
                  key={i}
                  ref={i === c.divergence?.row ? divergenceRef : undefined}
                  tabIndex={i === c.divergence?.row ? -1 : undefined}
                  aria-describedby={i === c.divergence?.row ? 'run-compare-divergence' : undefined}
                  className={`run-compare__row run-compare__row--${row.kind}${i === c.divergence?.row ? ' run-compare__row--divergence' : ''}`}
                >
                  <StepCell step={row.a === null ? undefined : c.stepsA[row.a]} row={row} />
                  <StepCell step={row.b === null ? undefined : c.stepsB[row.b]} row={row} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Files files={c.files} />
      <Scores c={c} />
    </>
  );
}

const ROW_WORDS: Record<AlignedRow['kind'], string> = { same: 'alike', changed: 'different', 'only-a': 'only in A', 'only-b': 'only in B' };

function StepCell({ step, row }: { step: ComparedStep | undefined; row: AlignedRow }) {
  if (!step) return <td className="run-compare__gap">{`— (${ROW_WORDS[row.kind]})`}</td>;
  return (
    <td>
      <div className="run-compare__step-head">
        Step {stepNumber(step.index)} · {step.source} <span className="run-compare__kind">{ROW_WORDS[row.kind]}</span>
      </div>
      <div className="run-compare__action">{stepActionText(step)}</div>
      {step.text.trim() !== '' && <div className="run-compare__text">{step.text}</div>}
      {step.toolCalls
        .filter((call) => !call.ok)
        .map((call, i) => (
          <div key={i} className="run-compare__failure">
            ✗ {call.name}: {call.failure ?? 'failed'}
          </div>
        ))}
    </td>
  );
}

function Figures({ a, b }: { a: ComparedRun; b: ComparedRun }) {
  const figures: [string, (run: ComparedRun) => string][] = [
    ['Run', (run) => run.id],
    ['Task', (run) => run.taskTitle ?? run.task],
    ['Configuration', configurationText],
    ['Status', (run) => run.status],
    ['Duration', (run) => (run.durationMs === null ? '—' : (durationText(run.durationMs) ?? '—'))],
    ['Steps', (run) => (run.steps === null ? '—' : String(run.steps))],
    ['Tool calls', (run) => (run.toolCalls === null ? '—' : `${run.toolCalls} (${run.failedToolCalls ?? 0} failed)`)],
    ['Tokens', (run) => (run.tokens ? `${run.tokens.input} in / ${run.tokens.output} out` : '—')],
    ['Errors', errorsText],
  ];
  return (
    <div className="run-compare__table">
      <DataTable caption="The two runs" columns={[{ head: 'Figure', cell: ([label]) => label }, { head: 'Run A', cell: ([, of]) => of(a) }, { head: 'Run B', cell: ([, of]) => of(b) }]} rows={figures} rowKey={([label]) => label} />
    </div>
  );
}

function Files({ files }: { files: FileDiff[] }) {
  const changed = files.filter((file) => file.change !== 'same');
  const same = files.length - changed.length;
  return (
    <>
      <h3>Files in out/</h3>
      {files.length === 0 ? (
        <p className="muted">Neither run left files in out/.</p>
      ) : (
        <>
          <p className="muted">
            {changed.length === 0 ? `All ${files.length} files are the same in both runs.` : `${changed.length} file${changed.length === 1 ? '' : 's'} differ${changed.length === 1 ? 's' : ''}; ${same} the same.`}
          </p>
          <ul className="run-compare__files" aria-label="Files that differ">
            {changed.map((file) => (
              <li key={file.path}>
                <span className="run-compare__path">{file.path}</span> <span className={`run-compare__change run-compare__change--${file.change}`}>{file.change}</span> {fileChangeText(file)}
                {file.unified && (
                  <details>
                    <summary>Line diff of {file.path}</summary>
                    {/* It may scroll, so the keyboard can reach it. */}
                    <pre className="run-compare__diff" tabIndex={0} aria-label={`Line diff of ${file.path}`}>
                      {file.unified.split('\n').map((line, i) => (
                        <span key={i} className={line.startsWith('+') ? 'run-compare__added' : line.startsWith('-') ? 'run-compare__removed' : line.startsWith('@@') ? 'run-compare__hunk' : undefined}>
                          {line}
                          {'\n'}
                        </span>
                      ))}
                    </pre>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function ScoreCell({ score }: { score: ComparedScore | null }) {
  if (score === null) return <>—</>;
  return (
    <>
      {score.score === null ? score.status : `${score.score}${score.level ? ` (${score.level})` : ''}`}
      {score.evidence.trim() !== '' && (
        <details>
          <summary>Evidence</summary>
          <div className="run-compare__text">{score.evidence}</div>
        </details>
      )}
    </>
  );
}

function Scores({ c }: { c: RunComparison }) {
  return (
    <>
      <h3>Scores per rubric</h3>
      {c.scores.length === 0 ? (
        <p className="muted">Neither run has been judged.</p>
      ) : (
        <div className="run-compare__table">
          <DataTable
            caption="Judges' scores of the two runs"
            columns={[
              { head: 'Rubric', cell: (row) => `${row.rubric}${row.turn !== null ? ` (turn ${row.turn})` : ''}` },
              { head: 'Judge', cell: (row) => `${row.judge} · ${row.rubricSet}` },
              { head: 'Run A', cell: (row) => <ScoreCell score={row.a} /> },
              { head: 'Run B', cell: (row) => <ScoreCell score={row.b} /> },
            ]}
            rows={c.scores}
            rowKey={(row) => `${row.judge}\u0000${row.rubricSet}\u0000${row.rubric}\u0000${row.turn ?? ''}`}
          />
        </div>
      )}
    </>
  );
}
