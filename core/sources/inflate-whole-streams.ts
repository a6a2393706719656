import { inflateSync } from 'node:zlib';

/**
 * A DecompressionStream('deflate') that inflates what was written in one zlib call when the
 * writer closes. pdf.js inflates each Flate stream of a PDF (page contents, fonts) through the
 * web platform's DecompressionStream, which Node runs as a zlib stream on its thread pool, 16 KB
 * at a time through web streams and back: about 190 ms of CPU and 350-870 ms of waiting for one
 * worker's share of the benchmark's PDFs in a fresh process, against 75 ms and 140-210 ms in one
 * call. The same zlib gives the same bytes, and fails where Node's stream fails (damaged, cut
 * short, a wrong checksum), so pdf.js falls back to its own decoder just as before.
 */
class InflateWhole extends TransformStream<Uint8Array, Uint8Array> {
  constructor() {
    const written: Uint8Array[] = [];
    super({
      transform: (chunk) => void written.push(chunk),
      flush: (controller) => controller.enqueue(inflateSync(Buffer.concat(written))),
    });
  }
}

/**
 * Makes this thread's DecompressionStream inflate 'deflate' in one call (other formats stay
 * Node's). Only for a normalise worker: its thread runs nothing but the readers, and a PDF's
 * Flate streams were counted against the inflate budget (pdf-inflate-budget.ts) before pdf.js
 * reads it, so holding one whole is bounded.
 */
export function inflateWholeStreamsInThisThread(): void {
  const node = globalThis.DecompressionStream;
  function decompressionStream(format: ConstructorParameters<typeof DecompressionStream>[0]): { readable: ReadableStream; writable: WritableStream } {
    return format === 'deflate' ? new InflateWhole() : new node(format);
  }
  globalThis.DecompressionStream = decompressionStream as unknown as typeof DecompressionStream;
}
