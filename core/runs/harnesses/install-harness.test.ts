import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geminiCliAdapter } from './gemini-cli/gemini-cli.ts';
import { findHarnessBinary, HarnessNotFoundError } from './harness-tools.ts';
import { installHarness } from './install-harness.ts';
import { ensureTestHarness } from './test-harness-tools.fixture.ts';

const INSTALL_HARNESS = fileURLToPath(new URL('./install-harness.ts', import.meta.url));
const GEMINI_CLI = fileURLToPath(new URL('./gemini-cli/gemini-cli.ts', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VERSION = geminiCliAdapter.npm!.pinnedVersion;
const INSTALL_MS = 10 * 60_000;

const temps: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.pid) killGroup(child.pid);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

// The test's installs read the package from npm's cache, which the shared test install fills.
beforeAll(async () => {
  await ensureTestHarness(geminiCliAdapter);
}, INSTALL_MS);

function newToolsDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-install-harness-'));
  temps.push(dir);
  return join(dir, 'tools');
}

/**
 * `lhb harnesses install gemini-cli` in another process (its own process group, so npm goes with
 * it when killed). It loads, says `ready`, and installs when told `go` on stdin, so two can start
 * in the same moment; it prints what it installed and whether it had to wait for another install.
 */
function installingProcess(toolsDir: string): { child: ChildProcess; ready: Promise<void>; done: Promise<{ code: number | null; out: string; err: string }> } {
  const script = `
    const { installHarness } = await import(${JSON.stringify(INSTALL_HARNESS)});
    const { geminiCliAdapter } = await import(${JSON.stringify(GEMINI_CLI)});
    let waited = false;
    process.stdout.write('ready\\n');
    await new Promise((resolve) => process.stdin.once('data', resolve));
    const installed = await installHarness(geminiCliAdapter, ${JSON.stringify(toolsDir)}, undefined, { onWait: () => { waited = true; } });
    process.stdout.write(JSON.stringify({ ...installed, waited }) + '\\n');
    process.exit(0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PACKAGE_ROOT,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_prefer_offline: 'true' },
  });
  children.push(child);
  let out = '';
  let err = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the installing process ended before it was ready (${code}): ${err}`)));
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
  return { child, ready, done };
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function installedResult(out: string): { binary: string; version: string; waited: boolean } {
  const line = out.split('\n').find((text) => text.startsWith('{'));
  if (!line) throw new Error(`the installing process printed no result: ${out}`);
  return JSON.parse(line) as { binary: string; version: string; waited: boolean };
}

function versionOf(binary: string): string {
  return execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 60_000 }).trim();
}

/** What the tools folder holds besides the version folders: staging folders and locks left behind. */
function leftovers(toolsDir: string): string[] {
  return readdirSync(toolsDir).filter((name) => name.startsWith('.') && name !== '.cache');
}

async function waitFor(condition: () => boolean, what: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('installing a harness CLI', () => {
  it('two processes installing one version at once both get the same working binary: one installs, the other waits for it', { timeout: INSTALL_MS }, async () => {
    const toolsDir = newToolsDir();
    const first = installingProcess(toolsDir);
    const second = installingProcess(toolsDir);
    await Promise.all([first.ready, second.ready]);
    first.child.stdin!.write('go\n');
    second.child.stdin!.write('go\n');
    const [a, b] = await Promise.all([first.done, second.done]);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    const [resultA, resultB] = [installedResult(a.out), installedResult(b.out)];
    expect(resultA.binary).toBe(join(toolsDir, `gemini-cli@${VERSION}`, 'node_modules', '.bin', 'gemini'));
    expect(resultB.binary).toBe(resultA.binary);
    expect([resultA.waited, resultB.waited].filter(Boolean)).toHaveLength(1);
    expect(versionOf(resultA.binary)).toBe(VERSION);
    expect(leftovers(toolsDir)).toEqual([]);
  });

  it('an install killed midway leaves the version not installed, and the next install completes it', { timeout: INSTALL_MS }, async () => {
    const toolsDir = newToolsDir();
    const killed = installingProcess(toolsDir);
    await killed.ready;
    killed.child.stdin!.write('go\n');
    // Killed while npm writes its packages.
    await waitFor(
      () => existsSync(toolsDir) && readdirSync(toolsDir).some((name) => name.includes('.installing-') && existsSync(join(toolsDir, name, 'node_modules'))),
      'npm to start writing the install',
      INSTALL_MS,
    );
    killGroup(killed.child.pid!);
    await killed.done;

    expect(() => findHarnessBinary(geminiCliAdapter, toolsDir, { version: VERSION })).toThrow(HarnessNotFoundError);
    expect(existsSync(join(toolsDir, `gemini-cli@${VERSION}`))).toBe(false);
    // The lock of the killed install is still there, naming a process that is gone.
    expect(leftovers(toolsDir)).toContain(`.gemini-cli@${VERSION}.lock`);

    const { binary } = await installHarness(geminiCliAdapter, toolsDir);
    expect(findHarnessBinary(geminiCliAdapter, toolsDir, { version: VERSION })).toBe(binary);
    expect(versionOf(binary)).toBe(VERSION);
    expect(leftovers(toolsDir)).toEqual([]);
  });
});
