import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { readMigrationFiles } from './migrations.ts';
import { openDatabase } from './open-database.ts';

// Migration 015 renames `courses` to `data_rooms` (and `course_id` to `data_room_id`) in a
// workspace the older app wrote: its rows, their links and its undo history all carry over.

const OLD_SCHEMA = 14;
const NOW = '2026-01-05T10:00:00.000Z';
const SHA = 'a'.repeat(64);

let dir: string;
let api: Api | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-data-room-migration-'));
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const chapterRow = (title: string) => ({
  id: 'ch-1',
  course_id: 'room-1',
  position: 0,
  title,
  instruction: '',
  design_notes: '',
  created_at: NOW,
  updated_at: NOW,
});
const roomRow = (globalNotes: string) => ({ id: 'room-1', project_id: 'p-1', title: 'Pricing room', global_notes: globalNotes, created_at: NOW, updated_at: NOW });

/**
 * A schema-14 workspace with one course, a source and a chapter in it, and one undo step as the
 * older app recorded it: the chapter renamed and the notes edited, rows named by `courses` and `course_id`.
 */
function oldWorkspace(): string {
  const workspace = join(dir, 'old');
  mkdirSync(workspace);
  const { db } = openDatabase(join(workspace, 'lhb.sqlite'), readMigrationFiles().slice(0, OLD_SCHEMA));
  db.prepare("INSERT INTO projects (id, name, description, created_at) VALUES ('p-1', 'Old', '', ?)").run(NOW);
  db.prepare('INSERT INTO courses (id, project_id, title, global_notes, created_at, updated_at) VALUES (@id, @project_id, @title, @global_notes, @created_at, @updated_at)').run(roomRow('Notes, edited'));
  db.prepare('INSERT INTO blobs (sha256, size_bytes, created_at) VALUES (?, 1, ?)').run(SHA, NOW);
  db.prepare("INSERT INTO sources (id, project_id, title, type, original_name, blob_sha256, created_at, course_id) VALUES ('src-1', 'p-1', 'Brief', 'markdown', 'brief.md', ?, ?, 'room-1')").run(SHA, NOW);
  db.prepare("INSERT INTO source_versions (id, source_id, version, blob_sha256, markdown_sha256, line_count, sections_json, created_at) VALUES ('v-1', 'src-1', 1, ?, ?, 1, '[]', ?)").run(SHA, SHA, NOW);
  db.prepare('INSERT INTO chapters (id, course_id, position, title, instruction, design_notes, created_at, updated_at) VALUES (@id, @course_id, @position, @title, @instruction, @design_notes, @created_at, @updated_at)').run(chapterRow('Renamed'));
  const changes = [
    { table: 'chapters', id: 'ch-1', before: chapterRow('First title'), after: chapterRow('Renamed') },
    { table: 'courses', id: 'room-1', before: roomRow('Notes'), after: roomRow('Notes, edited') },
  ];
  db.prepare("INSERT INTO annotation_history (course_id, label, changes_json, undone, created_at) VALUES ('room-1', 'Rename chapter', ?, 0, ?)").run(JSON.stringify(changes), NOW);
  db.close();
  return workspace;
}

it('keeps a workspace’s data rooms, their sources and chapters, and undoes a step recorded before the rename', async () => {
  api = await openApi(oldWorkspace());
  const { dataRooms } = await api.call('dataRooms.list', {});
  expect(dataRooms.map((room) => [room.id, room.title, room.sourceCount, room.chapterCount])).toEqual([['room-1', 'Pricing room', 1, 1]]);
  const { sources } = await api.call('sources.list', { dataRoomId: 'room-1' });
  expect(sources.map((source) => [source.id, source.dataRoomId])).toEqual([['src-1', 'room-1']]);

  const before = await api.call('dataRooms.get', { dataRoomId: 'room-1' });
  expect(before.undoLabel).toBe('Rename chapter');
  const undone = await api.call('annotate.undo', { dataRoomId: 'room-1' });
  expect([undone.chapters[0]!.title, undone.globalNotes]).toEqual(['First title', 'Notes']);
  const redone = await api.call('annotate.redo', { dataRoomId: 'room-1' });
  expect([redone.chapters[0]!.title, redone.globalNotes]).toEqual(['Renamed', 'Notes, edited']);

  // The foreign keys follow the new names: deleting the room takes its chapters and history, and frees its source.
  const { db } = api.context.workspace;
  expect(db.pragma('foreign_key_check')).toEqual([]);
  db.prepare("DELETE FROM data_rooms WHERE id = 'room-1'").run();
  expect(db.prepare('SELECT (SELECT count(*) FROM chapters) AS chapters, (SELECT count(*) FROM annotation_history) AS history').get()).toEqual({ chapters: 0, history: 0 });
  expect(db.prepare("SELECT data_room_id FROM sources WHERE id = 'src-1'").get()).toEqual({ data_room_id: null });
});
