import { describeError } from '../api/describe-error.ts';

/** Reads lines `start`..`end` (1-based, inclusive) of one source version. */
export type FetchLines = (start: number, end: number) => Promise<{ lines: string[] }>;

export interface LineWindowCacheOptions {
  /** Lines per request; a window is the unit of fetching and of caching. */
  windowSize?: number;
  /** Windows kept in memory; the least recently used beyond this are dropped. */
  maxWindows?: number;
  /** Requests in flight at once; scrolling past windows queues only the ones still wanted. */
  maxInFlight?: number;
}

/**
 * The viewer's window onto a source's lines. It fetches fixed windows of lines as the viewer
 * asks for ranges, keeps the most recently used ones, never asks twice for the same window at
 * once, and forgets requests for windows that scrolled out of view before their turn, so a fast
 * scroll through a million lines costs only the windows it stops on.
 */
export class LineWindowCache {
  readonly windowSize: number;
  readonly #maxWindows: number;
  readonly #maxInFlight: number;
  readonly #fetch: FetchLines;
  readonly #windows = new Map<number, string[]>();
  readonly #inFlight = new Set<number>();
  readonly #failed = new Map<number, string>();
  readonly #listeners = new Set<() => void>();
  #wanted: number[] = [];
  #version = 0;

  constructor(fetch: FetchLines, options: LineWindowCacheOptions = {}) {
    this.#fetch = fetch;
    this.windowSize = options.windowSize ?? 250;
    this.#maxWindows = Math.max(options.maxWindows ?? 80, 2);
    this.#maxInFlight = options.maxInFlight ?? 3;
  }

  /** The text of `line`, or undefined while its window is not loaded. */
  getLine(line: number): string | undefined {
    const window = this.#windows.get(this.#windowOf(line));
    return window?.[(line - 1) % this.windowSize];
  }

  /** The text of lines `start`..`end` joined by newlines, or undefined if any is not loaded. */
  getText(start: number, end: number): string | undefined {
    const lines: string[] = [];
    for (let line = start; line <= end; line++) {
      const text = this.getLine(line);
      if (text === undefined) return undefined;
      lines.push(text);
    }
    return lines.join('\n');
  }

  /** Asks for lines `first`..`last` (what the viewer shows now); replaces the previous ask. */
  want(first: number, last: number): void {
    if (last < first) return;
    const wanted: number[] = [];
    for (let w = this.#windowOf(first); w <= this.#windowOf(last); w++) {
      wanted.push(w);
      // Touch it so the windows in view are the last to be dropped.
      const cached = this.#windows.get(w);
      if (cached) {
        this.#windows.delete(w);
        this.#windows.set(w, cached);
      }
    }
    this.#wanted = wanted;
    this.#pump();
  }

  /** Why the lines around `line` could not be read, if they could not. */
  errorAt(line: number): string | undefined {
    return this.#failed.get(this.#windowOf(line));
  }

  /** Forgets failures so the windows in view are asked for again. */
  retry(): void {
    this.#failed.clear();
    this.#pump();
    this.#notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Changes whenever lines arrive or fail: a snapshot key for useSyncExternalStore. */
  getVersion = (): number => this.#version;

  #windowOf(line: number): number {
    return Math.floor((Math.max(line, 1) - 1) / this.windowSize);
  }

  #pump(): void {
    for (const w of this.#wanted) {
      if (this.#inFlight.size >= this.#maxInFlight) return;
      if (this.#windows.has(w) || this.#inFlight.has(w) || this.#failed.has(w)) continue;
      void this.#load(w);
    }
  }

  async #load(w: number): Promise<void> {
    this.#inFlight.add(w);
    const start = w * this.windowSize + 1;
    try {
      const { lines } = await this.#fetch(start, start + this.windowSize - 1);
      this.#windows.set(w, lines);
      this.#evict();
    } catch (error) {
      this.#failed.set(w, describeError(error));
    } finally {
      this.#inFlight.delete(w);
    }
    this.#notify();
    this.#pump();
  }

  #evict(): void {
    const keep = new Set(this.#wanted);
    for (const w of this.#windows.keys()) {
      if (this.#windows.size <= this.#maxWindows) return;
      if (!keep.has(w)) this.#windows.delete(w);
    }
  }

  #notify(): void {
    this.#version++;
    for (const listener of this.#listeners) listener();
  }
}
