import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMarkdownLine } from '../../../schemas/markdown-line/markdown-line.ts';
import type { RpcInput, RpcMethod } from '../../../schemas/rpc.ts';
import { importJobResult } from '../../sources/import-job.ts';
import { NORMALISER_VERSIONS } from '../../sources/normaliser-version.ts';
import { storeImportedSource } from '../../sources/store-imported-source.ts';
import { openWorkspace } from '../../workspace/open-workspace.ts';
import { createApi, type Api } from '../create-api.ts';

let dir: string;
let api: Api;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-renormalise-plain-'));
  api = createApi(openWorkspace(join(dir, 'workspace')));
});
afterEach(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = <M extends RpcMethod>(method: M, input: RpcInput<M>) => api.call(method, input);

const PAGE = Buffer.from(
  `<!DOCTYPE html><html><head><title>Retention guide</title></head><body>
<h1>Retention guide</h1>
<p>Read the <a href="https://example.org/guide">retention <em>guide</em></a> before you <strong>compute</strong> the share of users active again after seven days.</p>
<p>Round to one decimal in every chart.</p>
</body></html>`,
);

/**
 * The page as the previous web normaliser left it: a Texinfo navigation bar above the heading
 * (web 4 drops it), the paragraph wrapped over two lines, and a paragraph the page no longer has.
 */
const OLD_MARKDOWN = [
  'Next: [Cohorts](cohorts.html), Previous: [Intro](intro.html), Up: [Top](index.html)',
  '',
  '# Retention guide',
  '',
  'Read the [retention *guide*](https://example.org/guide) before you',
  '**compute** the share of users active again after seven days.',
  '',
  'Old advice: round to whole percent in every chart.',
  '',
].join('\n');

const plainOf = (line: string): string => readMarkdownLine(line).text;

describe('sources.renormalise with plain-text citations', () => {
  it('moves a quote across a link and emphasis to the new version with its characters, and orphans a deleted passage naming the nearest one', async () => {
    const dataRoom = await call('dataRooms.create', { title: 'Metrics room' });
    const { outcome } = await storeImportedSource(api.context.workspace, {
      dataRoomId: dataRoom.id,
      name: 'retention.html',
      type: 'web',
      original: PAGE,
      sizeBytes: PAGE.byteLength,
      sha256: createHash('sha256').update(PAGE).digest('hex'),
      indexed: { title: 'Retention guide', markdown: OLD_MARKDOWN, markdownSha256: createHash('sha256').update(OLD_MARKDOWN).digest('hex'), markdownBytes: Buffer.byteLength(OLD_MARKDOWN), pages: [], lineCount: 9, sections: [] },
      createdAt: new Date().toISOString(),
      normaliserVersion: NORMALISER_VERSIONS.web - 1,
    });
    if (outcome.status !== 'added') throw new Error(outcome.status);
    const room = await call('chapters.create', { dataRoomId: dataRoom.id, title: 'Retention' });
    const chapterId = room.chapters[0]!.id;
    // "retention guide before you / compute the share": from the link's words into the bold word on the next line.
    const line5 = plainOf(OLD_MARKDOWN.split('\n')[4]!);
    const line6 = plainOf(OLD_MARKDOWN.split('\n')[5]!);
    expect(line5).toBe('Read the retention guide before you');
    await call('chapters.addCitation', { chapterId, versionId: outcome.versionId, startLine: 5, endLine: 6, startChar: line5.indexOf('retention'), endChar: line6.indexOf(' users') });
    const line8 = plainOf(OLD_MARKDOWN.split('\n')[7]!);
    await call('chapters.addCitation', { chapterId, versionId: outcome.versionId, startLine: 8, endLine: 8, startChar: line8.indexOf('round'), endChar: line8.length });
    const [kept, deleted] = (await call('dataRooms.get', { dataRoomId: dataRoom.id })).chapters[0]!.citations;
    expect(kept!.quote).toBe('retention guide before you\ncompute the share of');

    const { jobId } = await call('sources.renormalise', {});
    await api.context.jobs.idle();
    const result = importJobResult(api.context.jobs, jobId)!;
    const v2 = (await call('sources.get', { sourceId: outcome.sourceId })).version;
    expect(v2.normaliserVersion).toBe(NORMALISER_VERSIONS.web);
    const { lines } = await call('sources.lines', { versionId: v2.id, start: 1, end: v2.lineCount });
    const at = lines.findIndex((line) => plainOf(line).includes('retention guide before you compute'));
    expect(at).toBeGreaterThanOrEqual(0);
    const plain = plainOf(lines[at]!);
    const near = lines.findIndex((line) => line.startsWith('Round to one decimal')) + 1;

    expect(result.outcomes).toEqual([
      {
        status: 'new-version',
        name: 'retention.html',
        sourceId: outcome.sourceId,
        versionId: v2.id,
        version: 2,
        citations: {
          reanchored: 1,
          moved: 1,
          orphaned: 1,
          orphans: [
            {
              citationId: deleted!.id,
              chapterId,
              chapterTitle: 'Retention',
              quote: 'round to whole percent in every chart.',
              nearest: { startLine: near, endLine: near, text: 'Round to one decimal in every chart', similarity: expect.closeTo(0.71, 2) },
            },
          ],
        },
      },
    ]);
    const [moved, orphan] = (await call('dataRooms.get', { dataRoomId: dataRoom.id })).chapters[0]!.citations;
    const startChar = plain.indexOf('retention guide');
    const endChar = plain.indexOf(' users');
    expect(moved).toMatchObject({ versionId: v2.id, startLine: at + 1, endLine: at + 1, startChar, endChar, status: 'reanchored', quote: 'retention guide before you compute the share of' });
    expect(plain.slice(moved!.startChar!, moved!.endChar!)).toBe(moved!.quote);
    // The deleted passage stays where it was, flagged.
    expect(orphan).toMatchObject({ versionId: outcome.versionId, startLine: 8, endLine: 8, startChar: line8.indexOf('round'), endChar: line8.length, status: 'orphaned' });
  });
});
