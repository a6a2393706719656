import { useState } from 'react';
import type { TrajectoryError, TrajectoryToolCall } from '../../schemas/trajectory.ts';
import { argumentsLine, argumentsText, failureText, previewText, recoveryText } from './transcript-view.ts';

interface ToolCallViewProps {
  call: TrajectoryToolCall;
  /** The error→recovery event of this call, when it failed. */
  error: TrajectoryError | undefined;
}

/** One tool call, collapsed to its name and outcome; opened, its arguments and result (long ones cut, with "Show more"). */
export function ToolCallView({ call, error }: ToolCallViewProps) {
  const failed = !call.ok;
  const args = argumentsText(call.arguments);
  return (
    <li className={failed ? 'tool-call tool-call--failed' : 'tool-call'}>
      <details open={failed}>
        <summary>
          <span className="tool-call__name">{call.name}</span> <span className="tool-call__args-line">{argumentsLine(call.arguments)}</span>{' '}
          {failed ? (
            <span className="tool-call__outcome tool-call__outcome--failed">failed: {failureText(call)}</span>
          ) : (
            <span className="tool-call__outcome tool-call__outcome--ok">ok</span>
          )}
          {error && ' · '}
          {error && (
            <span className={error.recovered ? 'tool-call__recovery tool-call__recovery--yes' : 'tool-call__recovery tool-call__recovery--no'}>
              {error.type} error · {recoveryText(error)}
            </span>
          )}
          {call.durationMs !== null && <span className="muted"> · {Math.round(call.durationMs)} ms</span>}
        </summary>
        {error && <p className="tool-call__error-message">{error.message}</p>}
        {args !== '' && (
          <div className="tool-call__part">
            <h5>Arguments</h5>
            <pre>{args}</pre>
          </div>
        )}
        <div className="tool-call__part">
          <h5>Result{call.exitCode !== null ? ` (exit code ${call.exitCode})` : ''}</h5>
          {call.result === null ? <p className="muted">No result was seen.</p> : <LongText text={call.result} />}
        </div>
      </details>
    </li>
  );
}

function LongText({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  const { shown, hiddenChars } = previewText(text);
  return (
    <>
      <pre>{whole ? text : shown}</pre>
      {hiddenChars > 0 && (
        <button type="button" className="tool-call__more" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? 'Show less' : `Show more (${hiddenChars.toLocaleString('en')} more characters)`}
        </button>
      )}
    </>
  );
}
