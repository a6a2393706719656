import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../schemas/replay-script.ts';
import { startKeyedReplayServer, type KeyedReplayServer } from '../runs/replay/keyed-replay-server.fixture.ts';
import { writeTestTaskFolder } from '../runs/study/study-engine.fixture.ts';
import { insertJudgment } from '../store/judgment-repository.ts';
import { countRunReferences } from '../store/study-repository.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { runLhbChild } from './lhb-child-process.fixture.ts';

// A provider that answers 401, as a real API does, to any key but its own.
const GOOD_KEY = 'key-the-provider-takes';
const BAD_KEY = 'key-the-provider-refuses';
const KEY_ENV = 'LHB_TEST_RETRY_KEY';
const SCRIPT: ReplayScript = { name: 'one answer', turns: [{ text: 'Writing the page.', calls: [] }], final: 'Done.', usage: { input: 10, output: 5 } };
const BUILD = `mkdir -p out/dist && cat data.csv > out/dist/index.html`;

let dir: string;
let ws: string;
let task: string;
let provider: KeyedReplayServer;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-cli-retry-'));
  ws = join(dir, 'ws');
  task = writeTestTaskFolder(join(dir, 'trend-task'), 'trend-task');
  provider = await startKeyedReplayServer(GOOD_KEY, SCRIPT);
});
afterEach(async () => {
  await provider.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The command harness as an agent that asks the provider first: a refused key fails the run with the API's own words, as a harness does. */
function askingAgent(): string {
  const request = `curl -s -o answer.json -w '%{http_code}' -H "x-api-key: $${KEY_ENV}" -H 'content-type: application/json' -H 'anthropic-version: 2023-06-01' -d '{"model":"claude-sonnet-4-5","max_tokens":16,"messages":[{"role":"user","content":"hi"}]}' ${provider.endpoint}/v1/messages`;
  return `code=$(${request}); if [ "$code" = 401 ]; then echo "HTTP $code: $(cat answer.json)" >&2; exit 1; fi; ${BUILD}`;
}

/** `lhb ARGS` on the test's workspace (named by LHB_WORKSPACE, so a command the CLI prints runs as printed), with the key variable set to `key`. */
const lhb = (args: string[], key: string) => runLhbChild(args, { LHB_WORKSPACE: ws, LHB_TOOLS_DIR: join(dir, 'no-tools'), [KEY_ENV]: key });

type StatusView = { runs: { id: string; status: string; attempts: number; errorKind: string | null; noOutput?: boolean }[] };

async function startRefused(repeats: number): Promise<{ studyId: string; stdout: string; stderr: string }> {
  const start = await lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', askingAgent(), '--api-key-env', KEY_ENV, '--repeats', String(repeats)], BAD_KEY);
  expect(start.status, start.stderr).toBe(1);
  const studyId = /^Study (\S+)$/m.exec(start.stdout)?.[1];
  expect(studyId, start.stdout).toBeDefined();
  return { studyId: studyId!, stdout: start.stdout, stderr: start.stderr };
}

// Each test starts lhb through tsx several times; on a loaded two-core machine one start alone took 30 s, and a test of eight starts 183 s here.
describe('retrying failed runs from the CLI', { timeout: 600_000 }, () => {
  it('a study refused by the provider names the command that retries it; run as printed once the key is fixed, its runs end succeeded', async () => {
    const { studyId, stdout, stderr } = await startRefused(2);
    // Each run says what went wrong and what to do, in words; the command that works follows them.
    expect(stdout.match(/ failed .*authentication_error.*gave it the key in LHB_TEST_RETRY_KEY.*then retry the run\./g)).toHaveLength(2);
    const printed = /run them again with: (lhb runs retry \S+ --failed)$/m.exec(stderr)?.[1];
    expect(printed, stderr).toBe(`lhb runs retry ${studyId} --failed`);
    expect(provider.keysSeen).toEqual([BAD_KEY, BAD_KEY]);

    // Auth failures are never retried on their own; asked for, they are (the key was fixed).
    const retry = await lhb(printed!.split(' ').slice(1), GOOD_KEY);
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stderr).toContain('Retrying 2 runs that did not succeed');
    expect(provider.keysSeen.slice(2)).toEqual([GOOD_KEY, GOOD_KEY]);
    const status = await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY);
    const { runs } = JSON.parse(status.stdout) as StatusView;
    expect(runs.map((run) => [run.status, run.attempts, run.errorKind])).toEqual([
      ['succeeded', 2, null],
      ['succeeded', 2, null],
    ]);
    // Nothing left to retry: said so, and nothing runs.
    const again = await lhb(['runs', 'retry', studyId, '--failed'], GOOD_KEY);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('has no failed, timed-out or no-output run to retry');
  });

  it('resume runs only what is left; resume --retry-failed runs the failed runs again too', async () => {
    const { studyId } = await startRefused(1);
    const resumed = await lhb(['runs', 'resume', studyId], GOOD_KEY);
    expect(resumed.status).toBe(1);
    expect((JSON.parse((await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY)).stdout) as StatusView).runs.map((run) => run.status)).toEqual(['failed']);
    expect(resumed.stderr).toContain(`run it again with: lhb runs retry ${studyId} --failed`);

    const retried = await lhb(['runs', 'resume', studyId, '--retry-failed'], GOOD_KEY);
    expect(retried.status, retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(/ succeeded /);
    const { runs } = JSON.parse((await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY)).stdout) as StatusView;
    expect(runs).toMatchObject([{ status: 'succeeded', attempts: 2, errorKind: null }]);
  });

  it('a run that wrote nothing to out/ shows "no output" in runs list and runs status, is not succeeded, and can be retried; a study without --failed is refused, naming both commands', async () => {
    const start = await lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', 'echo "nothing to build"'], GOOD_KEY);
    expect(start.status, start.stderr).toBe(1);
    const studyId = /^Study (\S+)$/m.exec(start.stdout)![1]!;
    expect(start.stdout).toMatch(/ succeeded {2}no output /);
    expect(start.stderr).toContain(`run it again with: lhb runs retry ${studyId} --failed`);

    const list = await lhb(['runs', 'list', '--task', 'trend-task'], GOOD_KEY);
    const [header, line] = list.stdout.trimEnd().split('\n');
    const columns = header!.split(/\s{2,}/);
    expect(columns).toEqual(['RUN', 'TASK', 'HARNESS / MODEL', 'STATUS', 'OUTPUT', 'STUDY', 'SCORE', 'WON', 'ARTIFACTS', 'NOTES']);
    const cells = line!.split(/\s{2,}/);
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect([cell('STATUS'), cell('OUTPUT'), cell('ARTIFACTS'), cell('NOTES')]).toEqual(['succeeded', 'no output', 'no artifacts', '1 finding']);
    const listed = JSON.parse((await lhb(['runs', 'list', '--task', 'trend-task', '--json'], GOOD_KEY)).stdout) as { noOutput: boolean; findings: { kind: string }[] }[];
    expect(listed).toMatchObject([{ noOutput: true, findings: [{ kind: 'no-output' }] }]);

    const studies = await lhb(['runs', 'status'], GOOD_KEY);
    const [studiesHeader, ...studyLines] = studies.stdout.trimEnd().split('\n');
    const study = studyLines.find((candidate) => candidate.startsWith(studyId));
    expect(studiesHeader).toMatch(/RUNS {2}NO OUTPUT {2}NAME/);
    expect(study!.slice(studiesHeader!.indexOf('NO OUTPUT'))).toMatch(/^\s+1 {2}/);
    const view = JSON.parse((await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY)).stdout) as StatusView;
    expect(view.runs).toMatchObject([{ status: 'succeeded', errorKind: 'no-output', noOutput: true }]);

    const refused = await lhb(['runs', 'retry', studyId.slice(0, 8)], GOOD_KEY);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`is a study. To run its failed, timed-out and no-output runs again: lhb runs retry ${studyId.slice(0, 8)} --failed. To run only what is left of it (waiting and cancelled runs): lhb runs resume ${studyId.slice(0, 8)}.`);

    // One run, by the id lhb runs list prints: it runs again (and again writes nothing).
    const one = await lhb(['runs', 'retry', view.runs[0]!.id.slice(0, 8)], GOOD_KEY);
    expect(one.status).toBe(1);
    expect(one.stderr).toContain(`Retrying run ${view.runs[0]!.id} of study ${studyId}.`);
    const after = JSON.parse((await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY)).stdout) as StatusView;
    expect(after.runs).toMatchObject([{ status: 'succeeded', attempts: 2, noOutput: true }]);
  });

  it('a judged run is retried as a new attempt under a new run id; the earlier one keeps its judgments and is listed with --all-attempts', async () => {
    const start = await lhb(['runs', 'start', '--task', task, '--harness', 'command', '--command', BUILD], GOOD_KEY);
    expect(start.status, start.stderr).toBe(0);
    const studyId = /^Study (\S+)$/m.exec(start.stdout)![1]!;
    const [slot] = (JSON.parse((await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY)).stdout) as { runs: { id: string; runId: string }[] }).runs;
    const workspace = openWorkspace(ws);
    try {
      insertJudgment(workspace.db, { id: 'j-1', run_id: slot!.runId, judge: 'judge-x', tier: 'output', rubric: 'clarity', rubric_version: 'v1', rationale: 'clear', synthetic: 0, created_at: new Date().toISOString(), score: 2 });
    } finally {
      workspace.close();
    }

    const retry = await lhb(['runs', 'retry', slot!.id.slice(0, 8)], GOOD_KEY);
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stderr).toContain(`Retrying run ${slot!.id} of study ${studyId} as attempt 2. Attempt 1 (run ${slot!.runId}) is kept with its 1 judgment and 0 votes`);
    const [after] = (JSON.parse((await lhb(['runs', 'status', studyId, '--json'], GOOD_KEY)).stdout) as { runs: { id: string; runId: string; status: string; earlierAttempts: number }[] }).runs;
    expect(after).toMatchObject({ id: slot!.id, status: 'succeeded', earlierAttempts: 1 });
    expect(after!.runId).not.toBe(slot!.runId);
    const stored = openWorkspace(ws);
    try {
      expect(countRunReferences(stored.db, slot!.runId)).toEqual({ judgments: 1, votes: 0 });
    } finally {
      stored.close();
    }

    const list = await lhb(['runs', 'list', '--all-attempts'], GOOD_KEY);
    const line = (id: string) => list.stdout.split('\n').find((candidate) => candidate.startsWith(id)) ?? '';
    expect(line(slot!.runId)).toContain('attempt 1 of 2, superseded');
    expect(line(after!.runId)).toMatch(/attempt 2 of 2(?!, superseded)/);
    const current = await lhb(['runs', 'list'], GOOD_KEY);
    expect(current.stdout).not.toContain(slot!.runId);
    expect(current.stdout).toContain(after!.runId);
  });
});
