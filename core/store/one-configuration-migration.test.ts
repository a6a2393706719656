import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api } from '../api/create-api.ts';
import { openApi } from '../api/open-api.ts';
import { HARNESS_ADAPTERS, canonicalHarnessName } from '../runs/harnesses/harness-registry.ts';
import { configIdOf, versionsJsonOf } from '../runs/run-configuration.ts';
import { migrate, readMigrationFiles } from './migrations.ts';
import { openDatabase } from './open-database.ts';

// Migration 014 (one agent, one configuration) on a workspace the old code wrote: aliases mapped
// to the harness's id, a bundle's harness build number moved out of its configuration into the
// run's harness version, and every configuration id recomputed exactly as configIdOf writes it.

const OLD_SCHEMA = 13;
const FIXTURE = fileURLToPath(new URL('./fixtures/schema-13-demo-workspace.sql', import.meta.url));

let dir: string;
let api: Api | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-old-workspace-'));
});

afterEach(async () => {
  await api?.close();
  api = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A database at schema 13 holding what `sql` inserts, as a workspace folder the old app left. */
function oldWorkspace(sql: string): string {
  const workspace = join(dir, 'old');
  mkdirSync(workspace);
  const { db } = openDatabase(join(workspace, 'lhb.sqlite'), readMigrationFiles().slice(0, OLD_SCHEMA));
  db.exec(sql);
  db.close();
  return workspace;
}

interface StoredRun {
  id: string;
  harness: string;
  model: string;
  versions_json: string;
  config_id: string;
  harness_version: string | null;
  synthetic: 0 | 1;
}

describe('opening a workspace written before migration 014', () => {
  it('gives each agent one harness id and one configuration, records harness versions, and keeps every vote and judgment', async () => {
    const workspace = oldWorkspace(readFileSync(FIXTURE, 'utf8'));
    const before = openDatabase(join(workspace, 'lhb.sqlite'), readMigrationFiles().slice(0, OLD_SCHEMA)).db;
    const counts = (db: typeof before) => db.prepare('SELECT (SELECT count(*) FROM votes) AS votes, (SELECT count(*) FROM arena_presentations) AS pairs, (SELECT count(*) FROM judgments) AS judgments, (SELECT count(*) FROM runs) AS runs').get();
    const countsBefore = counts(before);
    expect(before.prepare("SELECT count(*) AS n FROM runs WHERE harness = 'codex-cli'").get()).toEqual({ n: 3 });
    before.close();

    api = await openApi(workspace);
    const db = api.context.workspace.db;
    expect(api.context.workspace.schemaVersion).toBeGreaterThan(OLD_SCHEMA);
    expect(counts(db)).toEqual(countsBefore);

    // `lhb runs list --json`: one id per harness, each run with its harness version, no build number among the versions.
    const { runs } = await api.call('runs.list', {});
    expect([...new Set(runs.map((run) => run.harness))].sort()).toEqual(['claude-code', 'codex', 'gemini-cli']);
    for (const run of runs) expect(Object.keys(run.versions), run.id).toEqual(['skill']);
    const versionOf = (id: string) => runs.find((run) => run.id === id)?.harnessVersion;
    expect(versionOf('996e5c5f-d0ee-46e7-bc3f-de27f53940dc')).toBe('0.46.0'); // a codex-cli bundle: versions.harness
    expect(versionOf('cadce46b-0f52-4760-b682-b5e3223824be')).toBe('0.171.0'); // executed here: its study run's version
    expect(versionOf('fb322ff7-bf6e-4de8-94cf-166656a67db3')).toBe('2.1.332');
    expect(runs.filter((run) => run.synthetic).map((run) => run.harnessVersion).sort()).toEqual(['0.46.0', '0.9.0', '2.0.14', '2.0.14']);

    // Every configuration id is what configIdOf gives today; executed and imported Claude Code runs are one configuration.
    const stored = db.prepare('SELECT id, harness, model, versions_json, config_id, harness_version, synthetic FROM runs').all() as StoredRun[];
    for (const run of stored) {
      const id = configIdOf(run.harness, run.model, JSON.parse(run.versions_json) as Record<string, string>);
      expect(run.config_id, run.id).toBe(run.synthetic === 1 ? `synthetic:${id}` : id);
    }
    const configOf = (id: string) => stored.find((run) => run.id === id)!.config_id;
    expect(configOf('5ca87f81-76c3-47b1-af38-5fac94faae49')).toBe(configOf('fb322ff7-bf6e-4de8-94cf-166656a67db3'));
    expect(configOf('5ca87f81-76c3-47b1-af38-5fac94faae49')).toBe(configOf('7c1cc924-152f-4687-8452-24f59d4f4e4a'));
    const studyRuns = db.prepare('SELECT study_runs.harness, study_runs.config_id, runs.config_id AS run_config FROM study_runs JOIN runs ON runs.id = study_runs.run_id').all() as { harness: string; config_id: string; run_config: string }[];
    expect(studyRuns).toHaveLength(3);
    for (const row of studyRuns) expect(row.config_id).toBe(row.run_config);

    // The leaderboard reads one row per agent: the two Claude Code rows (with and without a build number) are one. n counts tasks:
    // the old code judged the chapter task's runs with generic-process (a Figma set) too; those judgments are kept but left out (a rubric set for another task kind).
    const report = await api.call('analysis.report', { resamples: 200, seed: 'old-workspace' });
    const wrongKind = db
      .prepare("SELECT count(*) AS n FROM judgments JOIN runs ON runs.id = judgments.run_id JOIN tasks ON tasks.id = runs.task_id WHERE judgments.synthetic = 0 AND tasks.kind = 'programmatic' AND judgments.rubric_set IN ('figma-process', 'figma-output', 'generic-process')")
      .get() as { n: number };
    expect(wrongKind.n).toBeGreaterThan(0);
    expect(report.study.judgmentsLeftOut).toBe(wrongKind.n);
    const processRows = report.leaderboards.find((board) => board.tier === 'process')!.rows;
    // The demo's arena bundles this workspace judged (codex · gpt-5-codex · skill v1 and gemini-cli · gemini-2.5-pro · skill v1
    // on the demo's tasks) are the demo's records since migration 023: left out, as the user has runs of their own.
    expect(processRows.map((row) => [row.label, row.tasks]).sort()).toEqual([
      ['claude-code · claude-sonnet-4-5 · skill v2', 1],
      ['codex · gpt-5.5 · skill v2', 1],
      ['gemini-cli · gemini-2.5-pro · skill v2', 1],
    ]);
    // Votes are kept. The votes this workspace cast between two runs that are now one configuration were on the demo's bundles,
    // which are the demo's records since migration 023 and left out with them; the user's own votes all compare two agents.
    const realVotes = db
      .prepare('SELECT v.run_a, v.run_b FROM votes v JOIN runs a ON a.id = v.run_a JOIN runs b ON b.id = v.run_b WHERE v.synthetic = 0 AND v.retracted_at IS NULL AND a.demo = 0 AND b.demo = 0')
      .all() as { run_a: string; run_b: string }[];
    const comparing = realVotes.filter((vote) => configOf(vote.run_a) !== configOf(vote.run_b));
    expect(realVotes.length).toBeGreaterThan(0);
    expect(report.preference.votes).toBe(comparing.length);
    expect(report.preference.elo.map((row) => row.label).sort()).toEqual(processRows.map((row) => row.label).sort());

    // The synthetic study's labels name the harness by its id too.
    const withSynthetic = await api.call('analysis.report', { resamples: 200, seed: 'old-workspace', includeSynthetic: true });
    expect(withSynthetic.study.configurations.map((config) => config.label)).toContain('codex · gpt-5-codex · skill v1 · synthetic');
  });
});

/** A harness name as old workspaces may hold it: an adapter's id or alias in any case, or another agent's name. */
const JS_WHITESPACE = [...'\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'];
const padding = fc.array(fc.constantFrom(...JS_WHITESPACE), { maxLength: 2 }).map((chars) => chars.join(''));
const harnessName = fc.oneof(
  fc
    .tuple(
      padding,
      fc.constantFrom(...Object.values(HARNESS_ADAPTERS).flatMap((adapter) => [adapter.id, ...adapter.aliases])).chain((name) =>
        fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) => [...name].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join('')),
      ),
      padding,
    )
    .map((parts) => parts.join('')),
  fc.string({ minLength: 1, unit: 'grapheme' }),
);
const text = fc.string({ unit: 'binary' }).map((value) => value.replace(/[\uD800-\uDFFF]/g, '')); // SQLite text is UTF-8: no lone surrogates
// A version name with a NUL in it is the one case SQLite reads differently (it cuts the name there); no source writes one.
const versionName = fc.oneof(fc.constantFrom('skill', 'harness', 'node', 'Skill', '2', '10'), text.map((name) => name.replaceAll('\0', '')));
const versionsRecord = fc.dictionary(versionName, text);

describe('migration 014 computes what the code computes', () => {
  it('maps every alias of every adapter, moves versions.harness out, and writes configIdOf\'s exact id, on any row', () => {
    // One schema-13 database with a real and a synthetic task, copied in memory for each case.
    const migrations = readMigrationFiles();
    const base = new BetterSqlite3(':memory:');
    migrate(base, migrations.slice(0, OLD_SCHEMA), ':memory:');
    base.exec(`INSERT INTO projects (id, name, description, created_at) VALUES ('p', 'P', '', 't');
               INSERT INTO tasks (id, project_id, kind, title, created_at, updated_at, synthetic) VALUES ('real', 'p', 'figma', 'T', 't', 't', 0), ('syn', 'p', 'figma', 'S', 't', 't', 1);`);
    const template = base.serialize();
    base.close();
    fc.assert(
      fc.property(fc.array(fc.record({ harness: harnessName, model: text, versions: versionsRecord, synthetic: fc.boolean() }), { minLength: 1, maxLength: 40 }), (rows) => {
        const db = new BetterSqlite3(template);
        const insert = db.prepare(`INSERT INTO runs (id, task_id, harness, model, versions_json, config_id, status, started_at, finished_at, digest, source_dir, imported_at, synthetic)
                                    VALUES (?, ?, ?, ?, ?, ?, 'succeeded', 't', 't', ?, '', 't', ?)`);
        rows.forEach((row, i) => {
          const id = JSON.stringify([row.harness, row.model, row.versions]);
          insert.run(`r${i}`, row.synthetic ? 'syn' : 'real', row.harness, row.model, JSON.stringify(row.versions), row.synthetic ? `synthetic:${id}` : id, `d${i}`, row.synthetic ? 1 : 0);
        });
        migrate(db, migrations, ':memory:');
        const migrated = db.prepare('SELECT harness, model, versions_json, config_id, harness_version FROM runs ORDER BY rowid').all() as StoredRun[];
        db.close();
        rows.forEach((row, i) => {
          const { harness: buildNumber, ...versions } = row.versions;
          const harness = canonicalHarnessName(row.harness);
          const id = configIdOf(harness, row.model, versions);
          expect(migrated[i]).toEqual({ harness, model: row.model, versions_json: versionsJsonOf(versions), config_id: row.synthetic ? `synthetic:${id}` : id, harness_version: buildNumber ?? null });
          expect(JSON.parse(migrated[i]!.versions_json)).toEqual(versions);
        });
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
