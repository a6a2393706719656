import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../api/create-api.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { importTestTask } from '../study/study-engine.fixture.ts';
import { shellQuote } from '../../shell-quote.ts';
import { LHB_NODE_ARGS } from '../../cli/lhb-child-process.fixture.ts';

const HOSTILE = fileURLToPath(new URL('./fixtures/hostile-agent.mjs', import.meta.url));
const SECRET = 'other-run-secret-5150';
/** What the agent tries to write into the workspace database. It is given reversed (see databaseWritten). */
const DATABASE_MARK = `agent-wrote-here-${randomUUID()}`;

let dir: string;
let api: Api;
let hostServer: Server;
let hostPort: number;
let connectionsSeen = 0;
/** A real `lhb serve` on the same workspace while the study runs: its launch token makes a caller the owner. */
let serve: { child: ChildProcess; exited: Promise<void>; url: URL; token: string };

async function startServe(workspace: string): Promise<typeof serve> {
  const child = spawn(process.execPath, [...LHB_NODE_ARGS, 'serve', '--port', '0', '--no-open', '--workspace', workspace], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<URL>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /LH-Bench Studio at (\S+)\n/.exec(stdout);
      if (match?.[1]) resolve(new URL(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`lhb serve exited early with ${code}: ${stderr}`)));
  });
  return { child, exited, url, token: url.hash.slice('#token='.length) };
}

const whoami = (token: string | undefined) =>
  fetch(`${serve.url.origin}/rpc/session.whoami`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: '{}' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-hostile-'));
  api = createApi(openWorkspace(join(dir, 'ws')));
  await importTestTask(api.context.workspace, dir);
  // The engine's own HOME with a key in it, as a researcher's laptop has.
  mkdirSync(join(dir, 'engine-home', '.ssh'), { recursive: true });
  writeFileSync(join(dir, 'engine-home', '.ssh', 'id_ed25519'), '-----BEGIN OPENSSH PRIVATE KEY----- planted');
  writeFileSync(join(dir, 'engine-home', 'victim.txt'), 'original');
  hostServer = createServer((socket) => {
    connectionsSeen++;
    socket.end('hello from the host\n');
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostPort = (hostServer.address() as { port: number }).port;
  serve = await startServe(join(dir, 'ws'));
}, 60_000);

afterAll(async () => {
  serve?.child.kill('SIGTERM');
  await serve?.exited;
  await api.close();
  await new Promise((resolve) => hostServer.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** One command run, alone in a study of its own with these limits, to its end. */
async function runAlone(model: string, command: string, limits: Record<string, number>): Promise<{ studyId: string; run: StudyView['runs'][number] }> {
  const { studyId } = await api.call('runs.start', { tasks: ['engine-task'], configurations: [{ harness: 'command', model, command }], limits });
  await api.context.jobs.idle();
  return { studyId, run: (await api.call('runs.study', { studyId })).runs[0]! };
}

type Attempt = { attempt: string; succeeded: boolean; detail: string };
type StudyView = { study: { state: string }; runs: { id: string; status: string; errorKind: string | null; errorMessage: string | null; sandbox?: { mode: string; network: string | null; limits: { processesVia: string; memoryVia: string } | null } | null }[] };

describe('a hostile agent in a study', () => {
  it('reaches nothing outside its run: every attempt fails, the engine finishes, and a well-behaved run beside it succeeds', { timeout: 180_000 }, async () => {
    const hostTmpFile = join(tmpdir(), `lhb-hostile-escaped-${process.pid}.txt`);
    const target = { engineHome: join(dir, 'engine-home'), workspace: join(dir, 'ws'), enginePid: process.pid, engineSecretName: 'VITEST', hostTmpFile, hostPort, forkCount: 200, ownOutDir: '', databaseMarkReversed: [...DATABASE_MARK].reverse().join(''), serve: { pid: serve.child.pid, port: Number(serve.url.port) } };
    // The well-behaved run leaves a secret in its out/ at once, then works a few seconds longer, so the hostile one (running beside it) could reach both.
    const wellBehaved = `mkdir -p out/dist && echo ${SECRET} > out/secret.txt && sleep 4 && echo '<h1>done</h1>' > out/dist/index.html`;
    const hostileWith = (given: object) => `sleep 1; ${shellQuote(process.execPath)} ${shellQuote(HOSTILE)} "$(printf '%s' ${shellQuote(JSON.stringify(given))} | sed "s#\\"ownOutDir\\":\\"\\"#\\"ownOutDir\\":\\"$LHB_OUT_DIR\\"#")"`;
    const { studyId } = await api.call('runs.start', {
      tasks: ['engine-task'],
      configurations: [
        { harness: 'command', model: 'well-behaved', command: wellBehaved },
        { harness: 'command', model: 'hostile', command: hostileWith(target), network: 'none' },
        // With the host's network the serve's port answers: only its token could open it.
        { harness: 'command', model: 'hostile-host-network', command: hostileWith({ ...target, only: 'serve' }), network: 'host' },
      ],
      concurrency: 3,
      limits: { memoryMb: 256, processes: 96 },
    });
    await api.context.jobs.idle();
    const view = await api.call('runs.study', { studyId });

    expect(view.study.state).toBe('finished');
    const [good, bad, badOnHostNetwork] = view.runs;
    expect(good, good?.errorMessage ?? '').toMatchObject({ status: 'succeeded', sandbox: { mode: 'bubblewrap', network: 'host' } });
    expect(bad!.sandbox).toMatchObject({ mode: 'bubblewrap', network: 'none' });
    expect(badOnHostNetwork!.sandbox).toMatchObject({ mode: 'bubblewrap', network: 'host' });
    const database = join(dir, 'ws', 'lhb.sqlite');
    // Everything the engine wrote goes into the database file itself first, so the check sees the same bytes whenever it runs.
    api.context.workspace.db.pragma('wal_checkpoint(TRUNCATE)');
    // The engine stores each run's command, and the target given to the agent is in it: the mark the agent writes
    // is given reversed and turned round inside the run, or the check would find the engine's own copy of it.
    const databaseWritten = () => [database, `${database}-wal`].some((file) => existsSync(file) && readFileSync(file).includes(Buffer.from(DATABASE_MARK)));
    // A write the agent saw succeed may have landed in the sandbox's own /tmp (the folders around its run folder are
    // made there): only what changed outside counts.
    const outside: Record<string, () => boolean> = {
      'rewrite the workspace database with sqlite3': databaseWritten,
      'append to the workspace database with the shell': databaseWritten,
      'write a file in the engine HOME': () => existsSync(join(dir, 'engine-home', 'pwned.txt')),
      'write a file in the workspace': () => existsSync(join(dir, 'ws', 'pwned.txt')),
      "write a file in the host's /tmp": () => existsSync(hostTmpFile),
      'plant out/run.json as a link to a file in the engine HOME, for the engine to write through': () => readFileSync(join(dir, 'engine-home', 'victim.txt'), 'utf8') !== 'original',
    };
    const attemptsFile = (runId: string) => readFileSync(join(dir, 'ws', 'studies', studyId, 'runs', runId, 'work', 'out', 'attempts.jsonl'), 'utf8');
    const onHostNetwork = attemptsFile(badOnHostNetwork!.id)
      .trim()
      .split('\n')
      .map((line) => ({ ...(JSON.parse(line) as Attempt), attempt: `${(JSON.parse(line) as Attempt).attempt} (network host)` }));
    const attempts = attemptsFile(bad!.id)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Attempt)
      .concat(onHostNetwork)
      .map((a) => {
        const check = outside[a.attempt];
        if (!check || !a.succeeded) return a;
        const changed = check();
        const stoppedBy = a.attempt.startsWith('plant') ? 'the engine refused out/ with a link and wrote nothing through it' : 'inside the sandbox, into its private /tmp; nothing changed outside';
        return { ...a, succeeded: changed, detail: changed ? a.detail : `${a.detail.trim()}: ${stoppedBy}` };
      });
    // Each attempt and what stopped it, for whoever reads the test's output.
    console.log(attempts.map((a) => `${a.succeeded ? 'SUCCEEDED' : 'stopped  '}  ${a.attempt}: ${a.detail}`).join('\n'));
    expect(attempts.length).toBeGreaterThanOrEqual(30);
    expect(onHostNetwork.map((a) => a.attempt)).toContain("call lhb serve's API with no token (network host)");
    // The serve answered the runs on the host's network, and refused them: its token was never found.
    expect(onHostNetwork.find((a) => a.attempt.startsWith("call lhb serve's API with no token"))!.detail).toMatch(/HTTP 401/);
    expect(attemptsFile(bad!.id) + attemptsFile(badOnHostNetwork!.id)).not.toContain(serve.token);
    expect(((await (await whoami(serve.token)).json()) as { role: string }).role).toBe('owner');
    expect(readFileSync(join(dir, 'ws', 'studies', studyId, 'runs', bad!.id, 'import-error.txt'), 'utf8')).toContain('symbolic links (run.json)');
    expect(attempts.filter((a) => a.succeeded)).toEqual([]);
    // And from outside: nothing was written where it must not be, the database is whole, the host server saw no one.
    expect(existsSync(join(dir, 'engine-home', 'pwned.txt'))).toBe(false);
    expect(existsSync(join(dir, 'ws', 'pwned.txt'))).toBe(false);
    expect(existsSync(hostTmpFile)).toBe(false);
    expect(databaseWritten()).toBe(false);
    expect(connectionsSeen).toBe(0);
  });

  it('fails a run that outgrows its memory limit as resource-limit', { timeout: 60_000 }, async () => {
    const hog = `${shellQuote(process.execPath)} -e "const kept = []; for (;;) kept.push(Buffer.alloc(64 * 1024 * 1024, 1))"`;
    const { run } = await runAlone('hog', hog, { memoryMb: 192 });
    expect(run.status).toBe('failed');
    expect(run.errorKind, run.errorMessage ?? '').toBe('resource-limit');
    expect(run.errorMessage).toMatch(/memory limit of 192 MiB/);
  });

  it('fails a run that outgrows its process limit as resource-limit', { timeout: 60_000 }, async () => {
    const bomb = 'i=0; while [ $i -lt 300 ]; do sleep 3 & i=$((i+1)); done; wait';
    const { run } = await runAlone('bomb', bomb, { processes: 32 });
    expect(run.errorKind, run.errorMessage ?? '').toBe('resource-limit');
    expect(run.errorMessage).toMatch(/process limit of 32/);
  });

  it('fails a run that writes past its disk limit as resource-limit, stopping it while it writes', { timeout: 60_000 }, async () => {
    // 4 MiB at a time, 160 MiB in all over some seconds: far past 32 MiB long before it would finish.
    const filler = 'i=0; while [ $i -lt 40 ]; do head -c 4194304 /dev/zero > out/fill-$i.bin; i=$((i+1)); sleep 0.1; done; echo finished > out/finished.txt';
    const { studyId, run } = await runAlone('filler', filler, { diskMb: 32 });
    expect(run.status).toBe('failed');
    expect(run.errorKind, run.errorMessage ?? '').toBe('resource-limit');
    expect(run.errorMessage).toMatch(/disk limit of 32 MiB/);
    expect(run.sandbox?.limits).toMatchObject({ diskBytes: 32 * 1024 * 1024 });
    // Stopped on the way, not after: it never got to write its last file.
    expect(existsSync(join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'work', 'out', 'finished.txt'))).toBe(false);
  });

  it('holds one file to the disk limit too: the writer is stopped at it (RLIMIT_FSIZE) and the run fails as resource-limit', { timeout: 60_000 }, async () => {
    const oneFile = 'head -c 67108864 /dev/zero > out/one.bin; echo wrote > out/after.txt';
    const { studyId, run } = await runAlone('one-file', oneFile, { diskMb: 32 });
    expect(run.errorKind, run.errorMessage ?? '').toBe('resource-limit');
    expect(run.errorMessage).toMatch(/disk limit of 32 MiB/);
    expect(statSync(join(dir, 'ws', 'studies', studyId, 'runs', run.id, 'work', 'out', 'one.bin')).size).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
