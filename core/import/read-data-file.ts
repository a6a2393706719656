import { closeSync, createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { DuckDBInstance } from '@duckdb/node-api';
import { ImportRefusedError } from './import-refused-error.ts';
import { openDatasetFile, type DatasetFile } from './open-dataset-file.ts';

/**
 * The largest data file an import reads: every row of it is held in memory before anything is
 * merged, so a bigger one would exhaust memory rather than import.
 */
export const DATA_FILE_LIMIT_BYTES = 2 * 1024 ** 3;

/**
 * Reads the rows of one data file of an export: Parquet through DuckDB (the library that wrote
 * it), JSON lines line by line. Values come as each reader gives them (Parquet instants as
 * Dates, INT64 as bigints); row-schema.ts turns them into the JSON-lines shape.
 */
export class DataFileReader {
  #instance: DuckDBInstance | undefined;

  /** The rows of `path` (named `relative` in messages), opened as open-dataset-file.ts says: never a link, a pipe or a device. */
  async read(path: string, relative: string): Promise<Record<string, unknown>[]> {
    const file = openDatasetFile(path, relative, DATA_FILE_LIMIT_BYTES);
    if (!path.endsWith('.parquet')) return readJsonLines(file, relative);
    try {
      return await this.#readParquet(file, relative);
    } finally {
      closeSync(file.fd);
    }
  }

  async #readParquet(file: DatasetFile, relative: string): Promise<Record<string, unknown>[]> {
    // One thread and a memory cap, as the export's writer: the app keeps answering while it reads.
    this.#instance ??= await (await import('@duckdb/node-api')).DuckDBInstance.create(':memory:', {
      threads: '1',
      memory_limit: '256MB',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    // DuckDB opens the file checked above by its descriptor's path (no glob characters, no link in the folder to follow).
    const readable = file.readablePath;
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
    }
  }

  close(): void {
    this.#instance?.closeSync();
    this.#instance = undefined;
  }
}

/** Closes `file.fd` however the read ends. */
async function readJsonLines(file: DatasetFile, relative: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const input = createReadStream(file.readablePath, { fd: file.fd, encoding: 'utf8', autoClose: true });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
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
  } finally {
    input.destroy();
  }
  return rows;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}
