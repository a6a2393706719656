import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { importPaths } from './index.ts';
import { openSourceTestbed, type SourceTestbed } from './source-testbed.fixture.ts';

let bed: SourceTestbed;
beforeEach(() => {
  bed = openSourceTestbed();
});
afterEach(() => bed.close());

const isNative = (fn: unknown) => typeof fn === 'function' && Function.prototype.toString.call(fn).includes('[native code]');

// pdf.js's legacy build swaps out Array.prototype.push and JSON for polyfills in the thread that
// loads it; the server's thread must never be that thread (see native-builtins.ts).
it('imports a PDF without loading pdf.js, or its polyfills, into the calling thread', async () => {
  const { outcomes } = await importPaths(bed.workspace, [bed.write('review.pdf', readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url)))], {
    dataRoomId: null,
    workers: 1,
  });
  expect(outcomes[0]?.status).toBe('added');
  expect(isNative(Array.prototype.push)).toBe(true);
  expect(isNative(JSON.parse)).toBe(true);
  expect(isNative(JSON.stringify)).toBe(true);
  expect('pdfjsWorker' in globalThis).toBe(false);
});
