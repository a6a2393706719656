// Test helper: stands in for core/sources until it lands. It writes real rows (blobs through the
// BlobStore, sources, source_versions) so citations' foreign keys hold and core/api's reader can
// read them, and answers SourceLinesReader from memory.
import { randomUUID } from 'node:crypto';
import type { SourceSummary, SourceType } from '../../schemas/sources.ts';
import { recordBlob } from '../store/blob-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import type { Workspace } from '../workspace/open-workspace.ts';
import type { SourceLinesReader, SourceVersionRef } from './source-lines-reader.ts';

interface StoredVersion extends SourceVersionRef {
  lines: string[];
}

export class SourceLibraryFixture implements SourceLinesReader {
  readonly #versions = new Map<string, StoredVersion>();
  readonly #sources = new Map<string, Omit<SourceSummary, 'latestVersionId' | 'version' | 'sha256' | 'lineCount'> & { versionIds: string[] }>();

  constructor(public workspace: Workspace) {}

  addSource(input: { dataRoomId: string | null; lines: string[]; title?: string; type?: SourceType }): { sourceId: string; versionId: string } {
    const { db, blobs } = this.workspace;
    const project = findCurrentProject(db);
    if (!project) throw new Error('The test workspace has no project.');
    const sourceId = `src-${randomUUID().slice(0, 8)}`;
    const title = input.title ?? `Source ${this.#sources.size + 1}`;
    const type = input.type ?? 'markdown';
    const now = new Date().toISOString();
    const blob = blobs.put(Buffer.from(input.lines.join('\n')));
    recordBlob(db, blob.sha256, blob.sizeBytes, now);
    db.prepare(
      `INSERT INTO sources (id, project_id, title, type, original_name, blob_sha256, created_at, data_room_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(sourceId, project.id, title, type, `${title}.md`, blob.sha256, now, input.dataRoomId);
    this.#sources.set(sourceId, { id: sourceId, dataRoomId: input.dataRoomId, title, type, originalName: `${title}.md`, createdAt: now, versionIds: [] });
    return { sourceId, versionId: this.addVersion(sourceId, input.lines) };
  }

  /** A re-import with changed text: version n+1 of the source. */
  addVersion(sourceId: string, lines: string[]): string {
    const source = this.#sources.get(sourceId);
    if (!source) throw new Error(`No fixture source ${sourceId}.`);
    const { db, blobs } = this.workspace;
    const now = new Date().toISOString();
    const blob = blobs.put(Buffer.from(lines.join('\n')));
    recordBlob(db, blob.sha256, blob.sizeBytes, now);
    const id = `ver-${randomUUID().slice(0, 8)}`;
    const version = source.versionIds.length + 1;
    db.prepare(
      `INSERT INTO source_versions (id, source_id, version, blob_sha256, markdown_sha256, line_count, sections_json, pages_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, '[]', '[]', ?)`,
    ).run(id, sourceId, version, blob.sha256, blob.sha256, lines.length, now);
    source.versionIds.push(id);
    this.#versions.set(id, { id, sourceId, version, sha256: blob.sha256, lineCount: lines.length, lines: [...lines] });
    return id;
  }

  version(versionId: string): SourceVersionRef | undefined {
    const stored = this.#versions.get(versionId);
    if (!stored) return undefined;
    const { lines: _lines, ...ref } = stored;
    return ref;
  }

  source(sourceId: string): SourceSummary | undefined {
    const source = this.#sources.get(sourceId);
    const latest = source ? this.#versions.get(source.versionIds.at(-1) ?? '') : undefined;
    if (!source || !latest) return undefined;
    const { versionIds: _ids, ...summary } = source;
    return { ...summary, latestVersionId: latest.id, version: latest.version, sha256: latest.sha256, lineCount: latest.lineCount };
  }

  lines(versionId: string, start: number, end: number): string[] {
    return this.#versions.get(versionId)?.lines.slice(start - 1, end) ?? [];
  }

  listDataRoomSources(dataRoomId: string): SourceSummary[] {
    return [...this.#sources.values()].filter((s) => s.dataRoomId === dataRoomId).flatMap((s) => this.source(s.id) ?? []);
  }
}
