import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import type { HarnessId } from '../../../schemas/trajectory.ts';
import { createApi } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importBundles } from '../bundles/import-bundles.ts';
import { HARNESS_ADAPTERS } from '../harnesses/harness-registry.ts';
import { ensureTestHarness, TEST_TOOLS_DIR } from '../harnesses/test-harness-tools.fixture.ts';
import { processesWith } from './processes-with.fixture.ts';

// A multi-turn run whose engine is SIGKILLed during turn 2, resumed by another engine: turn 1 is
// not run again (its record and out/ are kept), turn 2 runs again in the harness's session, in
// the work folder turn 1 left. Real harness CLIs against the scripted model server.

const CHILD = fileURLToPath(new URL('./study-engine-child.fixture.ts', import.meta.url));
const FOLLOW_UP = 'Compare GRPO with PPO in the second scene.';
const page = (n: number) => `<!doctype html><title>Scene</title><h1>Version ${n}</h1>\n`;
// Unique to this test file's harness processes, so none left running can be mistaken for another's.
const SLEEP = `sleep 3${Math.floor(Math.random() * 1e5)}`;
// Turn 2's first command: the first time it says so and waits (long enough to be killed mid-way);
// run again in the kept work folder, it finds its mark and goes on.
const SLOW_ONCE = `if [ -e .turn-2-started ]; then echo again; else touch .turn-2-started; ${SLEEP}; fi`;

const SCRIPT: ReplayScript = {
  name: 'interrupted in turn 2',
  turns: [
    { text: 'Counting the first turn.', calls: [{ action: 'shell', command: 'echo x >> turn-1-runs.txt' }] },
    { text: 'Writing the first version.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: page(1) }] },
    { text: 'FIRST TURN DONE.', calls: [] },
    { text: 'Comparing GRPO with PPO.', calls: [{ action: 'shell', command: SLOW_ONCE }] },
    { text: 'Writing the second version.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: page(2) }] },
    // The script goes by the model turns in the request's history, and a resumed session may hold the
    // interrupted call (Claude Code adds its own "No response requested." after it): written again here.
    { text: 'Checking the second version.', calls: [{ action: 'write', path: '{{workdir}}/out/dist/index.html', content: page(2) }] },
  ],
  final: 'SECOND TURN DONE.',
  usage: { input: 100, output: 20 },
};

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let dir: string;
const previousToolsDir = process.env.LHB_TOOLS_DIR;
const HARNESSES: HarnessId[] = ['codex', 'claude-code'];
beforeAll(async () => {
  for (const id of HARNESSES) await ensureTestHarness(HARNESS_ADAPTERS[id]);
  process.env.LHB_TOOLS_DIR = TEST_TOOLS_DIR;
  dir = mkdtempSync(join(tmpdir(), 'lhb-resume-at-turn-'));
}, 900_000);
afterAll(() => {
  if (previousToolsDir === undefined) delete process.env.LHB_TOOLS_DIR;
  else process.env.LHB_TOOLS_DIR = previousToolsDir;
  rmSync(dir, { recursive: true, force: true });
});

interface TurnView {
  index: number;
  status: string;
  resumed: boolean;
  restarted?: string;
  artifacts: { path: string; sha256: string }[];
}

/** Starts the task in an engine process of its own, kills that engine during turn 2, and returns the workspace and the run's work folder. */
async function interruptInTurn2(harness: HarnessId, name: string): Promise<{ ws: string; workdir: () => string | undefined }> {
    const ws = join(dir, `ws-${name}`);
    const taskFolder = join(dir, `task-${name}`);
    mkdirSync(taskFolder, { recursive: true });
    writeFileSync(join(taskFolder, 'task.json'), JSON.stringify({ id: 'turns-task', kind: 'programmatic', title: 'Explain GRPO', instruction: 'Build one page that explains GRPO.', turns: [{ prompt: FOLLOW_UP }] }));
    const setup = openWorkspace(ws);
    const imported = await importBundles(setup, [taskFolder], { captureMissingFrames: false });
    expect(imported.outcomes[0]?.status).toBe('imported');
    setup.close();

    const spec = { tasks: ['turns-task'], taskFolders: { 'turns-task': taskFolder }, configurations: [{ harness, model: HARNESS_ADAPTERS[harness].defaultModel }], timeoutSeconds: 300, replay: SCRIPT };
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ws, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LHB_TOOLS_DIR: TEST_TOOLS_DIR } });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // The run's work folder, once the engine has made it.
    const workdir = () => {
      const studies = join(ws, 'studies');
      if (!existsSync(studies)) return undefined;
      for (const study of readdirSync(studies)) {
        const runs = join(studies, study, 'runs');
        if (existsSync(runs)) for (const run of readdirSync(runs)) return join(runs, run, 'work');
      }
      return undefined;
    };
    await until(() => existsSync(join(workdir() ?? dir, '.turn-2-started')), 240_000, 'turn 2 to start its slow command');
    child.kill('SIGKILL');
    await exited;
    return { ws, workdir };
}

/** Resumes the workspace's one study in this process, to its end; the API is the caller's to close. */
async function resumeTheStudy(ws: string): Promise<{ api: ReturnType<typeof createApi>; studyId: string }> {
  const api = createApi(openWorkspace(ws));
  const { studies } = await api.call('runs.studies', {});
  const studyId = studies[0]!.id;
  await api.call('runs.resume', { studyId });
  await api.context.jobs.idle();
  return { api, studyId };
}

describe.each(HARNESSES)('%s, its engine killed during turn 2', (harness) => {
  it('resumes at turn 2 in the harness session, keeping turn 1 as it ended', async () => {
    const { ws, workdir } = await interruptInTurn2(harness, harness);
    const { api, studyId } = await resumeTheStudy(ws);
    try {
      const { runs } = await api.call('runs.study', { studyId });
      const run = runs[0]!;
      expect(run.status, run.errorMessage ?? '').toBe('succeeded');

      // Turn 1 ran once: its command is not run again, and the work folder it left was kept.
      expect(readFileSync(join(workdir()!, 'turn-1-runs.txt'), 'utf8')).toBe('x\n');
      const detail = (await api.call('runs.show', { runId: run.id })).run;
      expect(detail.turns.map((turn) => [turn.index, turn.status, turn.resumed])).toEqual([
        [1, 'succeeded', false],
        [2, 'succeeded', true],
      ]);
      expect(detail.turns[0]!.restarted).toBeUndefined();
      expect(detail.turns[1]!.restarted).toMatch(/engine stopped during this turn.*continued in the harness session/i);
      const text = (turn: TurnView) => api.context.workspace.blobs.read(turn.artifacts.find((a) => a.path === 'dist/index.html')!.sha256).toString('utf8');
      expect(text(detail.turns[0]!)).toContain('Version 1');
      expect(text(detail.turns[1]!)).toContain('Version 2');

      // The turn run again was sent in the session: its requests carry turn 1's history.
      const requests = readFileSync(join(ws, 'studies', studyId, 'runs', run.id, 'model-requests.jsonl'), 'utf8').trim().split('\n');
      expect(requests.filter((line) => !line.includes(FOLLOW_UP)), 'requests of turn 1 sent again').toEqual([]);
      expect(requests[0]).toContain('FIRST TURN DONE.');

      // The trajectory spans both turns; the harness killed with the engine was stopped.
      const trajectory = (await api.call('runs.trajectory', { runId: run.id })).trajectory!;
      const turnOf = (words: string) => trajectory.steps.find((step) => step.text.includes(words))?.turn;
      expect([turnOf('FIRST TURN DONE.'), turnOf('SECOND TURN DONE.')]).toEqual([1, 2]);
      expect(processesWith(SLEEP)).toEqual([]);
    } finally {
      await api.close();
    }
  }, 600_000);
});

it('runs turn 2 afresh in the kept work folder, and says so, when the harness cannot continue its session', async () => {
  const { ws, workdir } = await interruptInTurn2('codex', 'codex-no-session');
  // The session's record is gone (a cleaned HOME): `codex exec resume <id>` has nothing to continue.
  rmSync(join(workdir()!, '..', 'home', '.codex', 'sessions'), { recursive: true, force: true });
  const { api, studyId } = await resumeTheStudy(ws);
  try {
    const { runs } = await api.call('runs.study', { studyId });
    expect(runs[0]!.status, runs[0]!.errorMessage ?? '').toBe('succeeded');
    const detail = (await api.call('runs.show', { runId: runs[0]!.id })).run;
    expect(detail.turns.map((turn) => [turn.index, turn.status, turn.resumed])).toEqual([
      [1, 'succeeded', false],
      [2, 'succeeded', false],
    ]);
    expect(detail.turns[1]!.restarted).toMatch(/engine stopped during this turn; Codex CLI could not continue its session \(.+\), so the turn was run again afresh in the work folder turn 1 left/);
    // The work folder was kept: turn 1's count is still there, and turn 2's mark. (The scripted model,
    // asked afresh with no history, plays its script from the start, so the count is run once more.)
    expect(readFileSync(join(workdir()!, 'turn-1-runs.txt'), 'utf8')).toBe('x\nx\n');
    expect(existsSync(join(workdir()!, '.turn-2-started'))).toBe(true);
    expect(processesWith(SLEEP)).toEqual([]);
  } finally {
    await api.close();
  }
}, 600_000);
