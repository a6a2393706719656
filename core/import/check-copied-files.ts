import { createHash } from 'node:crypto';
import { closeSync, readSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { ExportSubset } from '../../schemas/export.ts';
import type { ImportedDataset } from './dataset-rows.ts';
import { ImportRefusedError } from './import-refused-error.ts';
import { openDatasetFile } from './open-dataset-file.ts';

/** A copied file's path as the export names it: under its subset's files/ folder, by its SHA-256. */
const COPIED_PATH = /^files\/(tasks|trajectories)\/([0-9a-f]{64})(\.[a-z0-9]{1,8})?$/;

interface FileReference {
  path: string;
  size_bytes: number;
  sha256: string;
}

/**
 * Checks every file the rows name (a task's ground-truth images, a run's transcript): named as the
 * export names it, under its own subset's files/ folder, inside the dataset folder (no link leads
 * out), a regular file of the stated size whose SHA-256 is the stated one. A folder missing one,
 * or holding another file under its name, is refused naming the row. Each file is read once.
 */
export function checkCopiedFiles(dataset: ImportedDataset): void {
  const checked = new Set<string>();
  const realDir = realpathSync(dataset.dir);
  const check = (subset: ExportSubset, file: FileReference, where: string, field: string) => {
    const match = COPIED_PATH.exec(file.path);
    if (!match || match[1] !== subset || match[2] !== file.sha256) {
      throw new ImportRefusedError(`${where}: field ${field}.path is "${file.path}", not files/${subset}/<its sha256>.<ext> as lhb export hf names a copied file.`);
    }
    if (checked.has(file.path)) return;
    const absolute = join(dataset.dir, ...file.path.split('/'));
    let folder: string;
    try {
      folder = realpathSync(dirname(absolute));
    } catch {
      throw new ImportRefusedError(`${where}: field ${field}.path names ${file.path}, which is not in ${dataset.dir}. Copy the whole folder lhb export hf wrote.`);
    }
    const inside = relative(realDir, folder);
    if (inside.startsWith('..') || isAbsolute(inside)) throw new ImportRefusedError(`${where}: ${file.path} is in a folder that leads outside the dataset folder (a link); nothing outside it is read.`);
    const opened = openDatasetFile(absolute, file.path);
    try {
      if (opened.size !== file.size_bytes) throw new ImportRefusedError(`${where}: ${file.path} is ${opened.size} bytes where field ${field}.size_bytes says ${file.size_bytes}: the file was cut short or replaced.`);
      const hash = createHash('sha256');
      const chunk = Buffer.alloc(1024 * 1024);
      for (let read = readSync(opened.fd, chunk); read > 0; read = readSync(opened.fd, chunk)) hash.update(chunk.subarray(0, read));
      if (hash.digest('hex') !== file.sha256) throw new ImportRefusedError(`${where}: ${file.path} does not hold what field ${field}.sha256 says: the file was changed or replaced.`);
    } finally {
      closeSync(opened.fd);
    }
    checked.add(file.path);
  };
  for (const { row, where } of dataset.tasks) for (const [index, frame] of row.frames.entries()) if (frame.image) check('tasks', frame.image, where, `frames[${index}].image`);
  for (const { row, where } of dataset.trajectories) if (row.transcript) check('trajectories', row.transcript, where, 'transcript');
}
