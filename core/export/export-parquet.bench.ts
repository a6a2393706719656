import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance, listValue, structValue, type DuckDBAppender, type DuckDBValue } from '@duckdb/node-api';
import type { BenchResult } from '../../build/bench-harness.ts';
import { openApi } from '../api/open-api.ts';
import { insertAnnotator } from '../store/annotator-repository.ts';
import { findCurrentProject } from '../store/project-repository.ts';
import { listRuns } from '../store/run-repository.ts';
import { insertPresentation, insertVote } from '../store/vote-repository.ts';
import { CollectionFacts } from './collection-facts.ts';
import { CopiedFiles } from './copied-files.ts';
import type { ExportContext } from './export-context.ts';
import { exportDataset } from './export-dataset.ts';
import { duckdbType, quoteIdentifier, type FieldType } from './field-types.ts';
import { preferenceRows } from './preference-rows.ts';
import { shapeRow } from './shape-row.ts';
import { SUBSET_FIELDS } from './subset-fields.ts';

const ROWS = 1_000_000;
const SELF = fileURLToPath(import.meta.url);
const CHILD = 'LHB_EXPORT_BENCH_CHILD';

/**
 * 1,000,000 preference rows from a real workspace to Parquet. Ours: the export's own path (store
 * pages → checked rows → JSON lines → DuckDB's read_json → COPY TO Parquet). The peer, in the same
 * run and from the same rows read the same way: DuckDB's appender filling a table (nested
 * configurations as STRUCTs), then COPY TO Parquet, the way one writes Parquet with DuckDB from
 * Node. Each runs in its own process so its peak memory (max RSS) is its own.
 */
export default async function bench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'lhb-export-bench-'));
  try {
    const workspace = join(dir, 'workspace');
    const seededMs = await seedVotes(workspace);
    const child = (mode: 'ours' | 'peer') => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', SELF], { env: { ...process.env, [CHILD]: `${mode}:${workspace}:${join(dir, mode)}` }, encoding: 'utf8', maxBuffer: 1 << 24 });
      if (result.status !== 0) throw new Error(`${mode} failed: ${result.stderr}`);
      return JSON.parse(result.stdout.trim().split('\n').pop()!) as { ms: number; maxRssMb: number; rows: number; bytes: number };
    };
    const ours = child('ours');
    const peer = child('peer');
    if (ours.rows !== peer.rows || ours.rows < ROWS) throw new Error(`expected the same ${ROWS} rows or more each, got ${ours.rows} and ${peer.rows}`);
    return [
      {
        name: `${ROWS} preference rows to Parquet (export: JSON lines → DuckDB read_json → COPY)`,
        unit: 'ms',
        value: ours.ms,
        peer: { name: 'DuckDB appender → COPY, same rows', value: peer.ms },
        target: { text: "within 2× of DuckDB's time", met: ours.ms <= 2 * peer.ms },
        detail: `ours ${ours.bytes} bytes; seeding took ${Math.round(seededMs)} ms`,
      },
      {
        name: 'peak memory of the export process (max RSS)',
        unit: 'MB',
        value: ours.maxRssMb,
        peer: { name: 'DuckDB appender → COPY', value: peer.maxRssMb },
        target: { text: 'under 500 MB', met: ours.maxRssMb < 500 },
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A demo workspace plus ROWS real votes between its real runs (one presentation each). They are
 * votes on the demo's runs, which an export leaves out unless synthetic data is asked for: both
 * sides export with the demo's records (the peer's context has `demo: 1`).
 */
async function seedVotes(workspace: string): Promise<number> {
  const started = performance.now();
  const api = await openApi(workspace);
  try {
    const db = api.context.workspace.db;
    const project = findCurrentProject(db)!;
    const runs = listRuns(db, project.id).filter((run) => run.synthetic === 0 && run.task_id === 'demo-figma-pricing');
    const annotators = Array.from({ length: 20 }, (_, i) => ({ id: `bench-annotator-${i}`, project_id: project.id, name: `Expert ${i}`, queue_seed: `s${i}`, synthetic: 0 as const, created_at: '2025-01-01T00:00:00.000Z' }));
    db.transaction(() => annotators.forEach((annotator) => insertAnnotator(db, annotator)))();
    const choices = ['left', 'right', 'tie', 'both-bad'] as const;
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const [a, b] = [runs[i % runs.length]!.id, runs[(i + 1) % runs.length]!.id].sort();
        const shown = i % 2 === 0 ? 'a-left' : 'b-left';
        const [left, right] = shown === 'a-left' ? [a!, b!] : [b!, a!];
        const choice = choices[i % 4]!;
        const createdAt = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
        const id = `bench-${String(i).padStart(7, '0')}`;
        insertPresentation(db, { id, token: id, annotator_id: annotators[i % 20]!.id, task_id: 'demo-figma-pricing', run_a: a!, run_b: b!, shown_order: shown, created_at: createdAt });
        insertVote(db, {
          id, presentation_id: id, annotator_id: annotators[i % 20]!.id, task_id: 'demo-figma-pricing', run_a: a!, run_b: b!, shown_order: shown, left_run: left, right_run: right,
          choice, winner_run: choice === 'left' ? left : choice === 'right' ? right : null, rating_left: 1 + (i % 5), rating_right: 1 + ((i * 7) % 5),
          reason: i % 10 === 0 ? 'the hero matches the frame; the pricing table is misaligned' : '', time_on_item_ms: 1000 + (i % 90_000), synthetic: 0, created_at: createdAt, retracted_at: null,
        });
      }
    });
    for (let from = 0; from < ROWS; from += 50_000) batch(from, Math.min(ROWS, from + 50_000));
  } finally {
    await api.close();
  }
  return performance.now() - started;
}

async function runChild(spec: string): Promise<void> {
  const [mode, workspace, out] = spec.split(':') as ['ours' | 'peer', string, string];
  const api = await openApi(workspace);
  const { workspace: ws } = api.context;
  const project = findCurrentProject(ws.db)!;
  const started = performance.now();
  let rows = 0;
  let bytes: number;
  if (mode === 'ours') {
    const result = await exportDataset({ workspace: ws, project: { id: project.id, name: project.name } }, { outDir: out, format: 'parquet', subsets: ['preferences'], pseudonymise: false, includeSynthetic: true, license: 'unknown' }, { signal: new AbortController().signal, report: () => undefined });
    // The train split: the peer writes preferenceRows(ctx, 'train'), the votes that are not synthetic.
    const train = result.files.find((file) => file.subset === 'preferences' && file.split === 'train')!;
    rows = train.rows;
    bytes = train.bytes;
  } else {
    const ctx: ExportContext = { db: ws.db, workspace: ws, projectId: project.id, demo: 1, annotatorName: (name) => name, facts: new CollectionFacts(), files: new CopiedFiles((text) => text) };
    const instance = await DuckDBInstance.create(':memory:', { threads: '2', autoinstall_known_extensions: 'false' });
    const connection = await instance.connect();
    // The table has the subset's own columns (field-types.ts's DuckDB types), so a field added
    // to the subset is one the peer writes too.
    const fields = SUBSET_FIELDS.preferences;
    await connection.run(`CREATE TABLE preferences (${fields.map((field) => `${quoteIdentifier(field.name)} ${duckdbType(field.type)}`).join(', ')})`);
    const appender = await connection.createAppender('preferences');
    for await (const raw of preferenceRows(ctx, 'train')) {
      const row = shapeRow(fields, raw, 'bench') as Record<string, unknown>;
      for (const field of fields) appendField(appender, field.type, row[field.name]);
      appender.endRow();
      rows += 1;
    }
    appender.closeSync();
    const file = join(out + '.parquet');
    await connection.run(`COPY preferences TO '${file}' (FORMAT parquet, COMPRESSION snappy)`);
    bytes = statSync(file).size;
    connection.closeSync();
    instance.closeSync();
  }
  const ms = performance.now() - started;
  await api.close();
  process.stdout.write(`${JSON.stringify({ ms, rows, bytes, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
}

/** Appends one row's value of a column of `type`: nested lists and structs as DuckDB values, timestamps as their ISO text (DuckDB casts it). */
function appendField(appender: DuckDBAppender, type: FieldType, value: unknown): void {
  if (value === null || value === undefined) appender.appendNull();
  else if (typeof type !== 'string') appender.appendValue(nestedValue(type, value));
  else if (type === 'bool') appender.appendBoolean(value as boolean);
  else if (type === 'int8') appender.appendTinyInt(value as number);
  else if (type === 'int32') appender.appendInteger(value as number);
  else if (type === 'int64') appender.appendBigInt(BigInt(value as number));
  else if (type === 'float64') appender.appendDouble(value as number);
  else appender.appendVarchar(value as string);
}

function nestedValue(type: FieldType, value: unknown): DuckDBValue {
  if (value === null || value === undefined || typeof type === 'string') return value as DuckDBValue;
  if ('list' in type) return listValue((value as unknown[]).map((item) => nestedValue(type.list, item)));
  const record = value as Record<string, unknown>;
  return structValue(Object.fromEntries(type.struct.map((field) => [field.name, nestedValue(field.type, record[field.name])])));
}

if (process.env[CHILD]) await runChild(process.env[CHILD]);
