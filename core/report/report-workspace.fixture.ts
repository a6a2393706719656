import type { Trajectory } from '../../schemas/trajectory.ts';
import { openApi } from '../api/open-api.ts';
import { recordUserStudy } from '../demo/user-study-in-demo.fixture.ts';

/** Text a transcript or a judge could hold that would run, or call out, if a page printed it as markup. */
export const HOSTILE_TEXT = `</pre><script>document.title='pwned'</script><img src="https://example.invalid/pwned.png" onerror="document.title='pwned'"><style>@import url(https://example.invalid/x.css)</style>`;

/** The step texts of the trajectory seeded on one run: a run page shows them in order. */
export const SEEDED_STEPS = ['Reading the Figma frames before writing the dashboard.', `Tool said: ${HOSTILE_TEXT}`, 'The build passes now; serving dist/.'];

/**
 * The workspace `npm start` seeds (the demo's data room, arena and synthetic study) with a
 * researcher's own study in it (core/demo/user-study-in-demo.fixture.ts), one of whose runs has a
 * stored trajectory with a failed build and its recovery, hostile text in a step, a tool result and
 * a judge's evidence. Returns that run's id and the user's study id.
 */
export async function seedReportWorkspace(dir: string, scratch: string): Promise<{ runId: string; studyId: string }> {
  const api = await openApi(dir);
  try {
    const study = await recordUserStudy(api, scratch, 20);
    const runId = study.runIds[0]!;
    const trajectory: Trajectory = {
      format: 'lhb-trajectory/1',
      harness: 'claude-code',
      harnessVersion: '2.1.0',
      model: 'claude-sonnet-4-5',
      sessionId: 'session-1',
      prompt: `Build the dashboard. ${HOSTILE_TEXT}`,
      steps: [
        { index: 0, source: 'agent', text: SEEDED_STEPS[0]!, toolCalls: [], timestamp: null, tokens: { input: 1200, output: 80, cacheRead: 0, cacheWrite: 0 } },
        {
          index: 1,
          source: 'agent',
          text: SEEDED_STEPS[1]!,
          toolCalls: [{ id: 'c1', name: 'Bash', arguments: { command: 'npm run build' }, result: `error TS2304: Cannot find name 'x'. ${HOSTILE_TEXT}`, ok: false, failure: 'exit code 2', exitCode: 2, durationMs: 900 }],
          timestamp: null,
          tokens: null,
        },
        { index: 2, source: 'agent', text: SEEDED_STEPS[2]!, toolCalls: [{ id: 'c2', name: 'Bash', arguments: { command: 'npm run build' }, result: 'built in 1.2 s', ok: true, failure: null, exitCode: 0, durationMs: 1200 }], timestamp: null, tokens: null },
      ],
      tokens: { input: 1200, output: 80, cacheRead: 0, cacheWrite: 0 },
      costUsd: null,
      durationMs: 60_000,
      outcome: 'completed',
      warnings: [],
    };
    const blob = api.putBlob(new TextEncoder().encode(JSON.stringify(trajectory)));
    const errors = [{ step: 1, toolCallId: 'c1', type: 'syntax-type', message: `Cannot find name 'x'. ${HOSTILE_TEXT}`, recovered: true, recoveredAtStep: 2 }];
    const { db } = api.context.workspace;
    db.prepare('UPDATE study_runs SET trajectory_sha256 = ?, errors_json = ? WHERE run_id = ?').run(blob.sha256, JSON.stringify(errors), runId);
    // Only the judges' words change: every score, and so every figure, stays as recorded.
    db.prepare('UPDATE judgments SET rationale = ? WHERE run_id = ?').run(`Evidence: ${HOSTILE_TEXT}`, runId);
    return { runId, studyId: 'user-study' };
  } finally {
    await api.close();
  }
}
