import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BodyTooLargeError, readCappedBody } from './read-capped-body.ts';

const LIMIT = 1000;

interface Served {
  port: number;
  /** How each request's read ended: its bytes, or the error it ended with. */
  reads: Promise<Buffer | Error>[];
  server: Server;
}

let served: Served | undefined;

afterEach(async () => {
  if (!served) return;
  served.server.closeAllConnections();
  await new Promise<void>((resolve) => served!.server.close(() => resolve()));
  served = undefined;
});

/** A server that reads each body with the cap and answers 200 with its length, or 413 with the refusal. */
async function serve(): Promise<Served> {
  const reads: Promise<Buffer | Error>[] = [];
  const server = createServer((req, res) => {
    const read = readCappedBody(req, LIMIT).catch((error: unknown) => error as Error);
    reads.push(read);
    void read.then((outcome) => {
      if (res.destroyed) return;
      if (outcome instanceof BodyTooLargeError) res.writeHead(413).end(outcome.message);
      else if (outcome instanceof Error) res.destroy();
      else res.writeHead(200).end(String(outcome.byteLength));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served = { port: (server.address() as AddressInfo).port, reads, server };
  return served;
}

/** Sends `chunks` (each after `gapMs`) and resolves with the answer; `length` sets Content-Length, else chunked. */
function send(port: number, chunks: Buffer[], options: { length?: number; gapMs?: number } = {}): Promise<{ status: number; text: string; sentAll: boolean }> {
  return new Promise((resolve, reject) => {
    let sentAll = false;
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: options.length === undefined ? {} : { 'content-length': options.length } }, (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, sentAll }));
    });
    req.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        req.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
      sentAll = true;
      req.end();
    })();
  });
}

const bytes = (n: number, fill = 0x61) => Buffer.alloc(n, fill);

describe('readCappedBody', () => {
  it('reads a body up to the cap whole, with or without Content-Length', async () => {
    const { port, reads } = await serve();
    expect(await send(port, [bytes(LIMIT)], { length: LIMIT })).toMatchObject({ status: 200, text: String(LIMIT) });
    expect(await send(port, [bytes(400), bytes(600, 0x62)])).toMatchObject({ status: 200, text: String(LIMIT) });
    expect(await send(port, [])).toMatchObject({ status: 200, text: '0' });
    const second = (await reads[1]) as Buffer;
    expect(second.equals(Buffer.concat([bytes(400), bytes(600, 0x62)]))).toBe(true);
  });

  it('refuses a body whose Content-Length is over the cap before reading it, and the answer still arrives', async () => {
    const { port, reads } = await serve();
    const answer = await send(port, [bytes(LIMIT + 1)], { length: LIMIT + 1 });
    expect(answer).toEqual({ status: 413, text: `The request body is ${LIMIT + 1} bytes; the limit is ${LIMIT}.`, sentAll: true });
    expect(await reads[0]).toMatchObject({ name: 'BodyTooLargeError', limit: LIMIT, declaredBytes: LIMIT + 1 });
  });

  it('refuses a chunked body as soon as it passes the cap', async () => {
    const { port, reads } = await serve();
    const answer = await send(port, [bytes(600), bytes(600)]);
    expect(answer).toMatchObject({ status: 413, text: `The request body is over the limit of ${LIMIT} bytes.` });
    expect(await reads[0]).toMatchObject({ limit: LIMIT, declaredBytes: undefined });
  });

  it('waits out a slow body, and refuses a slow one at the chunk that passes the cap, not at its end', async () => {
    const { port } = await serve();
    const slow = Array.from({ length: 5 }, () => bytes(100));
    expect(await send(port, slow, { gapMs: 40 })).toMatchObject({ status: 200, text: '500' });
    // 300 bytes a chunk: the fourth passes the cap; the answer comes while the rest is still unsent.
    const tooSlow = Array.from({ length: 20 }, () => bytes(300));
    const answer = await send(port, tooSlow, { gapMs: 40 });
    expect(answer).toMatchObject({ status: 413, sentAll: false });
  });

  it('ends the read with an error when the client goes away mid-body', async () => {
    const { port, reads } = await serve();
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: { 'content-length': 800 } });
      req.on('error', () => resolve());
      req.write(bytes(200), () => setTimeout(() => req.destroy(), 50));
    });
    const outcome = await reads[0];
    expect(outcome).toBeInstanceOf(Error);
    expect(outcome).not.toBeInstanceOf(BodyTooLargeError);
  });
});
