import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { HarnessStatus } from '../../schemas/studies.ts';
import { NewStudyDialog } from './NewStudyDialog.tsx';
import { createNewStudyStore, type NewStudyState } from './new-study-store.ts';
import type * as NewStudyStoreModule from './new-study-store.ts';
import { configurationRow, emptyStudyForm } from './study-form.ts';

const gemini: HarnessStatus = { id: 'gemini-cli', displayName: 'Gemini CLI', defaultModel: 'gemini-2.5-pro', keyEnv: 'GEMINI_API_KEY', takesCommand: false, detection: 'detecting', versionProblem: null, versionTimedOut: false, version: null, binary: '/x/gemini', problem: null, pinnedVersion: '0.61.0' };
const codex: HarnessStatus = { id: 'codex', displayName: 'Codex CLI', defaultModel: 'gpt-5.5', keyEnv: 'OPENAI_API_KEY', takesCommand: false, detection: 'not-installed', versionProblem: null, versionTimedOut: false, version: null, binary: null, problem: 'codex was not found.', pinnedVersion: '0.171.0' };

// A server render reads a zustand store's initial state, so the screen reads this state instead.
const shownState = vi.hoisted(() => ({ current: undefined as unknown as NewStudyState }));
vi.mock('./new-study-store.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof NewStudyStoreModule>();
  const useStore = <T,>(selector: (state: NewStudyState) => T): T => selector(shownState.current);
  return { ...actual, useNewStudyStore: Object.assign(useStore, { getState: () => shownState.current }) };
});

/** The dialog as drawn when the server listed these harnesses and the form has one row of the first. */
function shown(harnesses: HarnessStatus[]): string {
  shownState.current = { ...createNewStudyStore().getState(), isOpen: true, choicesPhase: 'ready', harnesses, form: { ...emptyStudyForm(), configurations: [configurationRow(harnesses[0]!)] } };
  return renderToStaticMarkup(<NewStudyDialog onStarted={() => {}} />);
}

const startButton = (html: string) => /<button type="submit"[^>]*>[^<]*<\/button>/.exec(html)?.[0] ?? '';

describe('the New study form while a harness’s version is being found', () => {
  it('offers the harness as installed, says its version is being found, and leaves Start enabled', () => {
    const html = shown([gemini, codex]);
    expect(startButton(html)).toContain('Start study');
    expect(startButton(html)).not.toContain('disabled');
    expect(html).toContain('<option value="gemini-cli" selected="">Gemini CLI</option>');
    expect(html).toContain('<option value="codex">Codex CLI (not installed)</option>');
    expect(html).toMatch(/aria-label="Harness version, configuration 1"[^>]*placeholder="checking its version…"/);
  });

  it('shows the version once known, and an unknown one without calling the harness not installed', () => {
    expect(shown([{ ...gemini, detection: 'found', version: '0.61.0' }])).toMatch(/aria-label="Harness version, configuration 1"[^>]*placeholder="0\.61\.0"/);
    const unknown = shown([{ ...gemini, detection: 'version-unknown', versionProblem: 'gemini --version did not answer within 300 s', versionTimedOut: true }]);
    expect(unknown).toContain('<option value="gemini-cli" selected="">Gemini CLI</option>');
    expect(unknown).not.toContain('not installed');
    expect(unknown).toMatch(/placeholder="could not check: timed out; asked again at start"/);
    expect(startButton(unknown)).not.toContain('disabled');
    const failed = shown([{ ...gemini, detection: 'version-unknown', versionProblem: 'gemini --version failed: cannot load its bundle', versionTimedOut: false }]);
    expect(failed).toMatch(/placeholder="could not check its version; asked again at start"/);
    expect(failed).not.toContain('not installed');
  });
});

describe('the New study form’s task MCP servers', () => {
  it('shows which task servers ask for which variables, and whether the study allows each', () => {
    shownState.current = {
      ...createNewStudyStore().getState(),
      isOpen: true,
      choicesPhase: 'ready',
      harnesses: [gemini],
      form: { ...emptyStudyForm(), taskIds: ['t1'], configurations: [configurationRow(gemini)], allowMcpEnv: 'FIGMA_API_KEY' },
      mcpRequests: [
        { taskId: 't1', server: 'figma', transport: 'stdio', variable: 'FIGMA_API_KEY', as: 'FIGMA_TOKEN' },
        { taskId: 't1', server: 'docs', transport: 'http', variable: 'AWS_SECRET_ACCESS_KEY', as: 'Authorization' },
        { taskId: 'not-chosen', server: 'other', transport: 'stdio', variable: 'OTHER_KEY', as: 'OTHER_KEY' },
      ],
    };
    const html = renderToStaticMarkup(<NewStudyDialog onStarted={() => {}} />);
    expect(html).toContain('Variables the tasks&#x27; MCP servers may receive');
    expect(html).toMatch(/value="FIGMA_API_KEY"/);
    expect(html).toContain('Task t1, server figma: FIGMA_API_KEY (as its variable FIGMA_TOKEN) — <strong>allowed</strong>');
    expect(html).toMatch(/Task t1, server docs: AWS_SECRET_ACCESS_KEY \(as its Authorization header\) — <strong[^>]*>not allowed/);
    expect(html).not.toContain('OTHER_KEY');
  });
});
