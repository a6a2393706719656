import { afterEach, describe, expect, it } from 'vitest';
import { judgingWorkspace, type JudgingWorkspace } from '../judge/judging/judging-workspace.fixture.ts';
import { insertHarnessGuess, type HarnessGuessRow } from '../store/harness-guess-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { buildHarnessGuesses } from './harness-guess-control.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function workspaceWithOneRun(): { ws: JudgingWorkspace; runId: string } {
  const ws = judgingWorkspace({ runs: 1, frames: 1 });
  cleanups.push(() => ws.close());
  return { ws, runId: ws.runIds[0]! };
}

const guess = (id: string, runId: string, answer: string, createdAt: string): HarnessGuessRow => ({
  id, run_id: runId, judge: 'guesser', judge_model: 'model-g', tier: 'process', turn: null, input_hash: 'same-input', choices_json: JSON.stringify(['claude-code', 'codex']),
  status: 'ok', guess: answer, reason: '', failure: null, raw_reply: '{}', attempts: 1, tokens_input: 10, tokens_output: 5, cost_usd: null, job_id: null, created_at: createdAt,
});

describe('the Controls section reads one answer per judge and run', () => {
  it('two answers stored in the same millisecond count the same one whatever order they were stored in, as an import stores them by id', () => {
    const at = '2026-03-01T10:00:00.000Z';
    // The judge was asked twice about the run within one millisecond: once it named the right harness, once the wrong one.
    const [right, wrong] = ['7f3c0a4e-right', '2b9d51c8-wrong'];
    const here = workspaceWithOneRun();
    insertHarnessGuess(here.ws.workspace.db, guess(right, here.runId, 'claude-code', at));
    insertHarnessGuess(here.ws.workspace.db, guess(wrong, here.runId, 'codex', at));
    // `lhb import hf` merges the exported rows in the order the export wrote them: by id.
    const imported = workspaceWithOneRun();
    for (const [id, answer] of [[wrong, 'codex'], [right, 'claude-code']] as const) insertHarnessGuess(imported.ws.workspace.db, guess(id, imported.runId, answer, at));

    const figures = ({ ws }: { ws: JudgingWorkspace }) => buildHarnessGuesses(ws.workspace.db, findCurrentProject(ws.workspace.db)!.id, () => true);
    expect(figures(here)).toHaveLength(1);
    expect(figures(here)[0]).toMatchObject({ judge: 'guesser', runs: 1 });
    expect(figures(imported)).toEqual(figures(here));
    // The later stamp wins whatever the ids: the tie-break only settles a tie.
    const later = workspaceWithOneRun();
    insertHarnessGuess(later.ws.workspace.db, guess(wrong, later.runId, 'codex', at));
    insertHarnessGuess(later.ws.workspace.db, guess(right, later.runId, 'claude-code', '2026-03-01T10:00:00.001Z'));
    expect(figures(later)[0]).toMatchObject({ runs: 1, correct: 1 });
  });
});
