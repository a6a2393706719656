import { copyFileSync, createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DuckDBInstance } from '@duckdb/node-api';
import { hasGlobCharacters } from '../export/parquet-from-jsonl.ts';
import { ImportRefusedError } from './import-refused-error.ts';

/**
 * Reads the rows of one data file of an export: Parquet through DuckDB (the library that wrote
 * it), JSON lines line by line. Values come as each reader gives them (Parquet instants as
 * Dates, INT64 as bigints); row-schema.ts turns them into the JSON-lines shape.
 */
export class DataFileReader {
  #instance: DuckDBInstance | undefined;

  async read(path: string, relative: string): Promise<Record<string, unknown>[]> {
    return path.endsWith('.parquet') ? this.#readParquet(path, relative) : readJsonLines(path, relative);
  }

  async #readParquet(path: string, relative: string): Promise<Record<string, unknown>[]> {
    // One thread and a memory cap, as the export's writer: the app keeps answering while it reads.
    this.#instance ??= await (await import('@duckdb/node-api')).DuckDBInstance.create(':memory:', {
      threads: '1',
      memory_limit: '256MB',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    // DuckDB reads a path as a glob pattern; a path with glob characters is read from a copy.
    let copyDir: string | undefined;
    let readable = path;
    if (hasGlobCharacters(path)) {
      copyDir = mkdtempSync(join(tmpdir(), 'lhb-import-'));
      readable = join(copyDir, 'data.parquet');
      copyFileSync(path, readable);
    }
    const connection = await this.#instance.connect();
    try {
      const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${readable.replaceAll("'", "''")}')`);
      return reader.getRowObjectsJS() as Record<string, unknown>[];
    } catch (error) {
      throw new ImportRefusedError(`${relative} is not a readable Parquet file (${firstLine((error as Error).message)}). Export the dataset again, or copy that file again from where it came.`, {
        cause: error,
      });
    } finally {
      connection.closeSync();
      if (copyDir) rmSync(copyDir, { recursive: true, force: true });
    }
  }

  close(): void {
    this.#instance?.closeSync();
    this.#instance = undefined;
  }
}

async function readJsonLines(path: string, relative: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number += 1;
    if (line.trim() === '') continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (error) {
      throw new ImportRefusedError(`${relative} line ${number} is not JSON (${(error as Error).message}).`, { cause: error });
    }
    if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new ImportRefusedError(`${relative} line ${number} is not a JSON object.`);
    rows.push(row as Record<string, unknown>);
  }
  return rows;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}
