import { openRunFile, readRunFileAt, type OpenRunFile } from '../../run-file.ts';

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
    let opened: OpenRunFile | undefined;
    try {
      opened = openRunFile(this.file, Number.MAX_SAFE_INTEGER);
    } catch {
      return; // a link, a FIFO or a device in its place is never read
    }
    if (!opened) return; // not there yet
    try {
      const { size } = opened;
      if (size < this.#offset) this.#offset = 0; // prepared again (a requeue)
      if (size === this.#offset) return;
      const chunk = readRunFileAt(opened, this.#offset, Math.min(size - this.#offset, 4 * 1024 * 1024));
      this.#offset += chunk.length;
      const lines = (this.#rest + chunk.toString('utf8')).split('\n');
      this.#rest = (lines.pop() ?? '').slice(0, 1024 * 1024);
      for (const line of lines) if (line.length > 0) this.onLine(line);
    } finally {
      opened.close();
    }
  }
}
