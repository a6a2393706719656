import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoDatasetDir } from '../app-paths.ts';
import { countBlobs } from '../store/blob-repository.ts';
import { openDatabase } from '../store/open-database.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { countSources } from '../store/source-repository.ts';
import { openApi } from '../api/open-api.ts';
import { DATABASE_FILE, openWorkspace, type Workspace } from './open-workspace.ts';
import { SEED_PENDING_KEY } from './seed-workspace.ts';

interface DemoManifest {
  project: { name: string; description: string };
  dataRoom: { title: string; sources: string[]; chapters: { title: string; citations: unknown[] }[] };
}

const demoManifest = JSON.parse(readFileSync(join(demoDatasetDir, 'workspace.json'), 'utf8')) as DemoManifest;

let dir: string;
const opened: Workspace[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-workspace-'));
});

afterEach(() => {
  for (const workspace of opened.splice(0)) {
    if (workspace.db.open) workspace.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

function open(workspaceDir: string, seedFrom?: string): Workspace {
  const workspace = openWorkspace(workspaceDir, seedFrom === undefined ? {} : { seedFrom });
  opened.push(workspace);
  return workspace;
}

describe('openWorkspace', () => {
  it('creates the folder and seeds the demo project on first open, leaving its data room pending', () => {
    const workspaceDir = join(dir, 'nested', 'workspace');
    const workspace = open(workspaceDir);
    expect(workspace.databasePath).toBe(join(workspaceDir, DATABASE_FILE));
    expect(workspace.schemaVersion).toBeGreaterThanOrEqual(2);
    expect(workspace.blobs.root).toBe(join(workspaceDir, 'blobs'));

    const project = findCurrentProject(workspace.db);
    expect(project?.name).toBe(demoManifest.project.name);
    expect(project?.description).toBe(demoManifest.project.description);
    const pending = workspace.db.prepare('SELECT value FROM meta WHERE key = ?').get(SEED_PENDING_KEY) as { value: string } | undefined;
    expect(pending?.value).toBe(demoDatasetDir);
  });

  it('openApi imports the demo data room through the real pipeline, with its chapter plan and no undo history', async () => {
    const api = await openApi(join(dir, 'workspace'));
    try {
      const { dataRooms } = await api.call('dataRooms.list', {});
      expect(dataRooms.map((c) => c.title)).toEqual([demoManifest.dataRoom.title]);
      const dataRoom = await api.call('dataRooms.get', { dataRoomId: dataRooms[0]!.id });
      expect(dataRoom.sources.map((s) => s.originalName).sort()).toEqual(demoManifest.dataRoom.sources.map((f) => f.split('/').pop()).sort());
      expect(new Set(dataRoom.sources.map((s) => s.type))).toEqual(new Set(['pdf', 'web', 'markdown', 'text']));
      for (const source of dataRoom.sources) {
        const fileBytes = readFileSync(join(demoDatasetDir, 'sources', source.originalName));
        expect(source.sha256).toBe(createHash('sha256').update(fileBytes).digest('hex'));
        expect(api.context.workspace.blobs.verify(source.sha256)).toBe(true);
      }
      expect(dataRoom.chapters.map((c) => c.title)).toEqual(demoManifest.dataRoom.chapters.map((c) => c.title));
      expect(dataRoom.chapters.flatMap((c) => c.citations).length).toBe(demoManifest.dataRoom.chapters.flatMap((c) => c.citations).length);
      expect(dataRoom.chapters[1]!.citations[1]!.quote).toContain('orders without a region were dropped');
      expect(dataRoom.undoLabel).toBeNull();
      expect(api.context.workspace.db.prepare('SELECT count(*) AS n FROM meta WHERE key = ?').get(SEED_PENDING_KEY)).toEqual({ n: 0 });
    } finally {
      await api.close();
    }
    // A second start finds nothing pending and adds nothing.
    const again = await openApi(join(dir, 'workspace'));
    try {
      expect(countSources(again.context.workspace.db)).toBe(demoManifest.dataRoom.sources.length);
    } finally {
      await again.close();
    }
  });

  it('does not seed a second time when the workspace is reopened', () => {
    const first = open(dir);
    const projectId = findCurrentProject(first.db)?.id;
    first.close();

    const second = open(dir);
    expect(findCurrentProject(second.db)?.id).toBe(projectId);
    expect((second.db.prepare('SELECT count(*) AS n FROM projects').get() as { n: number }).n).toBe(1);
    expect(countSources(second.db)).toBe(0);
    expect(countBlobs(second.db)).toBe(0);
  });

  it('names the manifest and the field when the seed manifest is invalid, and leaves no project behind', () => {
    const seedDir = join(dir, 'bad-seed');
    mkdirSync(seedDir);
    const manifestPath = join(seedDir, 'workspace.json');
    writeFileSync(manifestPath, JSON.stringify({ project: { description: 'no name here' }, sources: [] }));
    const workspaceDir = join(dir, 'workspace');

    expect(() => open(workspaceDir, seedDir)).toThrow(manifestPath);
    expect(() => open(workspaceDir, seedDir)).toThrow(/is not valid: project\.name:/);

    const { db } = openDatabase(join(workspaceDir, DATABASE_FILE));
    try {
      expect((db.prepare('SELECT count(*) AS n FROM projects').get() as { n: number }).n).toBe(0);
      expect(countSources(db)).toBe(0);
    } finally {
      db.close();
    }

    // Once the manifest is fixed, the same workspace seeds normally.
    writeFileSync(manifestPath, JSON.stringify({ project: { name: 'Fixed seed' }, sources: [] }));
    expect(findCurrentProject(open(workspaceDir, seedDir).db)?.name).toBe('Fixed seed');
  });

  it('names the manifest when the seed folder has none', () => {
    const seedDir = join(dir, 'empty-seed');
    mkdirSync(seedDir);
    expect(() => open(join(dir, 'workspace'), seedDir)).toThrow(`Could not read the seed manifest ${join(seedDir, 'workspace.json')}`);
  });

  it('gives a clear error naming the folder when the workspace folder cannot be created', () => {
    const regularFile = join(dir, 'not-a-folder');
    writeFileSync(regularFile, 'just a file');
    const workspaceDir = join(regularFile, 'workspace');
    expect(() => open(workspaceDir)).toThrow(`Could not create the workspace folder ${workspaceDir}`);
    expect(() => open(workspaceDir)).toThrow(/--workspace DIR/);
  });
});
