import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ReplayScriptSchema, ReplayVariablesSchema, type ReplayScript, type ReplayVariables } from '../../../schemas/replay-script.ts';
import { closeServer, listenOnLoopback } from '../../model-apis/loopback-server.ts';
import { sendAnswer } from '../../model-apis/model-api-answer.ts';
import { readCappedBody } from '../../read-capped-body.ts';
import { ReplaySession } from './replay-session.ts';
import type { WireFormat } from './wire-format.ts';

/** Request bodies above this are refused: a harness's whole history fits well inside it. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface ReplayServer {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Starts a conversation; its endpoint is `${url}/s/${id}` (harnesses append their API's paths). */
  openSession(script: ReplayScript, variables: ReplayVariables, id?: string): ReplaySession;
  session(id: string): ReplaySession | undefined;
  /** The base URL a harness is pointed at for a session. */
  endpointFor(sessionId: string): string;
  close(): Promise<void>;
}

const sendJson = (res: ServerResponse, status: number, body: unknown): void => sendAnswer(res, { status, body });

async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const bytes = await readCappedBody(req, MAX_BODY_BYTES);
  if (bytes.byteLength === 0) return undefined;
  return JSON.parse(bytes.toString('utf8')) as unknown;
}

const SESSION_PATH = /^\/s\/([A-Za-z0-9._-]{1,200})(\/.*)?$/;

/**
 * The scripted model server: plays back scripts to real harness CLIs over the wire formats they
 * speak, on 127.0.0.1 only. Each session is one agent run; its requests are recorded.
 */
export async function startReplayServer(formats: readonly WireFormat[], options: { port?: number } = {}): Promise<ReplayServer> {
  const sessions = new Map<string, ReplaySession>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const match = SESSION_PATH.exec(url.pathname);
      const session = match ? sessions.get(match[1]!) : undefined;
      if (!match || !session) {
        sendJson(res, 404, { error: { type: 'not_found_error', message: `No replay session at ${url.pathname}. Sessions live under /s/<id>/.` } });
        return;
      }
      const path = match[2] ?? '/';
      const method = req.method ?? 'GET';
      const format = formats.find((f) => f.matches(method, path));
      if (!format) {
        sendJson(res, 404, { error: { type: 'not_found_error', message: `The replay server does not answer ${method} ${path}.` } });
        return;
      }
      let body: unknown;
      try {
        body = await readJsonBody(req);
      } catch (error) {
        sendJson(res, 400, { error: { type: 'invalid_request_error', message: `Unreadable request body: ${(error as Error).message}` } });
        return;
      }
      session.record({ format: format.name, method, path, body, at: new Date().toISOString() });
      await format.handle({ method, path, query: url.searchParams, headers: req.headers, body, session, res });
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
      else res.destroy(error as Error);
    });
  });

  const base = await listenOnLoopback(server, options.port);

  return {
    url: base,
    openSession(script, variables, id = randomUUID()) {
      const session = new ReplaySession(id, ReplayScriptSchema.parse(script), ReplayVariablesSchema.parse(variables));
      sessions.set(id, session);
      return session;
    },
    session: (id) => sessions.get(id),
    endpointFor: (sessionId) => `${base}/s/${sessionId}`,
    close: () => closeServer(server),
  };
}
