import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SOURCE_BYTES, type ImportOutcome } from '../../schemas/sources.ts';
import { encryptedPdf, randomNotPdf, truncated } from './broken-pdfs.fixture.ts';
import { getSource, listSources } from './get-source.ts';
import { importPaths, importUploadedFiles, type ImportOptions } from './import-sources.ts';
import { readSourceLines } from './read-source-lines.ts';
import { insertTestDataRoom, openSourceTestbed, type SourceTestbed } from './source-testbed.fixture.ts';

const DEMO_PDF = readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));
const DEMO_HTML = readFileSync(new URL('../../datasets/demo/sources/scoring-guide.html', import.meta.url));

let bed: SourceTestbed;
beforeEach(() => {
  bed = openSourceTestbed();
});
afterEach(() => bed.close());

// Most tests read files in this thread; the batch test below uses the worker pool.
const inProcess: ImportOptions = { dataRoomId: null, workers: 0 };
const statuses = (outcomes: ImportOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.name, o.status]));

describe('importPaths: versions', () => {
  it('adds a source, then finds the same bytes unchanged, then stores changed bytes as version 2 and keeps version 1', async () => {
    const path = bed.write('brief.md', '# Brief\n\nFirst wording.\n');
    const first = await importPaths(bed.workspace, [path], inProcess);
    expect(first.outcomes).toEqual([{ status: 'added', name: 'brief.md', sourceId: 'brief', versionId: expect.any(String) }]);
    const v1 = (first.outcomes[0] as { versionId: string }).versionId;

    const again = await importPaths(bed.workspace, [path], inProcess);
    expect(again.outcomes).toEqual([{ status: 'unchanged', name: 'brief.md', sourceId: 'brief', versionId: v1 }]);
    expect(again.message).toBe('Imported 1 unchanged');

    writeFileSync(path, '# Brief\n\nSecond wording,\nnow on two lines.\n');
    const calls: string[][] = [];
    const changed = await importPaths(bed.workspace, [path], { ...inProcess, onNewVersion: (...args) => void calls.push(args) });
    expect(changed.outcomes).toEqual([{ status: 'new-version', name: 'brief.md', sourceId: 'brief', versionId: expect.any(String), version: 2 }]);
    const v2 = (changed.outcomes[0] as { versionId: string }).versionId;
    expect(calls).toEqual([['brief', v1, v2]]);

    const detail = getSource(bed.workspace, 'brief');
    expect(detail.source).toMatchObject({ version: 2, latestVersionId: v2, lineCount: 4, title: 'Brief' });
    expect(detail.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(readSourceLines(bed.workspace, v1, 1, 10).lines).toEqual(['# Brief', '', 'First wording.']);
    expect(readSourceLines(bed.workspace, v2, 3, 4).lines).toEqual(['Second wording,', 'now on two lines.']);
  });

  it('keeps one source per data room: the same name in another data room is another source', async () => {
    insertTestDataRoom(bed.workspace, 'room-a');
    insertTestDataRoom(bed.workspace, 'room-b');
    const path = bed.write('notes.txt', 'Notes\n');
    const a = await importPaths(bed.workspace, [path], { ...inProcess, dataRoomId: 'room-a' });
    const b = await importPaths(bed.workspace, [path], { ...inProcess, dataRoomId: 'room-b' });
    expect([a.outcomes[0]?.status, b.outcomes[0]?.status]).toEqual(['added', 'added']);
    expect(listSources(bed.workspace, 'room-a').map((s) => s.id)).toEqual(['notes']);
    expect(listSources(bed.workspace, 'room-b').map((s) => s.id)).toEqual(['notes-2']);
  });

  it('reports a failing re-anchoring hook in the summary and keeps the new version', async () => {
    const path = bed.write('a.md', 'one\n');
    await importPaths(bed.workspace, [path], inProcess);
    writeFileSync(path, 'two\n');
    const result = await importPaths(bed.workspace, [path], {
      ...inProcess,
      onNewVersion: () => {
        throw new Error('index locked');
      },
    });
    expect(result.outcomes[0]?.status).toBe('new-version');
    expect(result.message).toContain('a.md: the new version was stored, but re-anchoring its citations failed (index locked)');
  });

  it('refuses an unknown data room before reading anything', async () => {
    await expect(importPaths(bed.workspace, [bed.write('a.md', 'x')], { ...inProcess, dataRoomId: 'nope' })).rejects.toThrow(/No data room with id nope/);
  });
});

describe('importPaths: folders and bad files', () => {
  it('walks folders for sources, names them by their path inside the folder, and skips the rest', async () => {
    bed.write('room/brief.md', '# Brief\n');
    bed.write('room/sub/brief.md', '# Other brief\n');
    bed.write('room/page.HTM', '<h1>Page</h1>');
    bed.write('room/logo.png', 'not really a png');
    bed.write('room/.hidden.md', '# hidden');
    const result = await importPaths(bed.workspace, [`${bed.files}/room`], inProcess);
    expect(result.outcomes.map((o) => [o.name, o.status])).toEqual([
      ['brief.md', 'added'],
      ['page.HTM', 'added'],
      ['sub/brief.md', 'added'],
    ]);
    expect(result.skipped).toEqual([{ path: `${bed.files}/room/logo.png`, reason: expect.stringMatching(/^logo\.png is not a supported kind of file \(\.png\)/) }]);
    expect(result.message).toBe('Imported 3 sources; skipped 1 other file (logo.png)');
  });

  it('fails a named file that is missing, unsupported, empty or over the size limit, and imports the rest', async () => {
    const big = bed.write('huge.txt', '');
    truncateSync(big, MAX_SOURCE_BYTES + 1); // sparse: refused by its size before any byte is read
    const result = await importPaths(
      bed.workspace,
      [bed.write('ok.md', '# Fine\n'), `${bed.files}/missing.md`, bed.write('sheet.xlsx', 'x'), bed.write('empty.txt', ''), big],
      inProcess,
    );
    expect(statuses(result.outcomes)).toEqual({ 'ok.md': 'added', 'missing.md': 'failed', 'sheet.xlsx': 'failed', 'empty.txt': 'failed', 'huge.txt': 'failed' });
    const reason = (name: string) => (result.outcomes.find((o) => o.name === name) as { reason: string }).reason;
    expect(reason('missing.md')).toMatch(/missing\.md does not exist/);
    expect(reason('sheet.xlsx')).toMatch(/sheet\.xlsx is not a supported kind of file/);
    expect(reason('empty.txt')).toMatch(/^empty\.txt is empty \(0 bytes\)/);
    expect(reason('huge.txt')).toMatch(/^huge\.txt is 200 MiB, over the 200 MiB limit .*split it/);
  });

  it('refuses two files with the same name in one import rather than making one a version of the other', async () => {
    const result = await importUploadedFiles(
      bed.workspace,
      [
        { name: 'notes.md', blobSha256: bed.workspace.blobs.put(Buffer.from('# A\n')).sha256 },
        { name: 'notes.md', blobSha256: bed.workspace.blobs.put(Buffer.from('# B\n')).sha256 },
      ],
      inProcess,
    );
    expect(result.outcomes.map((o) => o.status)).toEqual(['added', 'failed']);
    expect((result.outcomes[1] as { reason: string }).reason).toMatch(/notes\.md appears twice in this import/);
  });

  it('ingests the good files of a batch with broken PDFs and hostile HTML, giving each bad file a clear reason (worker threads)', async () => {
    const paths = [
      bed.write('review.pdf', DEMO_PDF),
      bed.write('guide.html', DEMO_HTML),
      bed.write('cut-off.pdf', truncated(DEMO_PDF)),
      bed.write('locked.pdf', encryptedPdf()),
      bed.write('empty.pdf', ''),
      bed.write('noise.pdf', randomNotPdf()),
      bed.write('hostile.html', '<html><body onload="steal()"><script>steal()</script><a href="javascript:steal()">Click</a><img src="https://evil.invalid/x" onerror="steal()"><p>Harmless words.</p></body></html>'),
      bed.write('notes.txt', 'Plain notes\n'),
    ];
    const progress: number[] = [];
    const result = await importPaths(bed.workspace, paths, { dataRoomId: null, workers: 2, onProgress: (done) => progress.push(done) });
    expect(statuses(result.outcomes)).toEqual({
      'review.pdf': 'added',
      'guide.html': 'added',
      'cut-off.pdf': 'failed',
      'locked.pdf': 'failed',
      'empty.pdf': 'failed',
      'noise.pdf': 'failed',
      'hostile.html': 'added',
      'notes.txt': 'added',
    });
    const reasons = result.outcomes.flatMap((o) => (o.status === 'failed' ? [o.reason] : []));
    expect(reasons).toEqual([
      expect.stringMatching(/^cut-off\.pdf is a truncated PDF/),
      expect.stringMatching(/^locked\.pdf is encrypted .*export an unencrypted copy/),
      expect.stringMatching(/^empty\.pdf is empty/),
      expect.stringMatching(/^noise\.pdf is not a PDF/),
    ]);
    expect(result.message).toMatch(/^Imported 4 sources; 4 failed: cut-off\.pdf is a truncated PDF.*; and 1 more$/);
    expect(Math.max(...progress)).toBe(paths.length);

    const hostile = listSources(bed.workspace).find((s) => s.originalName === 'hostile.html')!;
    const text = readSourceLines(bed.workspace, hostile.latestVersionId, 1, 100).lines.join('\n');
    expect(text).toBe('Click\n\nHarmless words.');
    const review = getSource(bed.workspace, 'review');
    expect(review.source).toMatchObject({ type: 'pdf', title: 'Reviewing an agent-built operations dashboard', lineCount: 56 });
    expect(review.version.pages).toHaveLength(3);
    // The workers leave each file they wrote to be flushed and named as its source is stored: none is left unnamed.
    expect(bed.workspace.blobs.listTempFiles()).toEqual([]);
    expect(bed.workspace.blobs.has(review.version.markdownSha256)).toBe(true);
  });

  it('stops between files when cancelled and keeps what it finished', async () => {
    const controller = new AbortController();
    const paths = ['a.md', 'b.md', 'c.md'].map((name) => bed.write(name, `# ${name}\n`));
    const result = await importPaths(bed.workspace, paths, {
      ...inProcess,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 1) controller.abort();
      },
    });
    const stored = result.outcomes.filter((o) => o.status === 'added');
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.length).toBeLessThan(3);
    expect(listSources(bed.workspace).filter((s) => s.type === 'markdown' && s.originalName !== 'dashboard-brief.md')).toHaveLength(stored.length);
  });
});

describe('importUploadedFiles', () => {
  it('imports uploaded blobs and names a missing upload clearly', async () => {
    const uploaded = bed.workspace.blobs.put(Buffer.from('Uploaded notes\n'));
    const result = await importUploadedFiles(
      bed.workspace,
      [
        { name: 'notes.txt', blobSha256: uploaded.sha256 },
        { name: 'lost.pdf', blobSha256: 'ab'.repeat(32) },
      ],
      inProcess,
    );
    expect(statuses(result.outcomes)).toEqual({ 'notes.txt': 'added', 'lost.pdf': 'failed' });
    expect((result.outcomes[1] as { reason: string }).reason).toMatch(/^lost\.pdf was not uploaded: .*blob abababababab…\) is not in this workspace's blob store; upload the file again/);
  });
});
