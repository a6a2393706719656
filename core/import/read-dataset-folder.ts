import { closeSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { EXPORT_SUBSETS, ExportSplitSchema, ExportSubsetSchema } from '../../schemas/export.ts';
import { CARD_NAMESPACE_KEY, DATASET_FORMAT_VERSION } from '../export/dataset-format-version.ts';
import { fieldAsWritten, hubFeature, type Field, type FieldType } from '../export/field-types.ts';
import { SUBSET_FIELDS } from '../export/subset-fields.ts';
import { checkCopiedFiles } from './check-copied-files.ts';
import type { ImportedDataset, Located } from './dataset-rows.ts';
import { kindOfPath } from '../path-kind.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { openDatasetFile } from './open-dataset-file.ts';
import { DataFileReader } from './read-data-file.ts';
import { checkRowLimits } from './row-limits.ts';
import { describeRowIssues, rowSchema } from './row-schema.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

/** The card header of an export is a few kilobytes (its configs and features); this leaves room for years of fields. */
const CARD_HEADER_LIMIT_BYTES = 4 * 1024 ** 2;

const FORMAT_VERSION_RULE = 'should be a whole number from 1 (the dataset format version)';

const CardHeaderSchema = z.object({
  pretty_name: z.string().optional(),
  /** Absent in exports written before the card carried a version: those are format 1. */
  [CARD_NAMESPACE_KEY]: z.object({ format_version: z.number({ error: FORMAT_VERSION_RULE }).int({ error: FORMAT_VERSION_RULE }).positive({ error: FORMAT_VERSION_RULE }).optional() }).optional(),
  configs: z
    .array(
      z.object({
        config_name: z.string(),
        data_files: z.array(z.object({ split: z.string(), path: z.string() })).min(1),
      }),
    )
    .min(1),
  dataset_info: z
    .array(
      z.object({
        config_name: z.string(),
        features: z.array(z.unknown()).optional(),
        splits: z.array(z.object({ name: z.string(), num_examples: z.number().int().nonnegative() })).optional(),
      }),
    )
    .optional(),
});

export interface ReadProgress {
  signal: AbortSignal;
  report(message: string): void;
}

/**
 * Reads and checks a dataset folder the export wrote, whole, before anything is written: the
 * card (README.md) and its YAML header, every configs/data_files path (inside the folder, there,
 * of one format), each file's rows against the format's fields, and the card's row counts and
 * features. Anything wrong is refused naming the file, the row and the field.
 */
export async function readDatasetFolder(dirArgument: string, progress: ReadProgress): Promise<ImportedDataset> {
  const dir = resolve(dirArgument);
  const kind = statKind(dir);
  if (kind === 'missing') throw new ImportRefusedError(`${dir} does not exist. Check the path (it is read on the machine the app runs on).`);
  if (kind === 'file') throw new ImportRefusedError(`${dir} is a file; a dataset export is a folder holding README.md and data/.`);
  if (typeof kind === 'object') throw new ImportRefusedError(`${dir} is ${kindOfPath(kind.other)}; a dataset export is a folder holding README.md and data/.`);
  const cardPath = join(dir, 'README.md');
  const cardKind = statKind(cardPath);
  if (typeof cardKind === 'object') {
    throw new ImportRefusedError(`${cardPath} is ${kindOfPath(cardKind.other)}, not a file; a dataset export's card README.md is a regular file. Replace it with the card lhb export hf wrote.`);
  }
  if (cardKind !== 'file') {
    throw new ImportRefusedError(`${dir} is not a dataset export: it has no README.md (the dataset card lhb export hf writes). Choose the folder lhb export hf wrote.`);
  }
  // A card linked in from elsewhere (README.md -> ~/.aws/credentials) is not read: its text would be echoed in errors or stored.
  const realCard = realpathSync(cardPath);
  const cardInside = relative(realpathSync(dir), realCard);
  if (cardInside.startsWith('..') || isAbsolute(cardInside)) {
    throw new ImportRefusedError(`${cardPath} resolves to ${realCard}, outside the dataset folder. Nothing outside the folder is read; copy the card into it instead of linking to it.`);
  }
  const header = readCardHeader(cardPath);
  const formatVersion = header[CARD_NAMESPACE_KEY]?.format_version ?? 1;
  if (formatVersion > DATASET_FORMAT_VERSION) {
    throw new ImportRefusedError(
      `README.md: this dataset is in LH-Bench Studio's dataset format ${formatVersion} (${CARD_NAMESPACE_KEY}.format_version), newer than this version reads (formats 1 to ${DATASET_FORMAT_VERSION}). ` +
        'Update LH-Bench Studio, then import it again.',
    );
  }
  const info = new Map((header.dataset_info ?? []).map((entry) => [entry.config_name, entry]));
  const dataset: ImportedDataset = {
    dir,
    format: 'parquet',
    projectName: (header.pretty_name ?? '').replace(/ \(LH-Bench Studio\)$/, '').trim() || 'Imported dataset',
    present: new Set(),
    sources: [],
    chapters: [],
    preferences: [],
    preference_pairs: [],
    judgments: [],
    runs: [],
    rubrics: [],
    skills: [],
    tasks: [],
    studies: [],
    trajectories: [],
    pairwise_verdicts: [],
    control_judgments: [],
    harness_guesses: [],
  };
  const formats = new Set<string>();
  const reader = new DataFileReader();
  const realDir = realpathSync(dir);
  try {
    for (const config of header.configs) {
      const subset = ExportSubsetSchema.safeParse(config.config_name);
      if (!subset.success) {
        throw new ImportRefusedError(`README.md: configs names "${config.config_name}", which is not a subset of this format (${EXPORT_SUBSETS.join(', ')}).`);
      }
      const fields = fieldsOfFormat(SUBSET_FIELDS[subset.data], formatVersion);
      const features = info.get(subset.data)?.features;
      if (features && JSON.stringify(features) !== JSON.stringify(fields.map((field) => hubFeature(fieldAsWritten(field, formatVersion))))) {
        throw new ImportRefusedError(`README.md: dataset_info of ${subset.data} lists other features than this version's format (core/export/README.md); it was written by another version of the export.`);
      }
      dataset.present.add(subset.data);
      const schema = rowSchema(fields, formatVersion);
      for (const file of config.data_files) {
        const split = ExportSplitSchema.safeParse(file.split);
        if (!split.success) throw new ImportRefusedError(`README.md: ${subset.data} has the split "${file.split}", which is not train or synthetic.`);
        const path = resolve(dir, file.path);
        const inside = relative(realDir, statKind(path) === 'missing' ? path : realpathSync(path));
        if (isAbsolute(file.path) || inside.startsWith('..') || inside.startsWith(sep) || isAbsolute(inside)) {
          throw new ImportRefusedError(`README.md: the data_files path ${file.path} of ${subset.data} points outside the dataset folder.`);
        }
        const dataKind = statKind(path);
        if (typeof dataKind === 'object') {
          throw new ImportRefusedError(`README.md names ${file.path} (${subset.data}, ${file.split}), which is ${kindOfPath(dataKind.other)}, not a file. Replace it with the file lhb export hf wrote.`);
        }
        if (dataKind !== 'file') throw new ImportRefusedError(`README.md names ${file.path} (${subset.data}, ${file.split}), which does not exist in ${dir}.`);
        const format = file.path.endsWith('.parquet') ? 'parquet' : file.path.endsWith('.jsonl') ? 'jsonl' : undefined;
        if (!format) throw new ImportRefusedError(`README.md names ${file.path}, which is neither .parquet nor .jsonl.`);
        formats.add(format);
        if (progress.signal.aborted) throw new ImportCancelledError();
        progress.report(`Reading ${file.path}…`);
        const raw = await reader.read(path, file.path);
        const expected = info.get(subset.data)?.splits?.find((entry) => entry.name === split.data)?.num_examples;
        if (expected !== undefined && expected !== raw.length) {
          throw new ImportRefusedError(`${file.path} holds ${raw.length} rows where the card (dataset_info) says ${expected}: the file is incomplete or was replaced.`);
        }
        // Row by row: push(...rows) spreads every row as an argument, past the stack at ~120,000.
        const rows = dataset[subset.data] as Located<unknown>[];
        const unit = format === 'jsonl' ? 'line' : 'row';
        for (const [index, value] of raw.entries()) {
          const where = `${file.path} ${unit} ${index + 1}`;
          const parsed = schema.safeParse(value);
          if (!parsed.success) throw new ImportRefusedError(`${where} does not fit the ${subset.data} format: ${describeRowIssues(parsed.error)}.`);
          checkRowLimits(subset.data, parsed.data, where);
          rows.push({ row: parsed.data, split: split.data, where });
        }
      }
    }
  } finally {
    reader.close();
  }
  if (formats.size > 1) throw new ImportRefusedError(`${dir} mixes Parquet and JSON lines files; an export writes one format.`);
  dataset.format = formats.has('jsonl') ? 'jsonl' : 'parquet';
  checkCopiedFiles(dataset);
  return dataset;
}

export class ImportCancelledError extends Error {
  override name = 'ImportCancelledError';
}

/** The project name a dataset card gives (its pretty_name without the app's suffix), or undefined when the folder has no readable card. */
export function readDatasetProjectName(dir: string): string | undefined {
  try {
    const name = readCardHeader(join(dir, 'README.md')).pretty_name?.replace(/ \(LH-Bench Studio\)$/, '').trim();
    return name || undefined;
  } catch {
    return undefined;
  }
}

function readCardHeader(cardPath: string): z.infer<typeof CardHeaderSchema> {
  const text = readCardHead(cardPath);
  const match = /^---\r?\n([\s\S]*?)\r?\n---(\r?\n|$)/.exec(text);
  if (!match) throw new ImportRefusedError(`${cardPath} has no YAML header (--- … ---), so it is not a dataset card lhb export hf wrote.`);
  let yaml: unknown;
  try {
    yaml = parse(match[1]!);
  } catch (error) {
    throw new ImportRefusedError(`${cardPath}: the YAML header does not parse (${(error as Error).message.split('\n')[0]}).`, { cause: error });
  }
  const header = CardHeaderSchema.safeParse(yaml);
  if (!header.success) {
    throw new ImportRefusedError(`${cardPath} is not a dataset card of this format: ${describeZodIssues(header.error, 'the header', 1)}.`);
  }
  return header.data;
}

/**
 * The card's text as far as the end of its YAML header, read a chunk at a time: the card's body
 * is never needed (a 1 GiB README would not even fit in a string), and a header past
 * CARD_HEADER_LIMIT_BYTES is refused before YAML sees it (parsing a 100 MB value takes gigabytes).
 */
function readCardHead(cardPath: string): string {
  // Not a link, pipe or device, whoever calls (readDatasetProjectName runs before any check of the folder).
  const { fd } = openDatasetFile(cardPath, cardPath);
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      const head = Buffer.concat(chunks).toString('utf8');
      // Done once the header has closed, or once the text shows it has none (readCardHeader says so).
      if ((head.length >= 3 && !head.startsWith('---')) || /^---\r?\n[\s\S]*?\r?\n---(\r?\n|$)/.test(head)) return head;
      if (length > CARD_HEADER_LIMIT_BYTES) {
        throw new ImportRefusedError(
          `${cardPath}: its YAML header is longer than ${CARD_HEADER_LIMIT_BYTES / 1024 ** 2} MB, which no dataset card lhb export hf writes is; it was not read. Choose the folder lhb export hf wrote.`,
        );
      }
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** A path that is neither a regular file nor a folder (a named pipe, a device) comes as its stats: it is never opened. */
type Kind = 'missing' | 'file' | 'folder' | { other: Stats };

function statKind(path: string): Kind {
  try {
    const stats = statSync(path);
    return stats.isDirectory() ? 'folder' : stats.isFile() ? 'file' : { other: stats };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

/** The fields an export of `formatVersion` has: those added in that version or before (`since`), nested ones too, under today's names (`fieldAsWritten` gives the names it had). */
function fieldsOfFormat(fields: readonly Field[], formatVersion: number): Field[] {
  const typeOfFormat = (type: FieldType): FieldType =>
    typeof type === 'string' ? type : 'list' in type ? { list: typeOfFormat(type.list) } : { struct: fieldsOfFormat(type.struct, formatVersion) };
  return fields.filter((field) => (field.since ?? 1) <= formatVersion).map((field) => ({ ...field, type: typeOfFormat(field.type) }));
}
