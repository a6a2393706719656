import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createNormaliser } from './normaliser-pool.ts';
import { SourceImportError } from './source-errors.ts';
import { takeWarmWorker, warmNormaliseWorkersAtStart, warmWorkerCount } from './warm-normalise-workers.ts';

const DEMO_PDF = readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));
const MARKDOWN = Buffer.from('# Title\n\nText.\n');

describe('normaliser pool (worker threads)', () => {
  it('reads files in parallel workers and reports a bad file without losing the others', async () => {
    const pool = createNormaliser(2);
    try {
      const [pdf, broken, markdown] = await Promise.allSettled([
        pool.normalise('pdf', DEMO_PDF, 'review.pdf'),
        pool.normalise('pdf', Buffer.from('%PDF-1.7 nothing else'), 'stub.pdf'),
        pool.normalise('markdown', MARKDOWN, 'notes.md'),
      ]);
      expect(pdf.status === 'fulfilled' && pdf.value.lineCount).toBe(56);
      expect(broken.status === 'rejected' && broken.reason).toBeInstanceOf(SourceImportError);
      expect(markdown.status === 'fulfilled' && markdown.value.sections).toEqual([{ title: 'Title', level: 1, startLine: 1, endLine: 3 }]);
    } finally {
      await pool.close();
    }
  });

  it('stops a file that overruns its time and keeps serving the next one', async () => {
    const pool = createNormaliser(1, { timeoutMs: (size) => (size > 1000 ? 1 : 60_000) });
    try {
      await expect(pool.normalise('pdf', DEMO_PDF, 'slow.pdf')).rejects.toThrow(/^slow\.pdf timed out: reading it \(.* MB\) took longer than the 1 s limit and was stopped, so it was not imported/);
      await expect(pool.normalise('markdown', MARKDOWN, 'next.md')).resolves.toMatchObject({ lineCount: 3 });
    } finally {
      await pool.close();
    }
  });

  it('hands its idle workers to the next pool, but not one it stopped mid-file', async () => {
    while (warmWorkerCount() > 0) await takeWarmWorker()!.worker.terminate();
    const first = createNormaliser(1);
    await first.normalise('markdown', MARKDOWN, 'one.md');
    await first.close();
    expect(warmWorkerCount()).toBe(1);
    const second = createNormaliser(1, { timeoutMs: (size) => (size > 1000 ? 1 : 60_000) });
    try {
      await expect(second.normalise('markdown', MARKDOWN, 'two.md')).resolves.toMatchObject({ lineCount: 3 });
      expect(warmWorkerCount()).toBe(0);
      await expect(second.normalise('pdf', DEMO_PDF, 'slow.pdf')).rejects.toThrow(/timed out: .*took longer than the 1 s limit/);
    } finally {
      await second.close();
    }
    // The worker stopped over slow.pdf was replaced only when the next file came: nothing to keep.
    expect(warmWorkerCount()).toBe(0);
  });

  it('warms a worker when the app starts (it reads a PDF of its own), which the first import takes instead of starting one', async () => {
    while (warmWorkerCount() > 0) await takeWarmWorker()!.worker.terminate();
    await warmNormaliseWorkersAtStart(1);
    // A worker that could not read the warm-up PDF would have been stopped, not kept.
    expect(warmWorkerCount()).toBe(1);
    const pool = createNormaliser(1);
    expect(warmWorkerCount()).toBe(0);
    try {
      await expect(pool.normalise('pdf', DEMO_PDF, 'review.pdf')).resolves.toMatchObject({ lineCount: 56 });
    } finally {
      await pool.close();
    }
    expect(warmWorkerCount()).toBe(1);
  });

  it('gives an import that begins while the app is still warming the worker being warmed, and reads its file', async () => {
    while (warmWorkerCount() > 0) await takeWarmWorker()!.worker.terminate();
    const warming = warmNormaliseWorkersAtStart(1);
    expect(warmWorkerCount()).toBe(1);
    const pool = createNormaliser(1);
    expect(warmWorkerCount()).toBe(0);
    try {
      await expect(pool.normalise('pdf', DEMO_PDF, 'review.pdf')).resolves.toMatchObject({ lineCount: 56 });
      await warming;
    } finally {
      await pool.close();
    }
    expect(warmWorkerCount()).toBe(1);
  });

  it('gives up a cancelled file at once with the cancel reason', async () => {
    const pool = createNormaliser(1);
    const controller = new AbortController();
    try {
      const reading = pool.normalise('pdf', DEMO_PDF, 'review.pdf', controller.signal);
      controller.abort(new Error('user cancelled'));
      await expect(reading).rejects.toThrow('user cancelled');
      await expect(pool.normalise('markdown', MARKDOWN, 'after.md')).resolves.toMatchObject({ lineCount: 3 });
    } finally {
      await pool.close();
    }
  });
});
