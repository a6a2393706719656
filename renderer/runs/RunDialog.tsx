import { findingWord, sortFindings } from './finding-words.ts';
import { RunArtifacts } from './RunArtifacts.tsx';
import { useRunViewStore } from './run-view-store.ts';
import { durationText } from '../../schemas/run-duration.ts';
import { versionsText } from './run-words.ts';
import { costText, tokensText, toolCallsText, usageByModelTexts } from './study-words.ts';
import { TranscriptView } from './TranscriptView.tsx';
import { recoverySummary } from './transcript-view.ts';
import { useModalDialog } from '../ui/use-modal-dialog.ts';

/** One run's record in a modal dialog: who ran what, what it cost, its build, frames and video, and its transcript. */
export function RunDialog() {
  const run = useRunViewStore((s) => s.run);
  const { close } = useRunViewStore.getState();
  const dialog = useModalDialog(close);
  const detail = run?.detail;
  const label = detail ? `${detail.harness} · ${detail.model}` : 'run';

  return (
    <dialog ref={dialog} className="study-dialog run-dialog" aria-labelledby="run-dialog-title" aria-busy={run?.phase === 'loading'}>
      <header className="study-dialog__header">
        <h2 id="run-dialog-title">{detail ? `Run ${label}` : 'Run'}</h2>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close <kbd aria-hidden="true">Esc</kbd>
        </button>
      </header>
      {run?.phase === 'loading' && <p className="muted">Loading the run…</p>}
      {run?.phase === 'failed' && <p role="alert">{run.problem}</p>}
      {run && detail && (
        <>
          <dl className="run-dialog__facts" aria-label="Run facts">
            <Fact term="Task" value={detail.task} />
            <Fact term="Status" value={detail.status + (detail.errorKind ? ` (${detail.errorKind})` : '')} />
            {detail.errorMessage && <Fact term="Why" value={detail.errorMessage} />}
            <Fact term="Harness" value={`${detail.harness}${detail.harnessVersion ? ` ${detail.harnessVersion}` : ''}`} />
            <Fact term="Model" value={detail.model} />
            <Fact term="Skill version" value={detail.versions.skill ?? 'not recorded'} />
            <Fact term="Versions" value={versionsText(detail.versions)} />
            <Fact term="Duration" value={detail.durationMs === null ? '—' : (durationText(detail.durationMs) ?? '—')} />
            {detail.trajectory && <Fact term="Steps" value={String(detail.trajectory.steps)} />}
            {detail.trajectory && <Fact term="Tool calls" value={toolCallsText(detail.trajectory.toolCalls, detail.trajectory.failedToolCalls)} />}
            <Fact term="Tokens" value={tokensText(run.trajectory ? run.trajectory.tokens : (detail.trajectory?.tokens ?? null))} />
            {usageByModelTexts(run.trajectory?.usageByModel).length > 1 && <Fact term="Tokens by model" value={usageByModelTexts(run.trajectory?.usageByModel).join('; ')} />}
            <Fact term="Cost" value={costText(run.trajectory?.costUsd ?? null)} />
            <Fact term="Errors" value={recoverySummary(run.errors)} />
            <Fact term="Artifacts" value={detail.artifacts.length === 0 ? 'none' : `${detail.artifacts.length} file${detail.artifacts.length === 1 ? '' : 's'}`} />
          </dl>
          <section className="run-dialog__findings" aria-labelledby="run-findings-title">
            <h3 id="run-findings-title">Findings</h3>
            {run.findings.length === 0 ? (
              <p className="muted">No capture findings{detail.artifacts.some((a) => a.path.startsWith('dist/')) ? '' : ' (nothing was captured)'}.</p>
            ) : (
              <ul className="runs-findings">
                {sortFindings(run.findings).map((finding, i) => (
                  <li key={`${finding.nodeId}:${finding.kind}:${i}`} className="runs-finding">
                    <span className="runs-finding__node">{finding.nodeId}</span> <span className="runs-badge runs-badge--finding">{findingWord(finding.kind)}</span>{' '}
                    <span className="runs-finding__detail">{finding.detail}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {detail.verifications.length > 0 && (
            <section className="run-dialog__findings" aria-labelledby="run-verifier-title">
              <h3 id="run-verifier-title">Verifier checks</h3>
              <ol className="runs-findings">
                {detail.verifications.map((check, i) => (
                  <li key={`${check.checkedAt}:${i}`} className="runs-finding">
                    <span className={`runs-badge ${check.ok ? '' : 'runs-badge--finding'}`}>{check.ok ? 'passed' : 'problems'}</span> after {check.trigger}
                    {check.findings.map((finding, j) => (
                      <div key={j} className="runs-finding__detail">
                        {finding.kind}
                        {finding.route ? ` at ${finding.route}` : ''}: {finding.detail}
                      </div>
                    ))}
                    {!check.ok && <div className="runs-finding__detail">Next: {check.nextAction}</div>}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {run.assets && <RunArtifacts assets={run.assets} label={label} />}
          {run.trajectory ? (
            <TranscriptView trajectory={run.trajectory} errors={run.errors} focusStep={run.focusStep} />
          ) : (
            <section className="transcript" aria-labelledby="transcript-title">
              <h3 id="transcript-title">Transcript</h3>
              <p className="muted">
                {detail.studyId
                  ? 'No trajectory yet: it is parsed when the run finishes.'
                  : 'Imported bundles carry no transcript; runs started here (or imported from a Harbor trajectory) have one.'}
              </p>
            </section>
          )}
        </>
      )}
    </dialog>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="run-dialog__fact">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
