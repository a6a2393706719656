import { stepTokenLedger } from '../../schemas/step-token-ledger.ts';
import { tokensLine } from '../../schemas/tokens-line.ts';
import { stepNumber, type Trajectory, type TrajectoryError } from '../../schemas/trajectory.ts';
import { dateTimeText } from '../ui/date-time-text.ts';
import { ToolCallView } from './ToolCallView.tsx';
import { stepAnchor, useFocusedStep } from './use-focused-step.ts';
import { errorsByCall, recoverySummary, stepLabel } from './transcript-view.ts';

/** A run's normalised trajectory, step by step, with failed calls marked and whether (and where) each was recovered. */
export function TranscriptView({ trajectory, errors, focusStep }: { trajectory: Trajectory; errors: readonly TrajectoryError[]; focusStep?: number }) {
  useFocusedStep(focusStep);
  const byCall = errorsByCall(errors);
  const tokens = stepTokenLedger(trajectory);
  const { omitted } = trajectory;
  const stepCount = trajectory.steps.length + (omitted?.steps ?? 0);
  return (
    <section className="transcript" aria-labelledby="transcript-title">
      <h3 id="transcript-title">Transcript</h3>
      <p className="muted">
        {stepCount} step{stepCount === 1 ? '' : 's'} · {recoverySummary(errors)} · outcome {trajectory.outcome} · {tokensLine(tokens.total)}
        {trajectory.warnings.length > 0 && ` · ${trajectory.warnings.length} parser warning${trajectory.warnings.length === 1 ? '' : 's'}`}
      </p>
      {trajectory.warnings.length > 0 && (
        <details className="transcript__warnings">
          <summary>Parser warnings</summary>
          <ul>
            {trajectory.warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </ul>
        </details>
      )}
      {trajectory.prompt !== undefined && (
        <section className="transcript__prompt" aria-labelledby="transcript-prompt-title">
          <h4 id="transcript-prompt-title">Prompt</h4>
          <p className="transcript-step__text">{trajectory.prompt}</p>
        </section>
      )}
      <ol className="transcript__steps" aria-label="Steps">
        {trajectory.steps.map((step) => {
          const failed = step.toolCalls.some((call) => !call.ok);
          return (
            <li
              key={step.index}
              id={stepAnchor(stepNumber(step.index))}
              tabIndex={-1}
              aria-current={focusStep === stepNumber(step.index) ? 'step' : undefined}
              className={`transcript-step transcript-step--${step.source}${failed ? ' transcript-step--failed' : ''}`}
              aria-label={stepLabel(step.index, step.source)}
            >
              <h4>
                {stepLabel(step.index, step.source)}
                {step.timestamp && <span className="muted"> · {dateTimeText(step.timestamp)}</span>}
                {tokens.byStep.has(step.index) && <span className="muted"> · {tokensLine(tokens.byStep.get(step.index)!)}</span>}
              </h4>
              {step.text !== '' && <p className="transcript-step__text">{step.text}</p>}
              {step.toolCalls.length > 0 && (
                <ul className="transcript-step__calls" aria-label={`Tool calls of step ${stepNumber(step.index)}`}>
                  {step.toolCalls.map((call) => (
                    <ToolCallView key={call.id} call={call} error={byCall.get(call.id)} />
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      {omitted && (
        <p className="muted transcript__omitted" role="note">
          The transcript was too long to keep whole: only its first {trajectory.steps.length} steps are shown. {omitted.steps} more step{omitted.steps === 1 ? '' : 's'} and {omitted.toolCalls} more tool call{omitted.toolCalls === 1 ? '' : 's'} ({omitted.failedToolCalls} failed) are counted in the run’s figures but not kept, and its errors are those of the steps shown.
        </p>
      )}
      {tokens.outsideSteps && (
        <p className="muted transcript__outside-steps">
          Not in any step: {tokensLine(tokens.outsideSteps)}{' '}
          {tokens.byStep.size === 0 ? '(the harness reports tokens for the run as a whole).' : '(the harness reported them only in the run’s total).'}
        </p>
      )}
    </section>
  );
}
