import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { listBlobIds } from '../../store/blob-repository.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importBundles } from '../bundles/import-bundles.ts';
import { shellQuote } from '../../shell-quote.ts';
import { processesWith } from '../study/processes-with.fixture.ts';

// An agent that goes after the files the engine keeps about its run: it replaces transcript.jsonl
// with a link to a secret of the user's, a FIFO or /dev/zero, plants links for turn 2's transcript
// and stderr, and forges turns.json before the engine is stopped and resumed. Each attack runs in
// the sandbox (where the run folder's own files are out of the agent's sight) and without it
// (`sandbox: false`, where the agent reaches them and the engine's way of opening them must hold).

const CHILD = fileURLToPath(new URL('../study/study-engine-child.fixture.ts', import.meta.url));
const SECRET = '-----BEGIN OPENSSH PRIVATE KEY----- hostile-run-files-7731';
const TIMEOUT_SECONDS = 60;

let dir: string;
let taskFolder: string;
let secretFile: string;
const victims = { transcript: '', stderr: '' };

/** A two-turn task: the second turn is sent once the first ended. */
function writeTwoTurnTask(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'task.json'), JSON.stringify({ id: 'files-task', kind: 'programmatic', title: 'Two turns', instruction: 'Write out/result.txt.', turns: [{ prompt: 'Now once more.', after: 'any' }] }));
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-hostile-run-files-'));
  // The user's own files, outside every run.
  mkdirSync(join(dir, 'home', '.ssh'), { recursive: true });
  secretFile = join(dir, 'home', '.ssh', 'id_rsa');
  writeFileSync(secretFile, `${SECRET}\n`);
  victims.transcript = join(dir, 'home', '.ssh', 'authorized_keys');
  victims.stderr = join(dir, 'home', '.bashrc');
  writeFileSync(victims.transcript, 'ssh-ed25519 the-users-own-key\n');
  writeFileSync(victims.stderr, 'export PS1=original\n');
  taskFolder = join(dir, 'files-task');
  writeTwoTurnTask(taskFolder);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function workspaceWithTask(name: string): Promise<Api> {
  const api = createApi(openWorkspace(join(dir, name)));
  const imported = await importBundles(api.context.workspace, [taskFolder], { captureMissingFrames: false });
  expect(imported.outcomes[0]?.status).toBe('imported');
  return api;
}

/** The command harness's script: turn 1 leaves a result and makes its attack on the run folder (`..` of its work folder); turn 2 writes to stdout and stderr. */
const twoTurns = (attack: string) =>
  `if [ -e .turn-1-done ]; then echo '{"type":"turn-2-output"}'; echo 'turn two on stderr' >&2; else touch .turn-1-done; mkdir -p out; echo ok > out/result.txt; echo '{"type":"turn-1-output"}'; ${attack}; fi; exit 0`;

const ATTACKS = {
  'link-to-secret': () => `rm -f ../transcript.jsonl 2>/dev/null; ln -s ${shellQuote(secretFile)} ../transcript.jsonl 2>/dev/null`,
  fifo: () => 'rm -f ../transcript.jsonl 2>/dev/null; mkfifo ../transcript.jsonl 2>/dev/null',
  'link-to-dev-zero': () => 'rm -f ../transcript.jsonl 2>/dev/null; ln -s /dev/zero ../transcript.jsonl 2>/dev/null',
  'turn-2-links': () => `ln -s ${shellQuote(victims.transcript)} ../transcript-turn-2.jsonl 2>/dev/null; ln -s ${shellQuote(victims.stderr)} ../stderr-turn-2.log 2>/dev/null`,
};
type Attack = keyof typeof ATTACKS;

interface RunRow {
  model: string;
  status: string;
  error_kind: string | null;
  error_message: string | null;
  started_at: string;
  finished_at: string | null;
  transcript_sha256: string | null;
  folder: string;
}

function runsOf(api: Api, studyId: string): RunRow[] {
  const rows = api.context.workspace.db.prepare('SELECT id, model, status, error_kind, error_message, started_at, finished_at, transcript_sha256 FROM study_runs WHERE study_id = ? ORDER BY model').all(studyId) as (Omit<RunRow, 'folder'> & { id: string })[];
  return rows.map((row) => ({ ...row, folder: join(api.context.workspace.dir, 'studies', studyId, 'runs', row.id) }));
}

/** The secret anywhere in the store: every blob (transcripts, trajectories, artifacts) and the database file. */
function secretInStore(api: Api): string[] {
  const { workspace } = api.context;
  const found = listBlobIds(workspace.db).filter((sha) => workspace.blobs.read(sha).includes(SECRET));
  if (readFileSync(join(workspace.dir, 'lhb.sqlite')).includes(Buffer.from(SECRET))) found.push('lhb.sqlite');
  return found;
}

function expectOutsideUntouched(): void {
  expect(readFileSync(secretFile, 'utf8')).toBe(`${SECRET}\n`);
  expect(readFileSync(victims.transcript, 'utf8')).toBe('ssh-ed25519 the-users-own-key\n');
  expect(readFileSync(victims.stderr, 'utf8')).toBe('export PS1=original\n');
}

async function attackStudy(api: Api, sandbox: boolean): Promise<{ studyId: string; runs: Record<Attack, RunRow> }> {
  const { studyId } = await api.call('runs.start', {
    tasks: ['files-task'],
    taskFolders: { 'files-task': taskFolder },
    configurations: (Object.keys(ATTACKS) as Attack[]).map((model) => ({ harness: 'command', model, command: twoTurns(ATTACKS[model]()) })),
    concurrency: 4,
    timeoutSeconds: TIMEOUT_SECONDS,
    ...(sandbox ? {} : { sandbox: false }),
  });
  await api.context.jobs.idle();
  const rows = runsOf(api, studyId);
  return { studyId, runs: Object.fromEntries(rows.map((row) => [row.model, row])) as Record<Attack, RunRow> };
}

/** Every run was recorded, and none took longer than its limit plus a few seconds (per turn: two turns). */
function expectRecordedInTime(runs: RunRow[]): void {
  for (const run of runs) {
    expect(run.status, `${run.model}: ${run.error_message}`).not.toMatch(/running|pending/);
    expect(Date.parse(run.finished_at!) - Date.parse(run.started_at), run.model).toBeLessThan(2 * TIMEOUT_SECONDS * 1000 + 15_000);
  }
}

describe('an agent that goes after the engine’s own files of its run', () => {
  it('in the sandbox, cannot reach them: every run ends as the engine recorded it and nothing outside is read or written', { timeout: 300_000 }, async () => {
    const api = await workspaceWithTask('ws-sandboxed');
    try {
      const { runs } = await attackStudy(api, true);
      expectRecordedInTime(Object.values(runs));
      for (const run of Object.values(runs)) {
        expect(run.status, `${run.model}: ${run.error_message}`).toBe('succeeded');
        // The engine's transcript is the file it wrote, not what the agent made of `../transcript.jsonl` inside.
        expect(lstatSync(join(run.folder, 'transcript.jsonl')).isFile(), run.model).toBe(true);
        expect(api.context.workspace.blobs.read(run.transcript_sha256!).toString('utf8'), run.model).toContain('turn-1-output');
      }
      expect(readFileSync(join(runs['turn-2-links'].folder, 'transcript-turn-2.jsonl'), 'utf8')).toContain('turn-2-output');
      expect(secretInStore(api)).toEqual([]);
      expectOutsideUntouched();
    } finally {
      await api.close();
    }
  });

  it('without the sandbox, replaces them and still gets nothing: no secret stored, no outside file written, no hang, each run recorded', { timeout: 300_000 }, async () => {
    const api = await workspaceWithTask('ws-unsandboxed');
    try {
      const { runs } = await attackStudy(api, false);
      expectRecordedInTime(Object.values(runs));
      // A transcript replaced by a link, a FIFO or /dev/zero is not read: the run fails and says why.
      for (const attack of ['link-to-secret', 'fifo', 'link-to-dev-zero'] as const) {
        const run = runs[attack];
        expect(run, attack).toMatchObject({ status: 'failed', error_kind: 'run-files-replaced' });
        expect(run.error_message, attack).toContain(join(run.folder, 'transcript.jsonl'));
        expect(run.error_message, attack).toMatch(attack === 'fifo' ? /is a FIFO/ : /is a symbolic link/);
      }
      // Links planted for turn 2's files were replaced by the engine's own: the agent's output went there, not outside.
      const planted = runs['turn-2-links'];
      expect(planted.status, planted.error_message ?? '').toBe('succeeded');
      expect(lstatSync(join(planted.folder, 'transcript-turn-2.jsonl')).isFile()).toBe(true);
      expect(readFileSync(join(planted.folder, 'transcript-turn-2.jsonl'), 'utf8')).toContain('turn-2-output');
      expect(readFileSync(join(planted.folder, 'stderr-turn-2.log'), 'utf8')).toContain('turn two on stderr');
      expect(secretInStore(api)).toEqual([]);
      expectOutsideUntouched();
    } finally {
      await api.close();
    }
  });

  it('forging turns.json to name an outside file as a turn’s transcript, then a resume, reads the engine’s own transcript instead', { timeout: 300_000 }, async () => {
    const ws = join(dir, 'ws-resumed');
    const setup = await workspaceWithTask('ws-resumed');
    await setup.close();
    // The run folder is <ws>/studies/<study>/runs/<run>: four levels below the workspace.
    const forgedName = join('..', '..', '..', '..', relative(ws, secretFile));
    const sleep = `sleep 30${Math.floor(Math.random() * 1e4)}`;
    // Turn 2, the first time: points turn 1's transcript at the secret in turns.json, then waits to be stopped with its engine.
    const forge = `sed -i 's#"transcriptFile": "transcript.jsonl"#"transcriptFile": ${JSON.stringify(forgedName).replaceAll('#', '\\#')}#' ../turns.json; touch .turn-2-started; ${sleep}`;
    const command = `if [ -e .turn-1-done ]; then if [ -e .turn-2-started ]; then echo '{"type":"turn-2-again"}'; else ${forge}; fi; else touch .turn-1-done; echo x >> turn-1-runs.txt; mkdir -p out; echo ok > out/result.txt; echo '{"type":"turn-1-output"}'; fi; exit 0`;
    const spec = { tasks: ['files-task'], taskFolders: { 'files-task': taskFolder }, configurations: [{ harness: 'command', model: 'forger', command }], timeoutSeconds: 120, sandbox: false };
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ws, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    // The one run's folder, once the engine has made it.
    const runsDir = () => {
      const study = firstEntry(join(ws, 'studies'));
      const run = study && firstEntry(join(ws, 'studies', study, 'runs'));
      return run ? join(ws, 'studies', study, 'runs', run) : undefined;
    };
    const deadline = Date.now() + 240_000;
    while (!(runsDir() && exists(join(runsDir()!, 'work', '.turn-2-started')))) {
      if (Date.now() > deadline) throw new Error('turn 2 never forged turns.json');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(readFileSync(join(runsDir()!, 'turns.json'), 'utf8')).toContain(forgedName);
    child.kill('SIGKILL');
    await exited;

    const api = createApi(openWorkspace(ws));
    try {
      const { studies } = await api.call('runs.studies', {});
      const studyId = studies[0]!.id;
      await api.call('runs.resume', { studyId });
      await api.context.jobs.idle();
      const [run] = runsOf(api, studyId);
      expect(run!.status, run!.error_message ?? '').toBe('succeeded');
      // The resume went on at turn 2 with the turns.json the agent forged: turn 1 was not run again.
      expect(readFileSync(join(run!.folder, 'work', 'turn-1-runs.txt'), 'utf8')).toBe('x\n');
      const transcript = api.context.workspace.blobs.read(run!.transcript_sha256!).toString('utf8');
      expect(transcript).toContain('turn-1-output');
      expect(transcript).toContain('turn-2-again');
      expect(secretInStore(api)).toEqual([]);
      expect(processesWith(sleep)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

function firstEntry(folder: string): string | undefined {
  return exists(folder) ? readdirSync(folder)[0] : undefined;
}
function exists(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}
