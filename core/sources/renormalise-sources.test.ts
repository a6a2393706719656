import { NORMALISER_VERSIONS } from './normaliser-version.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSource } from './get-source.ts';
import { importPaths } from './import-sources.ts';
import { readSourceLines } from './read-source-lines.ts';
import { renormaliseSources } from './renormalise-sources.ts';
import { openSourceTestbed, type SourceTestbed } from './source-testbed.fixture.ts';
import { DOUBTS_RECORDED_SINCE, sourceDoubts } from './source-doubts.ts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ExtractionDoubt, Section } from '../../schemas/sources.ts';
import { storeImportedSource } from './store-imported-source.ts';

const DEMO_PDF = readFileSync(new URL('../../datasets/demo/sources/dashboard-review.pdf', import.meta.url));

let bed: SourceTestbed;
beforeEach(() => {
  bed = openSourceTestbed();
});
afterEach(() => bed.close());

/** The demo PDF as an older normaliser (version 1) left it: whole paragraphs on one line. */
async function importedByVersion1(): Promise<{ sourceId: string; versionId: string }> {
  const markdown = '# Reviewing an agent-built operations dashboard\n\nThis report records how three reviewers judged a dashboard. It is demo material.\n';
  const sha256 = createHash('sha256').update(DEMO_PDF).digest('hex');
  const markdownSha256 = createHash('sha256').update(markdown).digest('hex');
  const { outcome } = await storeImportedSource(bed.workspace, {
    dataRoomId: null,
    name: 'dashboard-review.pdf',
    type: 'pdf',
    original: DEMO_PDF,
    sizeBytes: DEMO_PDF.byteLength,
    sha256,
    indexed: { title: null, markdown, markdownSha256, markdownBytes: Buffer.byteLength(markdown), pages: [{ page: 1, startLine: 1, endLine: 3 }], lineCount: 3, sections: [] },
    createdAt: new Date().toISOString(),
    normaliserVersion: 1,
  });
  if (outcome.status !== 'added') throw new Error(`fixture: ${outcome.status}`);
  return outcome;
}

describe('renormaliseSources', () => {
  it('re-reads a source made by an older normaliser as a new version, keeps the old one, and leaves current ones alone', async () => {
    const old = await importedByVersion1();
    const notes = await importPaths(bed.workspace, [bed.write('notes.md', '# Notes\n\nCurrent.\n')], { dataRoomId: null, workers: 0 });
    const calls: string[][] = [];
    const result = await renormaliseSources(bed.workspace, [], { workers: 0, onNewVersion: (...args) => void calls.push(args) });
    const [pdf, md] = result.outcomes;
    expect(pdf).toEqual({ status: 'new-version', name: 'dashboard-review.pdf', sourceId: old.sourceId, versionId: expect.any(String), version: 2 });
    expect(md).toEqual({ status: 'unchanged', name: 'notes.md', sourceId: 'notes', versionId: (notes.outcomes[0] as { versionId: string }).versionId });
    const v2 = (pdf as { versionId: string }).versionId;
    expect(calls).toEqual([[old.sourceId, old.versionId, v2]]);

    const detail = getSource(bed.workspace, old.sourceId);
    expect(detail.version).toMatchObject({ id: v2, version: 2, normaliserVersion: NORMALISER_VERSIONS.pdf, lineCount: 56 });
    expect(readSourceLines(bed.workspace, v2, 3, 4).lines).toEqual([
      'This report records how three reviewers judged a dashboard that a coding agent built from the operations brief.',
      'It is demo material for LH-Bench Studio: annotators cite its lines when they plan what a judge should check.',
    ]);
    // The old version keeps the text it was imported with, for the citations that point at it.
    expect(getSource(bed.workspace, old.sourceId, old.versionId).version.normaliserVersion).toBe(1);
    expect(readSourceLines(bed.workspace, old.versionId, 3, 3).lines).toEqual(['This report records how three reviewers judged a dashboard. It is demo material.']);

    const again = await renormaliseSources(bed.workspace, [old.sourceId], { workers: 0 });
    expect(again.outcomes).toEqual([{ status: 'unchanged', name: 'dashboard-review.pdf', sourceId: old.sourceId, versionId: v2 }]);
  });

  it('makes no version when a newer normaliser gives the same Markdown, and names an unknown id', async () => {
    const imported = await importPaths(bed.workspace, [bed.write('review.pdf', DEMO_PDF)], { dataRoomId: null, workers: 0 });
    const { sourceId, versionId } = imported.outcomes[0] as { sourceId: string; versionId: string };
    const result = await renormaliseSources(bed.workspace, [sourceId, 'nope'], { workers: 0, versions: { pdf: 99, web: 99, markdown: 99, text: 99 } });
    expect(result.outcomes).toEqual([
      { status: 'unchanged', name: 'review.pdf', sourceId, versionId },
      { status: 'failed', name: 'nope', reason: expect.stringMatching(/^No source with id nope .*lhb sources list/) },
    ]);
  });

  it('brings an older reading\'s outline and extraction notes up in place when the newer normaliser keeps its Markdown, without a new version', async () => {
    // A shell session in a text file: under text 1 the comment line was a heading; text 2 reads it as text.
    const path = bed.write('install-notes.txt', 'Run the installer as follows.\n# make sure the cache is empty first\nrm -rf cache\n./install.sh\n\nThen restart the service.\n');
    const imported = await importPaths(bed.workspace, [path], { dataRoomId: null, workers: 0 });
    const { sourceId, versionId } = imported.outcomes[0] as { sourceId: string; versionId: string };
    const current = getSource(bed.workspace, sourceId).version;
    expect(current.sections.map((section) => section.title)).not.toContain('make sure the cache is empty first');
    const lines = readSourceLines(bed.workspace, versionId, 1, current.lineCount).lines;
    ageVersion(versionId, 1, [{ title: 'make sure the cache is empty first', level: 1, startLine: 2, endLine: current.lineCount }]);
    expect(getSource(bed.workspace, sourceId).version.sections.map((section) => section.title)).toEqual(['make sure the cache is empty first']);

    const result = await renormaliseSources(bed.workspace, [sourceId], { workers: 0 });
    expect(result.outcomes).toEqual([{ status: 'unchanged', name: 'install-notes.txt', sourceId, versionId, reindexed: true }]);
    expect(result.message).toBe('Imported 1 unchanged (1 with its outline and extraction notes brought up to date)');
    const after = getSource(bed.workspace, sourceId);
    expect(after.versions).toHaveLength(1);
    expect(after.version).toMatchObject({ id: versionId, sections: current.sections, normaliserVersion: NORMALISER_VERSIONS.text, markdownSha256: current.markdownSha256 });
    expect(readSourceLines(bed.workspace, versionId, 1, current.lineCount).lines).toEqual(lines);
    // A text file's reader keeps no extraction notes: the Annotate screen says so rather than "nothing doubtful".
    expect(sourceDoubts(bed.workspace, sourceId)).toEqual({ versionId, doubts: [], recorded: false });

    // Now current: the next re-read does not read it again.
    const again = await renormaliseSources(bed.workspace, [sourceId], { workers: 0 });
    expect(again.outcomes).toEqual([{ status: 'unchanged', name: 'install-notes.txt', sourceId, versionId }]);
  });

  it('records the extraction notes of a PDF read before they were kept, in the same version', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([612, 792]).drawText('The survey visited every site in the spring.', { x: 72, y: 700, size: 10, font });
    pdf.addPage([612, 792]);
    const imported = await importPaths(bed.workspace, [bed.write('survey.pdf', await pdf.save())], { dataRoomId: null, workers: 0 });
    const { sourceId, versionId } = imported.outcomes[0] as { sourceId: string; versionId: string };
    const notes = sourceDoubts(bed.workspace, sourceId).doubts;
    expect(notes).toEqual([expect.objectContaining({ kind: 'no-text', page: 2 })]);
    ageVersion(versionId, DOUBTS_RECORDED_SINCE.pdf! - 1, undefined, []);
    // An empty list that says nothing: this reading kept no notes.
    expect(sourceDoubts(bed.workspace, sourceId)).toEqual({ versionId, doubts: [], recorded: false });

    const result = await renormaliseSources(bed.workspace, [], { workers: 0 });
    expect(result.outcomes).toEqual([{ status: 'unchanged', name: 'survey.pdf', sourceId, versionId, reindexed: true }]);
    expect(sourceDoubts(bed.workspace, sourceId)).toEqual({ versionId, doubts: notes, recorded: true });
  });
});

/** Makes a stored version look as an older normaliser left it: its number, and the outline or doubts it gave. */
function ageVersion(versionId: string, normaliserVersion: number, sections?: Section[], doubts?: ExtractionDoubt[]): void {
  bed.workspace.db
    .prepare('UPDATE source_versions SET normaliser_version = ?, sections_json = coalesce(?, sections_json), doubts_json = coalesce(?, doubts_json) WHERE id = ?')
    .run(normaliserVersion, sections ? JSON.stringify(sections) : null, doubts ? JSON.stringify(doubts) : null, versionId);
}
