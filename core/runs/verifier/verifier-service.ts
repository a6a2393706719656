import { appendFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { checkAgentApp, type CheckAgentAppOutcome } from './check-agent-app.ts';
import type { AppBuildRunner } from './run-app-build.ts';
import { VERIFY_CONFIG_FILE, verifierFolderOfRun } from './verify-config.ts';

/** The socket's name in the service's folder (and, for a run without sandbox, a link of that name in the run's verifier folder). */
export const VERIFIER_SOCKET = 'verify.sock';
/** A request is one short JSON line: anything longer is not one. */
const MAX_REQUEST_BYTES = 4096;
const MAX_TRIGGER_CHARS = 200;
/** When the run ends, how long a check in flight may take to finish (its build is stopped at once): the run's end waits no longer. */
const CLOSE_WAIT_MS = 5_000;

/** What the thin client inside the sandbox may ask: a check, never a result. */
export const VerifierRequestSchema = z
  .object({
    /** What asked (`claude-code PostToolUse Write`, `mcp verify_build`): recorded with the check. */
    trigger: z.string().min(1),
    force: z.boolean().optional(),
    quietBeforeFirstBuild: z.boolean().optional(),
  })
  .strict();
export type VerifierRequest = z.infer<typeof VerifierRequestSchema>;

/** The service's one-line answer: the check's outcome, or why it could not run. */
export type VerifierReply = CheckAgentAppOutcome | { status: 'error'; message: string };

export interface VerifierService {
  /** The folder holding the socket: mounted read-only into the run's sandbox. */
  dir: string;
  /** Stops taking requests, stops a build still going, and waits a few seconds at most for the check in flight. */
  close(): Promise<void>;
}

export interface StartVerifierServiceInput {
  runFolder: string;
  /** How the agent's build runs, given the signal that ends it with the run: in the run's sandbox, or (a run without sandbox) as an ordinary process. */
  buildRunner?: (signal: AbortSignal) => AppBuildRunner;
  /** A run without sandbox: its harness finds the socket through a link in the run's verifier folder. */
  linkIntoRun?: boolean;
}

/**
 * The engine's side of the verifier for one run: a unix socket the run's hook or MCP tool asks
 * for a check through. The engine does the check (the build in a sandbox of the run's, the
 * Chromium capture here) and alone appends its result to the run's verifier-findings.jsonl, in
 * the verifier folder the sandbox does not show; so an agent can ask for a real check but never
 * write one. Checks run one at a time. Undefined when the run has no verifier (no verify.json).
 */
export async function startVerifierService(input: StartVerifierServiceInput): Promise<VerifierService | undefined> {
  const folder = verifierFolderOfRun(input.runFolder);
  if (!existsSync(join(folder, VERIFY_CONFIG_FILE))) return undefined;
  // A socket's path is limited to 108 bytes: a short folder of its own, as the loopback bridge's.
  const dir = mkdtempSync(join(tmpdir().length > 60 ? '/tmp' : tmpdir(), 'lhb-verifier-'));
  const socketPath = join(dir, VERIFIER_SOCKET);
  const stopBuilds = new AbortController();
  const runBuild = input.buildRunner?.(stopBuilds.signal);
  const workdir = join(input.runFolder, 'work');
  const connections = new Set<Socket>();
  let queue: Promise<unknown> = Promise.resolve();

  const check = (request: VerifierRequest): Promise<VerifierReply> => {
    const next = queue.then(async (): Promise<VerifierReply> => {
      if (stopBuilds.signal.aborted) return { status: 'error', message: 'the run has ended' };
      try {
        return await checkAgentApp({
          workdir,
          trigger: cleanTrigger(request.trigger),
          ...(request.force ? { force: true } : {}),
          ...(request.quietBeforeFirstBuild ? { quietBeforeFirstBuild: true } : {}),
          ...(runBuild ? { runBuild } : {}),
          stopped: stopBuilds.signal,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (stopBuilds.signal.aborted) return { status: 'error', message };
        appendFileSync(join(folder, 'verifier-errors.log'), `${new Date().toISOString()} ${message}\n`);
        return { status: 'error', message };
      }
    });
    queue = next;
    return next;
  };

  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end < 0 && received.length <= MAX_REQUEST_BYTES) return;
      socket.off('data', onData);
      const request = parseRequest(end < 0 ? '' : received.slice(0, end));
      if (!request.success) {
        socket.end(`${JSON.stringify({ status: 'error', message: `not a verifier request: ${request.problem}` })}\n`);
        return;
      }
      void check(request.data).then((reply) => {
        if (!socket.destroyed) socket.end(`${JSON.stringify(reply)}\n`);
      });
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  const link = join(folder, VERIFIER_SOCKET);
  if (input.linkIntoRun) {
    rmSync(link, { force: true });
    symlinkSync(socketPath, link);
  }
  return {
    dir,
    async close() {
      stopBuilds.abort();
      const closed = new Promise((resolve) => server.close(resolve));
      await Promise.race([queue.catch(() => undefined), sleep(CLOSE_WAIT_MS, undefined, { ref: false })]);
      for (const socket of connections) socket.destroy();
      await closed;
      if (input.linkIntoRun) rmSync(link, { force: true });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function parseRequest(line: string): { success: true; data: VerifierRequest } | { success: false; problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { success: false, problem: 'expected one JSON line of at most 4 KB' };
  }
  const parsed = VerifierRequestSchema.safeParse(raw);
  if (!parsed.success) return { success: false, problem: parsed.error.issues[0]!.message };
  return { success: true, data: parsed.data };
}

/** The trigger is the agent's words: one line, printable, short. */
function cleanTrigger(trigger: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = trigger.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  return (clean || 'unnamed').slice(0, MAX_TRIGGER_CHARS);
}
