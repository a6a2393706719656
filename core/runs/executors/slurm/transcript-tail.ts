import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { readFrom } from './job-files.ts';

/** Feeds the transcript's new complete lines to the live progress while the job writes it. */
export class TranscriptTail {
  #offset = 0;
  #rest = '';
  constructor(
    private readonly file: string,
    private readonly onLine: ((line: string) => void) | undefined,
  ) {}

  /** The file is the agent's to replace: it is read only as a regular file, never through a link, never blocking on a FIFO. */
  read(): void {
    if (!this.onLine) return;
    let fd: number;
    try {
      fd = openSync(this.file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch {
      return; // not there yet, or a link, which is never followed
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return; // a FIFO or a device is never read
      const { size } = stat;
      if (size < this.#offset) this.#offset = 0; // prepared again (a requeue)
      if (size === this.#offset) return;
      const chunk = readFrom(fd, this.#offset, Math.min(size - this.#offset, 4 * 1024 * 1024));
      this.#offset += chunk.length;
      const lines = (this.#rest + chunk.toString('utf8')).split('\n');
      this.#rest = (lines.pop() ?? '').slice(0, 1024 * 1024);
      for (const line of lines) if (line.length > 0) this.onLine(line);
    } finally {
      closeSync(fd);
    }
  }
}
