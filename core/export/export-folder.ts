import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Where an export is written: a hidden folder beside the destination, renamed onto it only once
 * every file and the card are complete. An export that fails, is cancelled or is killed leaves
 * at most that hidden `.<name>.partial-…` folder, never a folder that looks like a finished export.
 */
export class ExportFolder {
  readonly staging: string;
  readonly destination: string;

  private constructor(destination: string, staging: string) {
    this.destination = destination;
    this.staging = staging;
  }

  /** Refuses a destination that holds anything (nothing is replaced or mixed), then makes the staging folder. */
  static prepare(destination: string): ExportFolder {
    if (exists(destination)) {
      if (!statSync(destination).isDirectory()) throw new Error(`${destination} is a file, not a folder. Nothing was exported; choose a folder that does not exist yet.`);
      if (readdirSync(destination).length > 0) {
        throw new Error(`${destination} already holds files. Nothing was exported and nothing there was changed; choose a new folder (or remove that one first).`);
      }
    }
    const parent = dirname(destination);
    mkdirSync(parent, { recursive: true });
    const staging = join(parent, `.${basename(destination)}.partial-${randomBytes(4).toString('hex')}`);
    mkdirSync(staging);
    return new ExportFolder(destination, staging);
  }

  /** Moves the finished export into place (an empty destination folder is replaced). */
  commit(): void {
    if (exists(this.destination)) {
      if (readdirSync(this.destination).length > 0) {
        throw new Error(`${this.destination} gained files while the export ran. The export is kept in ${this.staging}; move it yourself or export again to a new folder.`);
      }
      rmdirSync(this.destination);
    }
    renameSync(this.staging, this.destination);
  }

  discard(): void {
    rmSync(this.staging, { recursive: true, force: true });
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
