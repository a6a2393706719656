import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DismissibleAlert } from './DismissibleAlert.tsx';
import { FieldProblem } from './FieldProblem.tsx';

describe('a message with a command to type', () => {
  it('shows the command as code, in a field problem and in an alert', () => {
    const message = 'Codex CLI is not installed on the machine running the server. Install it there in a terminal, `lhb harnesses install codex`, or choose another harness.';
    for (const html of [renderToStaticMarkup(<FieldProblem id="p" message={message} />), renderToStaticMarkup(<DismissibleAlert message={message} onDismiss={() => {}} />)]) {
      expect(html).toContain('Install it there in a terminal, <code>lhb harnesses install codex</code>, or choose another harness.');
      expect(html).not.toContain('`');
    }
  });

  it('shows a message with an unmatched backtick as it is', () => {
    expect(renderToStaticMarkup(<FieldProblem id="p" message="a ` alone" />)).toContain('a ` alone');
  });
});
