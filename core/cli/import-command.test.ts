import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LHB_NODE_ARGS } from './lhb-child-process.fixture.ts';

const lhb = (args: string[]) => spawnSync(process.execPath, [...LHB_NODE_ARGS, ...args], { encoding: 'utf8', timeout: 120_000 });

let dir: string;
const count = (workspace: string, table: string) => {
  const db = new Database(join(workspace, 'lhb.sqlite'), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-import-cli-'));
  const exported = lhb(['export', 'hf', '--out', join(dir, 'release'), '--include-synthetic', '-w', join(dir, 'demo')]);
  expect(exported.status, exported.stderr).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lhb import hf', () => {
  it('creates a new workspace with no demo data, imports every subset, and a second run adds nothing', () => {
    const fresh = join(dir, 'fresh');
    const first = lhb(['import', 'hf', join(dir, 'release'), '-w', fresh]);
    expect(first.status, first.stderr).toBe(0);
    // The table runs to the first blank line; the notes follow it.
    const table = first.stdout.split('\n\n')[0]!.split('\n');
    expect(table[0]).toBe('subset\trows\tadded\tunchanged\tconflicts');
    expect(table).toContain('preferences\t300\t300\t0\t0');
    expect(table).toContain('runs\t53\t53\t0\t0');
    expect(first.stderr).toMatch(/Imported .*release: \d+ records added, 0 already in this workspace, no conflicts\. \(new workspace .*fresh\)\n$/);
    // Exactly the export's records: the demo's own (its sources' blobs, its undo history) were never seeded.
    for (const table of ['votes', 'runs', 'chapters', 'source_versions', 'judgments']) expect(count(fresh, table), table).toBe(count(join(dir, 'demo'), table));
    expect(count(fresh, 'projects')).toBe(1);

    const second = lhb(['import', 'hf', join(dir, 'release'), '-w', fresh, '--json']);
    expect(second.status, second.stderr).toBe(0);
    const result = JSON.parse(second.stdout) as { subsets: { added: number; unchanged: number; rows: number }[] };
    expect(result.subsets.every((subset) => subset.added === 0 && subset.unchanged === subset.rows)).toBe(true);
  }, 120_000);

  it('prints a chapter both sides changed as a conflict with both texts', () => {
    const fresh = join(dir, 'fresh-conflict');
    expect(lhb(['import', 'hf', join(dir, 'release'), '-w', fresh]).status).toBe(0);
    // The workspace's copy of the plan is edited here; the export still has the demo's text.
    const db = new Database(join(fresh, 'lhb.sqlite'));
    const chapter = db.prepare('SELECT id, title, instruction FROM chapters ORDER BY position LIMIT 1').get() as { id: string; title: string; instruction: string };
    db.prepare('UPDATE chapters SET instruction = ? WHERE id = ?').run('Edited on this machine.', chapter.id);
    db.close();
    const merged = lhb(['import', 'hf', join(dir, 'release'), '-w', fresh]);
    expect(merged.status, merged.stderr).toBe(0);
    expect(merged.stdout).toContain(`CONFLICT chapter "${chapter.title}" (${chapter.id})`);
    expect(merged.stdout).toMatch(/This workspace:\n(.*\n)*? {4}Edited on this machine\./);
    expect(merged.stdout).toContain(`    ${chapter.instruction}`);
    expect(merged.stderr).toContain('1 conflict to resolve (both versions kept)');
  }, 120_000);

  it('refuses a folder that is not an export, and removes the workspace it had just created for it', () => {
    const plain = join(dir, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, 'notes.txt'), 'not a dataset');
    const target = join(dir, 'never');
    const result = lhb(['import', 'hf', plain, '-w', target]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${plain} is not a dataset export: it has no README.md`);
    expect(result.stderr).toContain('Nothing was imported; the workspace is unchanged.');
    expect(existsSync(target)).toBe(false);
  }, 120_000);

  it('refuses a folder whose README.md is a named pipe at once, naming it, instead of waiting for a writer', () => {
    const folder = join(dir, 'fifo-card');
    cpSync(fileURLToPath(new URL('../import/fixtures/format-3-export', import.meta.url)), folder, { recursive: true });
    rmSync(join(folder, 'README.md'));
    execFileSync('mkfifo', [join(folder, 'README.md')]);
    const target = join(dir, 'fifo-target');
    // spawnSync's timeout is the guard: a hang ends as a killed child (status null), failing the test instead of the suite.
    const result = lhb(['import', 'hf', folder, '-w', target]);
    expect(result.signal, 'lhb import hf hung on the named pipe and was killed').toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${join(folder, 'README.md')} is a named pipe (FIFO), not a file`);
    expect(existsSync(target)).toBe(false);
  }, 150_000);
});
