import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReplayScript } from '../../../schemas/replay-script.ts';
import type { FakeProviderServer } from '../../model-apis/fake-model-api-server.fixture.ts';
import { startReplayServer, type ReplayServer } from './replay-server.ts';
import { ALL_WIRE_FORMATS } from './wire-formats.ts';

/**
 * A provider of its own for tests: the scripted model server behind a door that answers 401, as
 * a real API does, to any key but its own, and records every key it was shown (Anthropic's
 * x-api-key, OpenAI's bearer token, Gemini's x-goog-api-key or ?key=). One scripted session
 * serves every run sent to it: the script is stateless per turn, and uses no run's own paths.
 */
export interface KeyedReplayServer {
  /** The endpoint to give a configuration. */
  endpoint: string;
  /** Every key a request carried, in order. */
  keysSeen: string[];
  close(): Promise<void>;
}

function keysOf(headers: Record<string, string | string[] | undefined>, url: URL): string[] {
  const found: string[] = [];
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const apiKey = header('x-api-key') ?? header('x-goog-api-key');
  if (apiKey) found.push(apiKey);
  const bearer = /^Bearer\s+(.+)$/i.exec(header('authorization') ?? '')?.[1];
  if (bearer) found.push(bearer);
  const query = url.searchParams.get('key');
  if (query) found.push(query);
  return found;
}

/**
 * `host`: the address its door listens on (default loopback; another stands for a remote provider).
 * `judge`: a fake judge API that answers, at the same endpoint, the requests our judges send (their
 * prompt asks for `rubric_scores`, which no agent's request holds), so one address stands for a
 * provider that serves both the agents and the judges; the rest go to the scripted model.
 */
export async function startKeyedReplayServer(key: string, script: ReplayScript, host = '127.0.0.1', judge?: FakeProviderServer): Promise<KeyedReplayServer> {
  const replay: ReplayServer = await startReplayServer(ALL_WIRE_FORMATS);
  const session = replay.openSession(script, { workdir: '.', skill_file: '' });
  const upstream = new URL(replay.url);
  const keysSeen: string[] = [];
  const door: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const keys = keysOf(req.headers, url);
    keysSeen.push(...keys);
    if (!keys.includes(key)) {
      req.resume();
      const body = JSON.stringify({ type: 'error', error: { type: 'authentication_error', code: 401, status: 'UNAUTHENTICATED', message: 'invalid x-api-key: API key not valid' } });
      res.writeHead(401, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const toJudge = judge !== undefined && body.includes('rubric_scores');
      const target = toJudge ? new URL(judge.origin) : upstream;
      const path = toJudge ? (req.url ?? '/').slice(`/s/${session.id}`.length) : req.url;
      const forward = request({ host: target.hostname, port: target.port, method: req.method, path, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => door.listen(0, host, resolve));
  const { port } = door.address() as AddressInfo;
  return {
    endpoint: `http://${host.includes(':') ? `[${host}]` : host}:${port}/s/${session.id}`,
    keysSeen,
    close: async () => {
      door.closeAllConnections();
      await new Promise<void>((resolve) => door.close(() => resolve()));
      await replay.close();
    },
  };
}
