import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { inflateWholeStreamsInThisThread } from './inflate-whole-streams.ts';

const nodeDecompressionStream = globalThis.DecompressionStream;
afterEach(() => {
  globalThis.DecompressionStream = nodeDecompressionStream;
});

/** What pdf.js gets from a DecompressionStream (as its asyncGetBytesFromDecompressionStream reads one): the bytes, or that it failed. */
async function inflateAsPdfJs(bytes: Uint8Array): Promise<string> {
  try {
    const { readable, writable } = new DecompressionStream('deflate');
    const writer = writable.getWriter();
    await writer.ready;
    writer
      .write(bytes)
      .then(async () => {
        await writer.ready;
        await writer.close();
      })
      .catch(() => undefined);
    const chunks: Uint8Array[] = [];
    for await (const chunk of readable as ReadableStream<Uint8Array>) chunks.push(chunk);
    return Buffer.concat(chunks).toString('base64');
  } catch {
    return 'failed';
  }
}

/** Flate streams of the demo PDF as written, each also cut short, with bytes after its end, with a byte damaged and with a wrong checksum. */
function flateStreams(): Uint8Array[] {
  const pdf = readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));
  const streams = [deflateSync(Buffer.from('BT /F1 10 Tf 72 700 Td (Findings) Tj ET\n'.repeat(2000)))];
  for (let at = pdf.indexOf('stream\n'); at !== -1; at = pdf.indexOf('stream\n', at + 1)) {
    if (pdf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    const end = pdf.indexOf('endstream', at);
    if (pdf[at + 7] === 0x78) streams.push(pdf.subarray(at + 7, end));
    at = end;
  }
  return streams.flatMap((stream) => {
    const damaged = Buffer.from(stream);
    damaged[Math.floor(damaged.length * 0.6)]! ^= 0x5a;
    const checksum = Buffer.from(stream);
    checksum[checksum.length - 1]! ^= 1;
    return [stream, stream.subarray(0, Math.floor(stream.length / 2)), Buffer.concat([stream, Buffer.from('\r\ntrailing')]), damaged, checksum];
  });
}

it("inflates as Node's DecompressionStream does, and fails where it fails, so pdf.js reads every stream the same", async () => {
  const inputs = [...flateStreams(), new Uint8Array(0), new Uint8Array([0x78]), new Uint8Array([0x78, 0x9c])];
  expect(inputs.length).toBeGreaterThan(20);
  const byNode = await Promise.all(inputs.map((bytes) => inflateAsPdfJs(new Uint8Array(bytes))));
  inflateWholeStreamsInThisThread();
  expect(globalThis.DecompressionStream).not.toBe(nodeDecompressionStream);
  const inOneCall = await Promise.all(inputs.map((bytes) => inflateAsPdfJs(new Uint8Array(bytes))));
  expect(inOneCall).toEqual(byNode);
  expect(byNode.filter((result) => result === 'failed').length).toBeGreaterThan(5);
  expect(byNode.filter((result) => result !== 'failed').length).toBeGreaterThan(5);
});

it("leaves formats other than 'deflate' to Node", () => {
  inflateWholeStreamsInThisThread();
  expect(new DecompressionStream('gzip')).toBeInstanceOf(nodeDecompressionStream);
  expect(() => new DecompressionStream('brotli' as 'gzip')).toThrow(TypeError);
});
