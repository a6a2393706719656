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
import { DATABASE_FILE, openWorkspace, type Workspace } from './open-workspace.ts';

interface DemoManifest {
  project: { name: string; description: string };
  sources: { file: string; title: string; type: string }[];
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
  it('creates the folder and seeds the demo project and its source on first open', () => {
    const workspaceDir = join(dir, 'nested', 'workspace');
    const workspace = open(workspaceDir);
    expect(workspace.databasePath).toBe(join(workspaceDir, DATABASE_FILE));
    expect(workspace.schemaVersion).toBeGreaterThanOrEqual(1);

    const project = findCurrentProject(workspace.db);
    expect(project?.name).toBe(demoManifest.project.name);
    expect(project?.description).toBe(demoManifest.project.description);

    expect(demoManifest.sources.length).toBeGreaterThan(0);
    const sources = workspace.db
      .prepare('SELECT project_id, title, type, original_name, blob_sha256 FROM sources ORDER BY title')
      .all() as { project_id: string; title: string; type: string; original_name: string; blob_sha256: string }[];
    expect(sources).toHaveLength(demoManifest.sources.length);
    for (const expected of demoManifest.sources) {
      const source = sources.find((s) => s.title === expected.title);
      expect(source, `source "${expected.title}"`).toBeDefined();
      if (!source) continue;
      expect(source.project_id).toBe(project?.id);
      expect(source.type).toBe(expected.type);
      expect(source.original_name).toBe(expected.file.split('/').pop());
      const fileBytes = readFileSync(join(demoDatasetDir, expected.file));
      expect(source.blob_sha256).toBe(createHash('sha256').update(fileBytes).digest('hex'));
      // The blob file is on disk under the workspace, intact, with the same bytes.
      expect(workspace.blobs.root).toBe(join(workspaceDir, 'blobs'));
      expect(workspace.blobs.verify(source.blob_sha256)).toBe(true);
      expect(workspace.blobs.read(source.blob_sha256).equals(fileBytes)).toBe(true);
    }
  });

  it('does not seed a second time when the workspace is reopened', () => {
    const first = open(dir);
    const projectId = findCurrentProject(first.db)?.id;
    first.close();

    const second = open(dir);
    expect(findCurrentProject(second.db)?.id).toBe(projectId);
    expect((second.db.prepare('SELECT count(*) AS n FROM projects').get() as { n: number }).n).toBe(1);
    expect(countSources(second.db)).toBe(demoManifest.sources.length);
    expect(countBlobs(second.db)).toBe(new Set(demoManifest.sources.map((s) => s.file)).size);
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
