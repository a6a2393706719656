import { appendFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseHookPayload, toolMayChangeApp, verifierHookHarnesses, type VerifierHookHarness } from '../runs/verifier/hook-payload.ts';
import { describeVerification, hookResponse } from '../runs/verifier/hook-response.ts';
import { VERIFY_CONFIG_FILE, verifierFolderOf } from '../runs/verifier/verify-config.ts';
import type { VerifierCheck } from '../runs/verifier/verifier-mcp-server.ts';

export interface RunsVerifyOptions {
  workdir?: string;
  /** The run's verifier service (what the engine installs): the check is asked of the engine, which does it and logs it. */
  socket?: string;
  hook?: string;
  mcp?: boolean;
  json?: boolean;
}

/**
 * Chromium keeps a Unix socket in TMPDIR, and a socket path may be at most 107 bytes. A run's
 * TMPDIR (`<workspace>/studies/<id>/runs/<id>/home/tmp`) is usually longer, and Chromium then
 * aborts at launch ("Socket path too long"), so the check uses a short folder of its own.
 */
const MAX_TMPDIR_CHARS = 60;

function useShortTmpdir(): () => void {
  if (tmpdir().length <= MAX_TMPDIR_CHARS) return () => undefined;
  const previous = process.env.TMPDIR;
  const short = mkdtempSync(join('/tmp', 'lhb-verify-'));
  process.env.TMPDIR = short;
  const remove = () => rmSync(short, { recursive: true, force: true });
  // The MCP server is usually ended by its client with SIGTERM: leave no folder behind then either.
  const onTerm = () => process.exit(143);
  process.once('exit', remove);
  process.once('SIGTERM', onTerm);
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    process.off('exit', remove);
    process.off('SIGTERM', onTerm);
    remove();
  };
}

function refuse(message: string, exitCode: number): void {
  process.stderr.write(`lhb runs verify: ${message}\n`);
  process.exitCode = exitCode;
}

/**
 * `lhb runs verify [--workdir DIR] [--hook HARNESS] [--mcp] [--json]`: builds, serves and
 * captures the agent's app and reports findings with the next required action. By hand it
 * always checks and exits 1 on findings. As a hook (of a harness whose adapter declares a
 * post-tool hook) it answers in the harness's hook format and never fails the agent's tool
 * call: a problem of the verifier's own exits 1 (a non-blocking error for those CLIs) with the
 * reason on stderr, and in the run's verifier-errors.log. With `--socket` (as the engine installs
 * it) the run's verifier service does the check and logs it; this process writes nothing.
 */
export async function runRunsVerify(options: RunsVerifyOptions): Promise<void> {
  const workdir = resolve(options.workdir ?? process.cwd());
  if (options.hook !== undefined && options.mcp) return refuse('--hook and --mcp are two ways to run it; give one', 2);
  if (options.socket !== undefined) {
    if (options.hook === undefined && !options.mcp) return refuse('--socket serves a harness: give --hook HARNESS or --mcp with it', 2);
    await verifyAs(workdir, options);
    return;
  }
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) return refuse(`${workdir} is not a folder. Give the agent's working folder with --workdir.`, 2);
  const restoreTmpdir = useShortTmpdir();
  try {
    await verifyAs(workdir, options);
  } finally {
    restoreTmpdir();
  }
}

/**
 * How this process gets a check: from the run's verifier service when given its socket (the
 * engine checks and logs; nothing is written here), else done here (by hand, or a folder
 * checked without the engine). Loaded on the first check, not at start: Playwright is slow to
 * import, and an MCP client may give up on a server that does not answer initialize promptly.
 */
function checkerFor(workdir: string, socket: string | undefined): VerifierCheck {
  if (socket !== undefined) {
    return async (request) => {
      const { askVerifierService } = await import('../runs/verifier/verifier-client.ts');
      return askVerifierService(socket, request);
    };
  }
  return async (request) => {
    const { checkAgentApp } = await import('../runs/verifier/check-agent-app.ts');
    return checkAgentApp({ workdir, ...request });
  };
}

async function verifyAs(workdir: string, options: RunsVerifyOptions): Promise<void> {
  const check = checkerFor(workdir, options.socket);
  if (options.mcp) {
    const { serveVerifierMcp } = await import('../runs/verifier/verifier-mcp-server.ts');
    await serveVerifierMcp({ check, input: process.stdin, output: process.stdout });
    return;
  }
  if (options.hook !== undefined) {
    const hooked = verifierHookHarnesses();
    const harness = hooked.find((candidate) => candidate.id === options.hook);
    if (!harness) return refuse(`unknown --hook "${options.hook}"; choose one of: ${hooked.map((candidate) => candidate.id).join(', ')}`, 2);
    await runAsHook(workdir, harness, check, options.socket === undefined);
    return;
  }

  const outcome = await check({ trigger: 'cli', force: true });
  if (outcome.status === 'nothing-to-check') return;
  const { result } = outcome;
  if (options.json) process.stdout.write(`${JSON.stringify({ ok: result.ok, findings: result.findings, nextAction: result.nextAction }, null, 2)}\n`);
  else process.stdout.write(`${describeVerification(result)}\n`);
  if (!result.ok) process.exitCode = 1;
}

async function runAsHook(workdir: string, harness: VerifierHookHarness, check: VerifierCheck, keepErrorsHere: boolean): Promise<void> {
  try {
    const payload = parseHookPayload(await text(process.stdin), harness);
    if (!toolMayChangeApp(harness, payload)) return;
    const outcome = await check({ trigger: `${harness.id} ${payload.hook_event_name} ${payload.tool_name}`, quietBeforeFirstBuild: true });
    // Unchanged since the last check: the agent was told already.
    if (outcome.status !== 'checked') return;
    process.stdout.write(`${JSON.stringify(hookResponse(harness, payload.hook_event_name, outcome.result, payload.tool_name))}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const folder = verifierFolderOf(workdir);
    // Through the service, the engine keeps its own errors log; the harness shows this one's stderr.
    if (keepErrorsHere && existsSync(join(folder, VERIFY_CONFIG_FILE))) appendFileSync(join(folder, 'verifier-errors.log'), `${new Date().toISOString()} ${message}\n`);
    refuse(`the check did not run: ${message}`, 1);
  }
}
