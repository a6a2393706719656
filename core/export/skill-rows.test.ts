import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportOptions } from '../../schemas/export.ts';
import { importDataset } from '../import/import-dataset.ts';
import { readSkill } from '../runs/skills/read-skill.ts';
import { importTestTask, writeTestSkill } from '../runs/study/study-engine.fixture.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { insertStudy } from '../store/study-repository.ts';
import { openWorkspace, type Workspace } from '../workspace/open-workspace.ts';
import { exportDataset } from './export-dataset.ts';
import { REDACTED_PATH } from './local-paths.ts';

// The skills subset: the skill versions the exported studies gave their agents, read from their
// folders (the workspace stores none), their text byte for byte, and no folder of this machine.

let dir: string;
let skillDir: string;
let workspace: Workspace;
let projectId: string;
const BINARY = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]);
const LARGE = 'x'.repeat(64 * 1024 + 1);

function study(id: string, createdAt: string, skill: Record<string, unknown>, runs: { config: string; arm: string }[]): void {
  insertStudy(
    workspace.db,
    {
      id, project_id: projectId, name: `study ${id}`, config_digest: 'd', executor: 'local', folder: join(dir, 'studies', id), state: 'finished',
      job_id: null, cancel_requested_at: null, created_at: createdAt, updated_at: createdAt,
      spec_json: JSON.stringify({ tasks: ['engine-task'], configurations: [], skill }),
    },
    runs.map((run, position) => ({
      id: `${id}-run-${position}`, study_id: id, position, task_id: 'engine-task', harness: 'command', model: run.config, versions_json: JSON.stringify({ skill: run.arm }),
      config_id: `command/${run.config}`, config_index: 0, repeat_index: position, updated_at: createdAt,
    })),
  );
}

async function exportTo(name: string, options: Partial<ExportOptions> = {}): Promise<string> {
  const out = join(dir, name);
  await exportDataset(
    { workspace, project: { id: projectId, name: 'Skills' } },
    { outDir: out, format: 'parquet', pseudonymise: false, includeSynthetic: false, license: 'mit', ...options },
    { signal: new AbortController().signal, report: () => undefined },
  );
  return out;
}

const read = (path: string) => {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

interface SkillRow {
  skill: string;
  version: string;
  digest: string;
  skill_md_sha256: string;
  skill_md: string;
  files: { path: string; bytes: bigint | number; text: string | null }[];
  first_used_at: Date | string;
  studies: { study_id: string; study_name: string; config_ids: string[] }[];
}

const skillRowsOf = async (out: string) => (await parquetReadObjects({ file: read(join(out, 'data', 'skills', 'train-00000-of-00001.parquet')) })) as unknown as SkillRow[];

function allFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? allFiles(join(root, entry.name)) : [join(root, entry.name)]));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-skills-export-'));
  workspace = openWorkspace(join(dir, 'ws'), { emptyProject: { name: 'Skills' } });
  projectId = findCurrentProject(workspace.db)!.id;
  await importTestTask(workspace, dir, 'engine-task');
  skillDir = writeTestSkill(dir);
  // A reference that names the skill's own folder (redacted), a binary file and one too large to carry as text.
  mkdirSync(join(skillDir, 'references'), { recursive: true });
  writeFileSync(join(skillDir, 'references', 'where.md'), `Installed from ${skillDir}.\n`);
  writeFileSync(join(skillDir, 'references', 'logo.png'), BINARY);
  writeFileSync(join(skillDir, 'references', 'large.txt'), LARGE);
  study('study-a', '2026-03-01T10:00:00.000Z', { dir: skillDir, versions: ['none', 'base', 'v2'] }, [
    { config: 'alpha', arm: 'none' },
    { config: 'alpha', arm: 'base' },
    { config: 'alpha', arm: 'v2' },
    { config: 'beta', arm: 'v2' },
  ]);
  study('study-b', '2026-03-02T10:00:00.000Z', { dir: skillDir, version: 'v2' }, [{ config: 'gamma', arm: 'v2' }]);
  // A study whose skill folder is no longer on this machine: nothing to read, so no row.
  study('study-gone', '2026-03-03T10:00:00.000Z', { dir: join(dir, 'gone-skill'), versions: ['base'] }, [{ config: 'alpha', arm: 'base' }]);
}, 120_000);

afterAll(() => {
  workspace?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the skills subset', () => {
  it('has one row per skill version the studies used, its SKILL.md byte for byte, and the studies and configurations that used it', async () => {
    const out = await exportTo('all');
    const rows = await skillRowsOf(out);
    expect(rows.map((row) => `${row.skill}@${row.version}`)).toEqual(['demo-skill@base', 'demo-skill@v2']);
    for (const row of rows) {
      const stored = readFileSync(row.version === 'base' ? join(skillDir, 'SKILL.md') : join(skillDir, 'versions', row.version, 'SKILL.md'));
      expect(Buffer.from(row.skill_md, 'utf8').equals(stored)).toBe(true);
      expect(row.skill_md_sha256).toBe(createHash('sha256').update(row.skill_md, 'utf8').digest('hex'));
      expect(row.digest).toBe(readSkill(skillDir, row.version).digest);
      expect(row.files.map((file) => file.path)).toEqual(['references/large.txt', 'references/logo.png', 'references/where.md', 'scripts/check.sh']);
      const byPath = new Map(row.files.map((file) => [file.path, file]));
      expect(byPath.get('scripts/check.sh')).toEqual({ path: 'scripts/check.sh', bytes: 13n, text: 'echo checked\n' });
      expect(byPath.get('references/logo.png')).toEqual({ path: 'references/logo.png', bytes: BigInt(BINARY.length), text: null });
      expect(byPath.get('references/large.txt')).toEqual({ path: 'references/large.txt', bytes: BigInt(LARGE.length), text: null });
      expect(byPath.get('references/where.md')!.text).toBe(`Installed from ${REDACTED_PATH}.\n`);
      expect(row.first_used_at).toEqual(new Date('2026-03-01T10:00:00.000Z'));
    }
    expect(rows[0]!.studies).toEqual([{ study_id: 'study-a', study_name: 'study study-a', config_ids: ['command/alpha'] }]);
    expect(rows[1]!.studies).toEqual([
      { study_id: 'study-a', study_name: 'study study-a', config_ids: ['command/alpha', 'command/beta'] },
      { study_id: 'study-b', study_name: 'study study-b', config_ids: ['command/gamma'] },
    ]);
    // Parquet's types as declared: sizes int64, the first use a UTC timestamp.
    const schema = parquetMetadata(read(join(out, 'data', 'skills', 'train-00000-of-00001.parquet'))).schema;
    expect(schema.find((element) => element.name === 'bytes')).toMatchObject({ type: 'INT64' });
    expect(schema.find((element) => element.name === 'first_used_at')!.logical_type).toMatchObject({ type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MICROS' });
    // No folder of this machine anywhere in the export, the card included.
    for (const file of allFiles(out)) expect(readFileSync(file).includes(dir), file).toBe(false);
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card).toContain('### `skills`');
    expect(card).toContain('`skill_md_sha256`');
    expect(card).toContain("1 skill version the studies used is left out of `skills`: the skill's folder is no longer where the study found it, or no longer a valid skill.");
  });

  it('holds only the chosen studies’ skill versions when the export is scoped', async () => {
    const out = await exportTo('scoped', { subsets: ['skills'], studies: ['study-b'] });
    const rows = await skillRowsOf(out);
    expect(readFileSync(join(out, 'README.md'), 'utf8')).not.toContain('left out of `skills`');
    expect(rows.map((row) => [`${row.skill}@${row.version}`, row.studies.map((used) => used.study_id)])).toEqual([['demo-skill@v2', ['study-b']]]);
    expect(rows[0]!.first_used_at).toEqual(new Date('2026-03-02T10:00:00.000Z'));
  });

  it('is read by lhb import hf, which says it stores no skill', async () => {
    const out = await exportTo('jsonl', { format: 'jsonl' });
    const lines = readFileSync(join(out, 'data', 'skills', 'train-00000-of-00001.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    const target = openWorkspace(join(dir, 'ws-import'), { emptyProject: { name: 'Imported' } });
    try {
      const result = await importDataset(target, out, { signal: new AbortController().signal, report: () => undefined });
      expect(result.notes).toContain('The 2 skill versions of the skills subset were read but not stored: a workspace keeps skills in their folders, not in its store, and a study run here reads its skill from a folder on this machine.');
    } finally {
      target.close();
    }
  });
});
