import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflate } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callInChildProcess } from '../child-peak-memory.fixture.ts';
import { handWrittenPdf } from './broken-pdfs.fixture.ts';

// Files built to exhaust the normaliser, each converted in a child process of its own so its peak
// memory is measured (max RSS) and a regression fails the test instead of taking the machine down.

const PROBE = new URL('./normalise-source-probe.fixture.ts', import.meta.url);
const GUARD_MS = 120_000;
const ONE_GB = 1024 ** 3;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-hostile-sources-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `inflated` bytes of spaces after a line of text, Flate-compressed a chunk at a time (about 1 MB per GB). */
async function deflatedContent(inflated: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  deflate.write('BT /F1 12 Tf 72 720 Td (A page of text) Tj ET\n');
  const chunk = Buffer.alloc(1 << 20, 0x20);
  for (let written = 0; written < inflated; written += chunk.length) if (!deflate.write(chunk)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat(out);
}

describe('hostile sources', () => {
  it('a PDF whose 1 MB content stream inflates to 1 GiB is refused, under 1 GB of memory', async () => {
    const content = await deflatedContent(ONE_GB);
    expect(content.length).toBeLessThan(2 << 20);
    const pdf = handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${content.toString('latin1')}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ]);
    const path = join(dir, 'bomb.pdf');
    writeFileSync(path, pdf);
    const result = await callInChildProcess(PROBE, 'normaliseFileForProbe', [path, 'pdf'], GUARD_MS);
    expect(result.outcome, result.stderr.slice(-2000)).toBe('threw');
    expect(result.message).toMatch(/^bomb\.pdf: its compressed streams inflate to more than \d+ MB of page content, far more than any document's text needs/);
    expect(result.maxRssBytes).toBeLessThan(ONE_GB);
  }, GUARD_MS + 30_000);

  it('HTML nested 200,000 elements deep is a clear refusal, not a stack overflow, under 1 GB', async () => {
    const depth = 200_000;
    const path = join(dir, 'deep.html');
    writeFileSync(path, `<html><body>${'<div>'.repeat(depth)}deep text${'</div>'.repeat(depth)}</body></html>`);
    const result = await callInChildProcess(PROBE, 'normaliseFileForProbe', [path, 'web'], GUARD_MS);
    expect(result.outcome, result.stderr.slice(-2000)).toBe('threw');
    expect(result.message).toMatch(/^deep\.html nests its content too deeply to convert/);
    expect(result.maxRssBytes).toBeLessThan(ONE_GB);
  }, GUARD_MS + 30_000);

  it('Markdown quoted 100,000 levels deep is the same clear refusal', async () => {
    const path = join(dir, 'deep.md');
    writeFileSync(path, `${'>'.repeat(100_000)} deep\n`);
    const result = await callInChildProcess(PROBE, 'normaliseFileForProbe', [path, 'markdown'], GUARD_MS);
    expect(result.outcome, result.stderr.slice(-2000)).not.toMatch(/timed-out|crashed/);
    if (result.outcome === 'threw') expect(result.message).toMatch(/^deep\.md nests its content too deeply to convert/);
    expect(result.maxRssBytes).toBeLessThan(ONE_GB);
  }, GUARD_MS + 30_000);
});
