import type { IncomingMessage } from 'node:http';
import { LhbError } from '../schemas/lhb-error.ts';

/** A request body over its cap; nothing of it was kept (the contract's 413). */
export class BodyTooLargeError extends LhbError {
  override name = 'BodyTooLargeError';
  readonly limit: number;
  /** The size Content-Length declared, when the body was refused on that alone. */
  readonly declaredBytes: number | undefined;

  constructor(limit: number, declaredBytes?: number) {
    super('payload_too_large', declaredBytes === undefined ? `The request body is over the limit of ${limit} bytes.` : `The request body is ${declaredBytes} bytes; the limit is ${limit}.`);
    this.limit = limit;
    this.declaredBytes = declaredBytes;
  }
}

/**
 * Reads a whole HTTP request body of at most `limit` bytes, for every server of ours (the RPC
 * transport, the scripted model server, the fake judge APIs). A larger body is refused before any
 * of it is read when Content-Length says so, else as soon as the stream passes the limit, so a
 * client cannot make us hold more than `limit`; the rest is drained unread so that the refusal can
 * still be answered on the same connection. A client that goes away mid-body ends the read with
 * its error.
 */
export async function readCappedBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyTooLargeError(limit, declared);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
