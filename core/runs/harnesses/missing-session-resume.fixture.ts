import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { HarnessAdapter, HarnessInvocation } from './harness-adapter.ts';
import { ensureTestHarness } from './test-harness-tools.fixture.ts';

/** A session id no run has: the CLI must look for it and say it has none. */
const MISSING_SESSION = '0199aaaa-0000-4000-8000-000000000000';

/** Words a CLI prints when it refuses an argument it does not know, rather than looking for the session. */
const REFUSED_ARGUMENT = /unknown (option|argument)|unexpected argument|unrecognized/i;

/** Runs the CLI (in its own process group, killed on the hard timeout) and returns what it printed. */
async function run(invocation: HarnessInvocation): Promise<{ code: number | null; output: string }> {
  const child = spawn(invocation.command, invocation.args, { cwd: invocation.cwd, env: invocation.env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stdin.end(invocation.stdin ?? '');
  const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).finally(() => clearTimeout(timer));
  return { code, output };
}

/**
 * Gives a follow-up turn's arguments (`resumeArgs`), for a session that does not exist, to the
 * real CLI in a fresh run folder, and expects them taken: the CLI looks for the session and says
 * it has none, in its own words (`saysNoSession`, each harness's test pins them), exiting non-zero,
 * rather than refusing an argument.
 */
export async function expectResumeLooksForMissingSession(adapter: HarnessAdapter, saysNoSession: RegExp): Promise<void> {
  if (!adapter.resumeArgs) throw new Error(`${adapter.id} continues no session: it has no resumeArgs.`);
  const root = mkdtempSync(join(tmpdir(), `lhb-resume-${adapter.id}-`));
  try {
    const homeDir = join(root, 'home');
    const workdir = join(root, 'work');
    mkdirSync(join(homeDir, 'tmp'), { recursive: true });
    mkdirSync(workdir, { recursive: true });
    const binary = await ensureTestHarness(adapter);
    // A closed port: nothing here may reach a model.
    const invocation = await adapter.prepare({ homeDir, workdir, binary, prompt: 'Build the page.', model: adapter.defaultModel, mcpServers: [], endpoint: 'http://127.0.0.1:9', apiKeyEnv: 'LHB_TEST_KEY', apiKey: 'test-key' });
    const { code, output } = await run({ ...invocation, args: adapter.resumeArgs(invocation.args, MISSING_SESSION) });
    expect(output, adapter.id).toMatch(saysNoSession);
    expect(output, adapter.id).not.toMatch(REFUSED_ARGUMENT);
    expect(code, adapter.id).not.toBe(0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
