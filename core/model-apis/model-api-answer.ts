import type { ServerResponse } from 'node:http';

/** An HTTP answer a server of a model API writes: status, JSON body, extra headers (these may replace the content type). */
export interface ModelApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Writes the answer as JSON (the scripted model server's and the test servers' one way to answer). */
export function sendAnswer(res: ServerResponse, answer: ModelApiAnswer): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...answer.headers });
  res.end(body);
}

/** Writes a 200 event stream of already framed events. */
export function sendEventStream(res: ServerResponse, headers: Record<string, string>, frames: readonly string[]): void {
  res.writeHead(200, headers);
  for (const frame of frames) res.write(frame);
  res.end();
}

/** A rough token count (4 characters a token) of a request part, enough for a client deciding whether to compact. */
export function estimatedTokens(value: unknown): number {
  return Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));
}
