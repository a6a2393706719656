import { expect, it } from 'vitest';
import { callInChildProcess } from '../../child-peak-memory.fixture.ts';

const FIXTURE = new URL('./run-process-output.fixture.ts', import.meta.url);
const MiB = 1024 * 1024;

it('a harness printing 1 GB as fast as it can has every byte in its transcript, and the engine holds no more than 100 MB of it at a time', { timeout: 300_000 }, async () => {
  const bytes = 1_000_000_000;
  const child = await callInChildProcess(FIXTURE, 'runFloodingHarness', [bytes], 280_000);
  expect(child.outcome, child.stderr).toBe('returned');
  const run = child.value as { exitCode: number | null; outputCapped: boolean; stdoutBytes: number; fileBytes: number; rssBeforeBytes: number };
  expect(run).toMatchObject({ exitCode: 0, outputCapped: false, stdoutBytes: bytes, fileBytes: bytes });
  const used = child.maxRssBytes! - run.rssBeforeBytes;
  console.log(`engine for 1 GB of harness output: ${(used / MiB).toFixed(0)} MiB over the ${(run.rssBeforeBytes / MiB).toFixed(0)} MiB it held before`);
  // Without backpressure the engine read the pipe faster than its file took it: 175 MiB held for 1 GB.
  expect(used).toBeLessThanOrEqual(100 * MiB);
});
