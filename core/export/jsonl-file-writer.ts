import { createWriteStream, type WriteStream } from 'node:fs';

/** Lines buffered before one write: large enough to be cheap, small enough to keep memory flat. */
const BATCH_BYTES = 1 << 20;

/**
 * Writes JSON lines to a file with backpressure: memory holds at most one batch plus what the
 * stream has not flushed yet, however many rows pass through.
 */
export class JsonlFileWriter {
  readonly #stream: WriteStream;
  #batch: string[] = [];
  #batchBytes = 0;
  #failed: Error | undefined;
  rows = 0;
  /** Bytes of the longest line so far (a reader sizes its buffer by it). */
  longestLineBytes = 0;

  constructor(path: string) {
    this.#stream = createWriteStream(path, { flags: 'wx' });
    this.#stream.on('error', (error) => (this.#failed = error));
  }

  async write(row: Record<string, unknown>): Promise<void> {
    const line = `${JSON.stringify(row)}\n`;
    // A UTF-16 unit is at most 3 UTF-8 bytes: count exactly only when that bound could matter.
    if (line.length * 3 > this.longestLineBytes) this.longestLineBytes = Math.max(this.longestLineBytes, Buffer.byteLength(line));
    this.#batch.push(line);
    this.#batchBytes += line.length;
    this.rows += 1;
    if (this.#batchBytes >= BATCH_BYTES) await this.#flush();
  }

  async close(): Promise<void> {
    await this.#flush();
    await new Promise<void>((resolve, reject) => this.#stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (this.#failed) throw this.#failed;
  }

  /** Closes without caring about the file (it is being thrown away). */
  destroy(): void {
    this.#stream.destroy();
  }

  async #flush(): Promise<void> {
    if (this.#failed) throw this.#failed;
    if (this.#batch.length === 0) return;
    const chunk = this.#batch.join('');
    this.#batch = [];
    this.#batchBytes = 0;
    if (!this.#stream.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.#stream.once('error', onError);
        this.#stream.once('drain', () => {
          this.#stream.off('error', onError);
          resolve();
        });
      });
    }
  }
}
