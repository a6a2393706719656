import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { judgeJobOwner } from '../jobs/job-owner-liveness.ts';
import { parseProcessIdentity, thisProcess, type ProcessIdentity } from '../jobs/process-identity.ts';

/** Inside a staging folder: which process writes it, so a later export can tell a killed export's leftovers from a running one. */
const WRITER_FILE = '.lhb-export-writer.json';

/** How a folder's refusals name what was being written: a dataset export, or a report (core/report). */
const WORDS = {
  export: { nothing: 'Nothing was exported', work: 'the export', redo: 'export again' },
  report: { nothing: 'No report was written', work: 'the report', redo: 'write the report again' },
} as const;
export type FolderWork = keyof typeof WORDS;

/**
 * Where an export (or a report) is written: a hidden folder beside the destination, renamed onto it only once
 * every file and the card are complete. An export that fails, is cancelled or is killed leaves
 * at most that hidden `.<name>.partial-…` folder, never a folder that looks like a finished export.
 */
export class ExportFolder {
  readonly staging: string;
  readonly destination: string;
  private readonly words: (typeof WORDS)[FolderWork];

  private constructor(destination: string, staging: string, work: FolderWork) {
    this.destination = destination;
    this.staging = staging;
    this.words = WORDS[work];
  }

  /** Refuses a destination that holds anything (nothing is replaced or mixed), then makes the staging folder. */
  static prepare(destination: string, work: FolderWork = 'export'): ExportFolder {
    const { nothing } = WORDS[work];
    if (exists(destination)) {
      if (!statSync(destination).isDirectory()) throw new Error(`${destination} is a file, not a folder. ${nothing}; choose a folder that does not exist yet.`);
      if (readdirSync(destination).length > 0) {
        throw new Error(`${destination} already holds files. ${nothing} and nothing there was changed; choose a new folder (or remove that one first).`);
      }
    }
    const parent = dirname(destination);
    mkdirSync(parent, { recursive: true });
    removeStalePartials(parent, basename(destination));
    const staging = join(parent, `.${basename(destination)}.partial-${randomBytes(4).toString('hex')}`);
    mkdirSync(staging);
    const folder = new ExportFolder(destination, staging, work);
    try {
      writeFileSync(join(staging, WRITER_FILE), JSON.stringify(thisProcess()));
    } catch (error) {
      // A disk too full for even this small file: the staging folder goes too.
      folder.discard();
      throw error;
    }
    return folder;
  }

  /** Moves the finished export into place (an empty destination folder is replaced). */
  commit(): void {
    if (exists(this.destination)) {
      if (readdirSync(this.destination).length > 0) {
        throw new Error(`${this.destination} gained files while ${this.words.work} ran. It is kept in ${this.staging}; move it yourself or ${this.words.redo} to a new folder.`);
      }
      rmdirSync(this.destination);
    }
    rmSync(join(this.staging, WRITER_FILE), { force: true });
    renameSync(this.staging, this.destination);
  }

  discard(): void {
    rmSync(this.staging, { recursive: true, force: true });
  }
}

/**
 * Removes the staging folders earlier exports to the same destination left when they were
 * killed: only those whose writer file names a process on this machine that has ended. A folder
 * without one (written by an older version, or not ours), or whose writer runs elsewhere or still
 * runs, is kept.
 */
function removeStalePartials(parent: string, name: string): void {
  const prefix = `.${name}.partial-`;
  for (const entry of readdirSync(parent)) {
    if (!entry.startsWith(prefix) || !/^[0-9a-f]{8}$/.test(entry.slice(prefix.length))) continue;
    const writer = readWriter(join(parent, entry, WRITER_FILE));
    if (!writer) continue;
    const self = thisProcess();
    // Another machine's writer cannot be asked; a staging folder carries no heartbeat, so it is kept.
    if (writer.host !== self.host) continue;
    const verdict = judgeJobOwner({ ...writer, heartbeatAt: new Date().toISOString() }, new Date(), self);
    if (!verdict.alive) rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

function readWriter(file: string): ProcessIdentity | undefined {
  try {
    return parseProcessIdentity(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
