import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { execFilePath, outcomeFilePath, writeExecFile, writeJsonAtomically, type ExecFile } from '../runs/executors/slurm/exec-file.ts';
import { applySlurmSettings } from '../runs/study/slurm-settings.ts';
import { openWorkspace } from '../workspace/open-workspace.ts';
import { FlagError, studySpecFromFlags } from './study-spec-from-flags.ts';
import { resolveChromiumPath } from '../runs/bundles/chromium-path.ts';
import { sandboxProblem } from '../runs/sandbox/sandbox-availability.ts';
import { planRunSandbox } from '../runs/sandbox/sandbox-plan.ts';
import { currentLhbCommand } from '../runs/verifier/lhb-command.ts';
import { readVerifierLog } from '../runs/verifier/verifier-log.ts';
import { verifierFolderOfRun, writeVerifyConfig } from '../runs/verifier/verify-config.ts';
import { shellQuote } from '../shell-quote.ts';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-exec-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const tasks = { ids: ['t'], folders: {} };

describe('lhb runs start --executor slurm flags', () => {
  it('become the spec\'s slurm block; a bad executor or a slurm flag without it is refused naming the flag', () => {
    const spec = studySpecFromFlags({ harness: ['command'], command: 'true', executor: 'slurm', sharedDir: dir, slurmPartition: 'gpu', slurmAccount: 'lab', slurmSsh: 'login1', slurmOpt: ['--qos=long', '--constraint=a100'] }, tasks);
    expect(spec).toMatchObject({ executor: 'slurm', slurm: { sharedDir: dir, partition: 'gpu', account: 'lab', sshHost: 'login1', options: ['--qos=long', '--constraint=a100'] } });
    expect(studySpecFromFlags({ harness: ['command'], command: 'true' }, tasks)).not.toHaveProperty('executor');
    expect(() => studySpecFromFlags({ harness: ['command'], command: 'true', executor: 'kubernetes' }, tasks)).toThrow(/--executor kubernetes: choose local .* or slurm/);
    expect(() => studySpecFromFlags({ harness: ['command'], command: 'true', slurmPartition: 'gpu' }, tasks)).toThrow(FlagError);
  });

  it('are remembered per workspace: a later --executor slurm reuses them, given flags win, and no shared folder at all is refused', () => {
    const workspace = openWorkspace(join(dir, 'ws'));
    try {
      const flags = { harness: ['command'], command: 'true', executor: 'slurm' };
      expect(() => applySlurmSettings(workspace.db, studySpecFromFlags(flags, tasks))).toThrow(/--executor slurm needs --shared-dir DIR/);
      applySlurmSettings(workspace.db, studySpecFromFlags({ ...flags, sharedDir: dir, slurmPartition: 'gpu', slurmOpt: ['--qos=long'] }, tasks));
      expect(applySlurmSettings(workspace.db, studySpecFromFlags(flags, tasks)).slurm).toEqual({ sharedDir: dir, partition: 'gpu', options: ['--qos=long'] });
      expect(applySlurmSettings(workspace.db, studySpecFromFlags({ ...flags, slurmPartition: 'cpu' }, tasks)).slurm).toMatchObject({ sharedDir: dir, partition: 'cpu' });
      // A local study leaves them alone.
      expect(applySlurmSettings(workspace.db, studySpecFromFlags({ harness: ['command'], command: 'true' }, tasks))).not.toHaveProperty('slurm');
    } finally {
      workspace.close();
    }
  });
});

describe('lhb runs exec RUN_FOLDER', () => {
  const exec = (folder: string, env: Record<string, string> = {}) => spawnSync(process.execPath, [...LHB_NODE_ARGS, 'runs', 'exec', folder], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...env } });

  it('runs the prepared harness with its limits, the API key taken from the job\'s environment, and records how it ended', () => {
    const folder = join(dir, 'run');
    mkdirSync(join(folder, 'work'), { recursive: true });
    const spec: ExecFile = {
      runId: 'r1',
      invocation: { command: '/bin/sh', args: ['-c', 'echo "{\\"key\\":\\"$MY_KEY\\"}"; echo oops >&2; exit 3'], cwd: join(folder, 'work'), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
      envFromJob: { MY_KEY: 'LHB_TEST_SECRET' },
      stdoutFile: join(folder, 'transcript.jsonl'),
      stderrFile: join(folder, 'stderr.log'),
      timeoutMs: 30_000,
      maxOutputBytes: 1_000_000,
      sandbox: { network: 'none', runFolder: folder, readOnly: [], hidden: [], limits: { memoryBytes: 1 << 30, processes: 256 }, loopbackPorts: [] },
    };
    writeJsonAtomically(execFilePath(folder), spec);
    expect(readFileSync(execFilePath(folder), 'utf8')).not.toContain('s3cret');
    const result = exec(folder, { LHB_TEST_SECRET: 's3cret', SLURM_JOB_ID: '4242' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Slurm job 4242');
    expect(readFileSync(join(folder, 'transcript.jsonl'), 'utf8')).toBe('{"key":"s3cret"}\n');
    expect(readFileSync(join(folder, 'stderr.log'), 'utf8')).toBe('oops\n');
    const outcome = JSON.parse(readFileSync(outcomeFilePath(folder), 'utf8')) as { runId: string; jobId: string; outcome: { exitCode: number; stderrTail: string; timedOut: boolean } };
    expect(outcome).toMatchObject({ runId: 'r1', jobId: '4242', outcome: { exitCode: 3, stderrTail: 'oops\n', timedOut: false, sandbox: { mode: 'bubblewrap', network: 'none' } } });
  });

  it.skipIf(sandboxProblem() !== undefined)("runs the run's verifier service beside the harness: the hook inside gets a real check, which the node alone logs, and a line the agent forges is not in the log", { timeout: 180_000 }, () => {
    const folder = join(dir, 'verified');
    const workdir = join(folder, 'work');
    mkdirSync(join(workdir, 'out', 'dist'), { recursive: true });
    mkdirSync(join(folder, 'home', 'tmp'), { recursive: true });
    writeFileSync(join(workdir, 'out', 'dist', 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeVerifyConfig(verifierFolderOfRun(folder), { frames: [{ nodeId: 'root', targetRoute: '/' }], chromiumPath: resolveChromiumPath() });
    const payload = JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: join(workdir, 'out', 'dist', 'index.html') } });
    const forged = JSON.stringify({ seq: 2, checkedAt: '2026-12-05T00:00:00.000Z', trigger: 'claude-code PostToolUse Write', ok: true, findings: [], nextAction: 'Nothing to fix', built: false, routesChecked: 1, durationMs: 1 });
    const hook = [...currentLhbCommand().argv, 'runs', 'verify', '--socket', '/run/lhb-verifier/verify.sock', '--hook', 'claude-code'].map(shellQuote).join(' ');
    const script = `echo ${shellQuote(forged)} >> ../verifier/verifier-findings.jsonl; echo ${shellQuote(payload)} | ${hook}`;
    const spec: ExecFile = {
      runId: 'r-verified',
      invocation: { command: '/bin/sh', args: ['-c', script], cwd: workdir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(folder, 'home') } },
      envFromJob: {},
      stdoutFile: join(folder, 'transcript.jsonl'),
      stderrFile: join(folder, 'stderr.log'),
      timeoutMs: 150_000,
      maxOutputBytes: 1_000_000,
      sandbox: planRunSandbox({ network: 'none', limits: undefined, runFolder: folder, binary: '/bin/sh', toolsDir: join(dir, 'tools'), workspaceDir: join(dir, 'ws'), endpoint: undefined }),
    };
    writeJsonAtomically(execFilePath(folder), spec);
    const result = spawnSync(process.execPath, [...LHB_NODE_ARGS, 'runs', 'exec', folder], { encoding: 'utf8', timeout: 170_000 });
    expect(result.status, result.stderr).toBe(0);
    // The hook answered the harness with the engine's finding.
    const answer = JSON.parse(readFileSync(join(folder, 'transcript.jsonl'), 'utf8')) as { decision: string; reason: string };
    expect(answer.decision, readFileSync(join(folder, 'stderr.log'), 'utf8')).toBe('block');
    expect(answer.reason).toContain('blank-render at /');
    expect(readVerifierLog(verifierFolderOfRun(folder)).map((entry) => [entry.seq, entry.trigger, entry.ok])).toEqual([[1, 'claude-code PostToolUse Write', false]]);
  });

  it('fails the run on a node without bubblewrap, saying what to install', () => {
    const folder = join(dir, 'no-bwrap');
    mkdirSync(join(folder, 'work'), { recursive: true });
    writeJsonAtomically(execFilePath(folder), {
      runId: 'r3',
      invocation: { command: '/bin/sh', args: ['-c', 'echo ran > ran.txt'], cwd: join(folder, 'work'), env: {} },
      envFromJob: {},
      stdoutFile: join(folder, 'transcript.jsonl'),
      stderrFile: join(folder, 'stderr.log'),
      timeoutMs: 30_000,
      maxOutputBytes: 1_000_000,
      sandbox: { network: 'host', runFolder: folder, readOnly: [], hidden: [], limits: { memoryBytes: 1 << 30, processes: 256 }, loopbackPorts: [] },
    } satisfies ExecFile);
    const result = exec(folder, { LHB_BWRAP: join(dir, 'no-such-bwrap') });
    expect(result.stdout).toContain('apt-get install bubblewrap');
    expect(existsSync(join(folder, 'work', 'ran.txt'))).toBe(false);
    expect(JSON.parse(readFileSync(outcomeFilePath(folder), 'utf8'))).toMatchObject({ outcome: { sandboxError: expect.stringContaining('Bubblewrap (bwrap) is not installed') } });
  });

  it('stops the harness at the run\'s time limit', () => {
    const folder = join(dir, 'slow');
    mkdirSync(folder, { recursive: true });
    writeJsonAtomically(execFilePath(folder), {
      runId: 'r2',
      invocation: { command: '/bin/sh', args: ['-c', 'sleep 120'], cwd: folder, env: {} },
      envFromJob: {},
      stdoutFile: join(folder, 'transcript.jsonl'),
      stderrFile: join(folder, 'stderr.log'),
      timeoutMs: 500,
      maxOutputBytes: 1_000_000,
      sandbox: null,
    } satisfies ExecFile);
    const started = Date.now();
    expect(exec(folder).status).toBe(0);
    // Stopped at its limit, not slept out: a bound far from the sleep, and far from a loaded machine's
    // seconds of starting lhb through tsx.
    expect(Date.now() - started).toBeLessThan(50_000);
    expect(JSON.parse(readFileSync(outcomeFilePath(folder), 'utf8'))).toMatchObject({ jobId: null, outcome: { timedOut: true } });
  });

  it('asks the harness binary it runs for its version on the node, once per binary, and records it with how the run ended', () => {
    // A stand-in CLI: says its version (noting each ask), and as a harness ends at once.
    const bin = join(dir, 'node-tools', 'gemini');
    mkdirSync(join(dir, 'node-tools'), { recursive: true });
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo asked >> "${join(dir, 'asked.log')}"; echo 0.77.1; fi\nexit 0\n`, { mode: 0o755 });
    const prepared = (name: string, harness?: ExecFile['harness']) => {
      const folder = join(dir, name);
      mkdirSync(folder, { recursive: true });
      writeJsonAtomically(execFilePath(folder), {
        runId: name,
        invocation: { command: bin, args: ['--prompt', 'hi'], cwd: folder, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
        envFromJob: {},
        stdoutFile: join(folder, 'transcript.jsonl'),
        stderrFile: join(folder, 'stderr.log'),
        timeoutMs: 30_000,
        maxOutputBytes: 1_000_000,
        sandbox: null,
        ...(harness ? { harness } : {}),
      } satisfies ExecFile);
      return folder;
    };
    const harness = { id: 'gemini-cli' as const, toolsDir: join(dir, 'node-tools') };
    for (const name of ['first', 'second']) {
      const folder = prepared(name, harness);
      expect(exec(folder).status).toBe(0);
      expect(JSON.parse(readFileSync(outcomeFilePath(folder), 'utf8'))).toMatchObject({ outcome: { exitCode: 0, harnessVersion: { version: '0.77.1', problem: null } } });
    }
    expect(readFileSync(join(dir, 'asked.log'), 'utf8')).toBe('asked\n');
    // An exec.json written before versions were asked on the node runs as before.
    const older = prepared('older');
    expect(exec(older).status).toBe(0);
    expect(JSON.parse(readFileSync(outcomeFilePath(older), 'utf8')).outcome).not.toHaveProperty('harnessVersion');
  });

  describe('against an agent that writes the run folder', () => {
    const sandboxed = (folder: string): ExecFile => ({
      runId: 'hostile',
      invocation: { command: '/bin/sh', args: ['-c', 'echo ran > ran.txt; echo \'{"n":1}\''], cwd: join(folder, 'work'), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
      envFromJob: {},
      stdoutFile: join(folder, 'transcript.jsonl'),
      stderrFile: join(folder, 'stderr.log'),
      timeoutMs: 30_000,
      maxOutputBytes: 1_000_000,
      sandbox: { network: 'none', runFolder: folder, readOnly: [], hidden: [], limits: { memoryBytes: 1 << 30, processes: 256 }, loopbackPorts: [] },
    });
    const execWith = (folder: string, sha: string, outcome: string) =>
      spawnSync(process.execPath, [...LHB_NODE_ARGS, 'runs', 'exec', folder, '--exec-sha256', sha, '--outcome', outcome], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, SLURM_JOB_ID: '77' } });

    for (const [how, tamper] of [
      ['its network made host instead of none', (spec: ExecFile) => ({ ...spec, sandbox: { ...spec.sandbox!, network: 'host' as const } })],
      ['its sandbox removed', (spec: ExecFile) => ({ ...spec, sandbox: null })],
      ['its time limit raised', (spec: ExecFile) => ({ ...spec, timeoutMs: 10_000_000 })],
    ] as const) {
      it(`refuses an exec.json changed after the engine wrote it (${how}): nothing runs, and the outcome says why`, () => {
        const folder = join(dir, 'run');
        mkdirSync(join(folder, 'work'), { recursive: true });
        const spec = sandboxed(folder);
        const sha = writeExecFile(folder, spec);
        // The agent rewrites the file the job is about to read.
        writeFileSync(execFilePath(folder), JSON.stringify(tamper(spec), null, 2));
        const outcomeFile = join(dir, 'engine', 'outcome.json');
        const result = execWith(folder, sha, outcomeFile);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain('it was changed after the job was submitted');
        expect(existsSync(join(folder, 'work', 'ran.txt'))).toBe(false);
        expect(JSON.parse(readFileSync(outcomeFile, 'utf8'))).toMatchObject({ runId: '', jobId: '77', outcome: { sandboxError: expect.stringContaining('the Slurm job refused') } });
      });
    }

    it("writes exec.json into a real folder of the run when the run's slurm/ is a link to a folder of the user's", () => {
      const folder = join(dir, 'run');
      mkdirSync(folder);
      const users = join(dir, 'users-folder');
      mkdirSync(users);
      symlinkSync(users, join(folder, 'slurm'));
      writeExecFile(folder, sandboxed(folder));
      expect(lstatSync(join(folder, 'slurm')).isDirectory()).toBe(true);
      expect(existsSync(execFilePath(folder))).toBe(true);
      expect(readdirSync(users)).toEqual([]);
    });

    it('runs the exec.json the engine wrote, and writes its outcome, transcript and stderr through none of the links planted at their names', () => {
      const folder = join(dir, 'run');
      mkdirSync(join(folder, 'work'), { recursive: true });
      mkdirSync(join(dir, 'engine'));
      const outside = (name: string) => {
        const file = join(dir, `users-${name}`);
        writeFileSync(file, `the user's ${name}\n`);
        return file;
      };
      // The engine's own write of exec.json goes through no link at exec.json.tmp either.
      mkdirSync(join(folder, 'slurm'));
      symlinkSync(outside('exec-target'), `${execFilePath(folder)}.tmp`);
      const sha = writeExecFile(folder, sandboxed(folder));
      symlinkSync(outside('transcript-target'), join(folder, 'transcript.jsonl'));
      symlinkSync(outside('stderr-target'), join(folder, 'stderr.log'));
      const outcomeFile = join(dir, 'engine', 'outcome.json');
      symlinkSync(outside('outcome-target'), `${outcomeFile}.tmp`);
      const result = execWith(folder, sha, outcomeFile);
      expect(result.status, result.stderr).toBe(0);
      for (const name of ['exec-target', 'transcript-target', 'stderr-target', 'outcome-target']) expect(readFileSync(join(dir, `users-${name}`), 'utf8')).toBe(`the user's ${name}\n`);
      expect(lstatSync(join(folder, 'transcript.jsonl')).isFile()).toBe(true);
      expect(readFileSync(join(folder, 'transcript.jsonl'), 'utf8')).toBe('{"n":1}\n');
      expect(JSON.parse(readFileSync(outcomeFile, 'utf8'))).toMatchObject({ runId: 'hostile', jobId: '77', outcome: { exitCode: 0, sandbox: { mode: 'bubblewrap', network: 'none' } } });
    });
  });

  it('refuses a folder the engine did not prepare, saying what it lacks', () => {
    const result = exec(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('has no slurm/exec.json');
    expect(existsSync(outcomeFilePath(dir))).toBe(false);
  });
});
