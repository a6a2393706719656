import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceLibraryFixture } from '../annotate/source-library.fixture.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { appendHistory, findUndoEntry, readTrackedRow, writeTrackedRow } from './annotation-history-repository.ts';
import { insertChapter } from './chapter-repository.ts';
import { insertCitation, listChapterCitations } from './citation-repository.ts';
import { insertDataRoom } from './data-room-repository.ts';
import { findCurrentProject } from './project-repository.ts';

let dir: string;
let workspace: Workspace;
const NOW = '2025-01-01T00:00:00.000Z';

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-history-'));
  workspace = openWorkspace(dir);
  const projectId = findCurrentProject(workspace.db)?.id as string;
  insertDataRoom(workspace.db, { id: 'room-1', project_id: projectId, title: 'Room', global_notes: '', created_at: NOW, updated_at: NOW });
  insertChapter(workspace.db, { id: 'ch-1', data_room_id: 'room-1', annotator_id: null, position: 0, title: 'One', instruction: '', design_notes: '', created_at: NOW, updated_at: NOW });
});
afterEach(() => {
  workspace.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('annotation history rows', () => {
  it('restores a chapter row in place without deleting its citations', () => {
    const { sourceId, versionId } = new SourceLibraryFixture(workspace).addSource({ dataRoomId: 'room-1', lines: ['text'] });
    insertCitation(workspace.db, {
      id: 'cit-1',
      chapter_id: 'ch-1',
      source_id: sourceId,
      version_id: versionId,
      source_sha256: 'a'.repeat(64),
      start_line: 1,
      end_line: 1,
      quote: 'text',
      prefix: '',
      suffix: '',
      status: 'ok',
      start_char: null,
      end_char: null,
      position: 0,
      created_at: NOW,
    });
    const row = readTrackedRow(workspace.db, 'chapters', 'ch-1');
    expect(row).toMatchObject({ id: 'ch-1', title: 'One', position: 0 });
    writeTrackedRow(workspace.db, 'chapters', 'ch-1', { ...row, title: 'Restored' });
    expect(readTrackedRow(workspace.db, 'chapters', 'ch-1')?.title).toBe('Restored');
    expect(listChapterCitations(workspace.db, 'ch-1')).toHaveLength(1);
    writeTrackedRow(workspace.db, 'chapters', 'ch-1', null);
    expect(readTrackedRow(workspace.db, 'chapters', 'ch-1')).toBeNull();
  });

  it('restores a citation recorded before character ranges were kept, with no range', () => {
    const { sourceId, versionId } = new SourceLibraryFixture(workspace).addSource({ dataRoomId: 'room-1', lines: ['text'] });
    const recorded = {
      id: 'cit-old', chapter_id: 'ch-1', source_id: sourceId, version_id: versionId, source_sha256: 'a'.repeat(64),
      start_line: 1, end_line: 1, quote: 'text', prefix: '', suffix: '', status: 'ok', position: 0, created_at: NOW,
    };
    writeTrackedRow(workspace.db, 'citations', 'cit-old', recorded);
    expect(readTrackedRow(workspace.db, 'citations', 'cit-old')).toMatchObject({ quote: 'text', start_char: null, end_char: null });
  });

  it('refuses to restore a row that lacks columns', () => {
    expect(() => writeTrackedRow(workspace.db, 'chapters', 'ch-1', { id: 'ch-1', title: 'x' })).toThrow(/data_room_id/);
  });

  it('names the entry when its recorded changes are unreadable', () => {
    appendHistory(workspace.db, { dataRoomId: 'room-1', annotatorId: null, label: 'Rename chapter', changes: [], createdAt: NOW });
    workspace.db.prepare("UPDATE annotation_history SET changes_json = '{not json'").run();
    expect(() => findUndoEntry(workspace.db, { dataRoomId: 'room-1', annotatorId: null })).toThrow(/Rename chapter.*room-1/);
  });
});
