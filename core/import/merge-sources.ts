import { createHash } from 'node:crypto';
import { findDataRoom, insertDataRoom } from '../store/data-room-repository.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findSourceVersionByHash, isSourceVersionNumberTaken } from '../store/import-repository.ts';
import { findSource, insertSource, updateSourceHead } from '../store/source-repository.ts';
import { findLatestVersionRef, findSourceVersion, insertSourceVersion } from '../store/source-version-repository.ts';
import type { SourceType } from '../../schemas/sources.ts';
import type { Located, SourceRowIn } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { atRow, type MergeContext } from './merge-context.ts';

const SOURCE_TYPES = new Set<string>(['pdf', 'web', 'markdown', 'text']);

/** A source version's Markdown as the workspace stores it (the lines joined by \n), checked against its hash. */
export function sourceMarkdown(located: Located<SourceRowIn>): Buffer {
  const { row, where } = located;
  if (!SOURCE_TYPES.has(row.type)) throw new ImportRefusedError(`${where}: field type is "${row.type}", not one of pdf, web, markdown, text.`);
  // A text that ends with a line break has one empty line after its last counted one.
  const trailing = row.lines.length === row.line_count + 1 && row.lines[row.lines.length - 1]!.text === '';
  if (row.lines.length !== row.line_count && !trailing) throw new ImportRefusedError(`${where}: field lines holds ${row.lines.length} lines where line_count says ${row.line_count}.`);
  row.lines.forEach((line, index) => {
    if (line.line !== index + 1) throw new ImportRefusedError(`${where}: field lines[${index}].line is ${line.line}, expected ${index + 1}.`);
  });
  const markdown = Buffer.from(row.lines.map((line) => line.text).join('\n'), 'utf8');
  const sha256 = createHash('sha256').update(markdown).digest('hex');
  if (sha256 !== row.markdown_sha256) throw new ImportRefusedError(`${where}: field lines does not hash to markdown_sha256 (the text was changed or cut).`);
  return markdown;
}

/**
 * Source versions, merged by hash: a version the workspace has (same id, or the same original
 * file or Markdown) is mapped onto it; a new one is stored with its ids. The original file is not
 * in an export, so the workspace keeps the Markdown as the version's file (written to the blob
 * store before this runs). A version whose number the workspace's source already used for other
 * content takes the next free number, and says so.
 */
export function mergeSources(ctx: MergeContext, rows: readonly Located<SourceRowIn>[]): void {
  for (const located of rows) {
    const { row, where } = located;
    atRow(where, () => {
      const stored = findSourceVersion(ctx.db, row.version_id);
      const markdown = row.lines.map((line) => line.text).join('\n');
      const incoming = sourceVersionContent({
        markdownSha256: row.markdown_sha256,
        originalName: row.original_name,
        lineCount: row.line_count,
        sections: row.sections.map((section) => ({ title: section.title, level: section.level, startLine: section.start_line, endLine: section.end_line })),
        pages: row.pages.map((page) => ({ page: page.page, startLine: page.start_line, endLine: page.end_line })),
        createdAt: row.created_at,
      }, markdown);
      const local =
        stored &&
        sourceVersionContent(
          { ...stored, originalName: findSource(ctx.db, stored.sourceId)?.originalName ?? '' },
          stored.markdownSha256 === row.markdown_sha256 ? markdown : ctx.readBlob(stored.markdownSha256).toString('utf8'),
        );
      if (ctx.conflictOf('sources', 'source-version', row.version_id, where, incoming, local)) {
        // The workspace's version stays what citations of this id point into.
        if (stored) ctx.versionIds.set(row.version_id, row.version_id);
        return;
      }
      if (stored) {
        ctx.versionIds.set(row.version_id, row.version_id);
        ctx.sourceIds.set(row.source_id, row.source_id);
        return ctx.count('sources', 'unchanged');
      }
      const match = findSourceVersionByHash(ctx.db, ctx.projectId, row.sha256, row.markdown_sha256);
      if (match) {
        ctx.versionIds.set(row.version_id, match.version_id);
        ctx.sourceIds.set(row.source_id, match.source_id);
        return ctx.count('sources', 'unchanged');
      }
      const markdownSha256 = row.markdown_sha256;
      recordBlob(ctx.db, markdownSha256, Buffer.byteLength(row.lines.map((line) => line.text).join('\n'), 'utf8'), ctx.now);
      const sourceId = ctx.sourceIds.get(row.source_id) ?? row.source_id;
      const existing = findSource(ctx.db, sourceId);
      const dataRoomId = row.data_room_id === null ? null : ensureDataRoom(ctx, row.data_room_id, row.data_room_title ?? 'Imported data room', row.created_at);
      let version = row.version;
      if (!existing) {
        insertSource(ctx.db, { id: sourceId, projectId: ctx.projectId, dataRoomId, title: row.title, type: row.type as SourceType, originalName: row.original_name, blobSha256: markdownSha256, createdAt: row.created_at });
      } else {
        const latest = findLatestVersionRef(ctx.db, sourceId);
        if (isSourceVersionNumberTaken(ctx.db, sourceId, version)) {
          version = (latest?.version ?? 0) + 1;
          ctx.notes.push(`Source "${row.title}" version ${row.version} differs from this workspace's version ${row.version}; it was added as version ${version}.`);
        }
        if (!latest || version > latest.version) updateSourceHead(ctx.db, sourceId, { title: row.title, type: row.type as SourceType, blobSha256: markdownSha256 });
      }
      ctx.sourceIds.set(row.source_id, sourceId);
      ctx.versionIds.set(row.version_id, row.version_id);
      insertSourceVersion(ctx.db, {
        id: row.version_id,
        sourceId,
        version,
        sha256: markdownSha256,
        markdownSha256,
        lineCount: row.line_count,
        sections: row.sections.map((section) => ({ title: section.title, level: section.level, startLine: section.start_line, endLine: section.end_line })),
        pages: row.pages.map((page) => ({ page: page.page, startLine: page.start_line, endLine: page.end_line })),
        createdAt: row.created_at,
      });
      ctx.count('sources', 'added');
    });
  }
}

/** The data room with this id, created (empty) when the workspace does not have it. */
export function ensureDataRoom(ctx: MergeContext, id: string, title: string, createdAt: string, notes = ''): string {
  if (!findDataRoom(ctx.db, id)) insertDataRoom(ctx.db, { id, project_id: ctx.projectId, title: title || 'Imported data room', global_notes: notes, created_at: createdAt, updated_at: createdAt });
  return id;
}

/** What a source version's id stands for, as a conflict shows it: its file's name, line count, outline, pages and date, then its Markdown. */
interface VersionFacts {
  markdownSha256: string;
  originalName: string;
  lineCount: number;
  sections: readonly { title: string; level: number; startLine: number; endLine: number }[];
  pages: readonly { page: number; startLine: number; endLine: number }[];
  createdAt: string;
}

/**
 * A source version as two copies compare it: what an import keeps of the row as it is (not the
 * source's title or type, which follow its newest version, nor the original's hash or the
 * version's number, which an import may not keep), then its text.
 */
function sourceVersionContent(version: VersionFacts, markdown: string): string {
  const { markdownSha256, originalName, lineCount, sections, pages } = version;
  // An instant compares as one: a workspace's own timestamps may be written with other precision than an export's.
  const facts = { original_name: originalName, line_count: lineCount, created_at: new Date(version.createdAt).toISOString(), sections, pages };
  return `markdown_sha256 ${markdownSha256}\n${JSON.stringify(facts)}\n${markdown}`;
}
