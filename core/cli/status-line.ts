/**
 * One line of stderr that a terminal rewrites in place: a job's progress while a command follows
 * it. When stderr is not a terminal (piped, or a log file) it shows nothing, so logs hold only the
 * lines a command prints for good.
 */
export class StatusLine {
  readonly live: boolean;
  readonly #fit: boolean;

  /** `fit` cuts each line to the terminal's width, so a long message never wraps onto a line `\r` cannot reach. */
  constructor(options: { live?: boolean; fit?: boolean } = {}) {
    this.live = options.live ?? process.stderr.isTTY === true;
    this.#fit = options.fit === true;
  }

  show(text: string): void {
    if (!this.live) return;
    const line = `\r\x1b[2K${text}`;
    process.stderr.write(this.#fit ? line.slice(0, (process.stderr.columns ?? 100) - 1) : line);
  }

  clear(): void {
    if (this.live) process.stderr.write('\r\x1b[2K');
  }
}
