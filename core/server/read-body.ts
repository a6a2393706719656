import type { IncomingMessage } from 'node:http';
import { LhbError } from '../../schemas/lhb-error.ts';
import { readCappedBody } from '../read-capped-body.ts';

/** Reads a whole request body within `limit` bytes; a larger one is the contract's 413. */
export async function readBodyBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return await readCappedBody(req, limit);
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
    throw new LhbError('bad_request', `Send the input as JSON with "Content-Type: application/json" (got ${JSON.stringify(type ?? 'none')}).`);
  }
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (error) {
    throw new LhbError('bad_request', `The request body is not valid JSON: ${(error as Error).message}.`);
  }
}
