import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolCallView } from './ToolCallView.tsx';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"');

describe('a tool call in the transcript', () => {
  it('shows a collapsed call’s arguments on one line, not the first line of its JSON', () => {
    const html = renderToStaticMarkup(
      <ToolCallView call={{ id: 'c1', name: 'Read', arguments: { file_path: 'out/dist/index.html', limit: 40 }, result: 'ok', ok: true, failure: null, exitCode: null, durationMs: 12 }} error={undefined} />,
    );
    expect(text(html)).toContain('Read { "file_path": "out/dist/index.html", "limit": 40 }');
    expect(text(html)).not.toMatch(/Read \{\s*ok/);
  });

  it('keeps the failure and its error type apart: "exit code 2 · not-found error"', () => {
    const html = renderToStaticMarkup(
      <ToolCallView
        call={{ id: 'c2', name: 'Bash', arguments: { command: 'ls /missing' }, result: 'ls: /missing: No such file', ok: false, failure: null, exitCode: 2, durationMs: 3 }}
        error={{ step: 1, toolCallId: 'c2', type: 'not-found', message: 'ls: /missing: No such file', recovered: true, recoveredAtStep: 2 }}
      />,
    );
    expect(text(html)).toContain('failed: exit code 2 · not-found error · Recovered at step 3');
  });
});
