import type { IncomingMessage } from 'node:http';
import { RpcError } from '../api/rpc-error.ts';

/**
 * Reads a whole request body, refusing bodies over `limit` bytes (413) before reading them
 * when Content-Length says so, and as soon as the stream passes the limit otherwise.
 */
export async function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new RpcError('payload_too_large', `The request body is ${declared} bytes; the limit is ${limit}.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) {
      req.resume();
      throw new RpcError('payload_too_large', `The request body is over the limit of ${limit} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a request body as JSON within `limit` bytes. An empty body is `{}`: methods without
 * input can be called with no body.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = req.headers['content-type'];
  const bytes = await readBodyBytes(req, limit);
  if (bytes.byteLength === 0) return {};
  if (!type || !/^application\/json\b/i.test(type)) {
    throw new RpcError('bad_request', `Send the input as JSON with "Content-Type: application/json" (got ${JSON.stringify(type ?? 'none')}).`);
  }
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (error) {
    throw new RpcError('bad_request', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
}
