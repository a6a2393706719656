import { connect } from 'node:net';
import { basename, dirname } from 'node:path';
import type { CheckAgentAppOutcome } from './check-agent-app.ts';
import type { VerifierReply, VerifierRequest } from './verifier-service.ts';

/** Longest socket path connected to as given; a longer one is reached from its folder (a socket path is limited to 108 bytes). */
const MAX_SOCKET_PATH = 100;
/** An answer is one line: the findings, with build output tails; never this large. */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;

/**
 * Asks the run's verifier service (the engine, outside the sandbox) for a check and waits for its
 * outcome: what `lhb runs verify --socket` does for a hook or the MCP tool. The engine does the
 * check and logs it; this only carries the question and the answer. Throws with the engine's
 * words when the check could not run.
 */
export async function askVerifierService(socketPath: string, request: VerifierRequest): Promise<CheckAgentAppOutcome> {
  if (socketPath.length > MAX_SOCKET_PATH) process.chdir(dirname(socketPath));
  const path = socketPath.length > MAX_SOCKET_PATH ? basename(socketPath) : socketPath;
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(path);
    let received = '';
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.length > MAX_REPLY_BYTES) socket.destroy(new Error('the answer is too long'));
    });
    socket.on('end', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? `the run's verifier service is not listening at ${socketPath} (the run has ended, or was started without the verifier)` : error.message, { cause: error })),
    );
  });
  let reply: VerifierReply;
  try {
    reply = JSON.parse(text) as VerifierReply;
  } catch {
    throw new Error(`the run's verifier service gave no answer${text ? ` (${JSON.stringify(text.slice(0, 80))})` : ''}`);
  }
  if (reply.status === 'error') throw new Error(reply.message);
  return reply;
}
