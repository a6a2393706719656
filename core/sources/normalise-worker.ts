// First: it keeps the natives that loading pdf.js (loadPdfJs) replaces.
import './native-builtins.ts';
import { parentPort } from 'node:worker_threads';
import type { SourceType } from '../../schemas/sources.ts';
import { inflateWholeStreamsInThisThread } from './inflate-whole-streams.ts';
import { keepPdfJsCodeCache, loadPdfJs } from './load-pdfjs.ts';
import { normaliseAndKeep } from './normalise-and-keep.ts';
import { failureKind, type NormaliseFailure } from './source-errors.ts';
import type { KeptSource } from './normalised-source.ts';

/** What normaliser-pool.ts sends: one file to normalise, and where to keep its blobs (if anywhere). */
export interface NormaliseRequest {
  id: number;
  type: SourceType;
  name: string;
  bytes: Uint8Array;
  blobRoot: string | null;
}

/** What comes back: the indexed source, or why the file could not be read. */
export type NormaliseReply =
  | { id: number; ok: true; result: KeptSource }
  | { id: number; ok: false; message: string; failure: NormaliseFailure }
  /** Sent once, when the worker has loaded its readers: failures before it are the app's, not a file's. */
  | { ready: true };

// A worker thread of the normaliser pool: parsing untrusted PDFs and pages here keeps both cores
// busy, keeps the server answering, and confines a parser crash or runaway memory to this thread.
const port = parentPort;
if (!port) throw new Error('normalise-worker.ts runs as a worker thread of normaliser-pool.ts; import normalise-source.ts instead.');

inflateWholeStreamsInThisThread();
// Loaded before the worker says it is ready, while the pool's first files are still being read and hashed.
await loadPdfJs();

port.on('message', (request: NormaliseRequest) => {
  normaliseAndKeep(request.type, request.bytes, request.name, request.blobRoot).then(
    (result) => {
      port.postMessage({ id: request.id, ok: true, result } satisfies NormaliseReply);
      // After the reply, so that the file is not held up: the cache then holds what reading a PDF compiled.
      if (request.type === 'pdf') keepPdfJsCodeCache();
    },
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        failure: failureKind(error),
      } satisfies NormaliseReply),
  );
});

port.postMessage({ ready: true } satisfies NormaliseReply);
