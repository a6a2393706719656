import { lineStartOffsets } from './line-index.ts';

/** A version's Markdown held for reading: its text, where each line starts, and (once searched) its lower case. */
export interface CachedLines {
  text: string;
  starts: Uint32Array;
  /** `text.toLowerCase()` when that keeps every offset (it does for nearly all text); computed on first find. */
  lower?: string | null;
}

/** Text kept across versions; roughly 2 bytes per character, so about 256 MiB at most. */
const MAX_CACHED_CHARS = 128 * 1024 * 1024;
const MAX_ENTRIES = 16;

/**
 * A small LRU of split documents, keyed by the Markdown's SHA-256 (content-addressed, so an entry
 * can never be stale and identical versions share one). Scrolling a million-line source asks for
 * a window at a time; splitting the text again for each would cost ~100 ms per window.
 */
export class SourceLinesCache {
  readonly #entries = new Map<string, CachedLines>();
  #chars = 0;

  get(markdownSha256: string, load: () => string): CachedLines {
    const hit = this.#entries.get(markdownSha256);
    if (hit) {
      // Re-insert to mark it most recently used (a Map iterates in insertion order).
      this.#entries.delete(markdownSha256);
      this.#entries.set(markdownSha256, hit);
      return hit;
    }
    const text = load();
    const entry: CachedLines = { text, starts: lineStartOffsets(text) };
    this.#entries.set(markdownSha256, entry);
    this.#chars += text.length;
    this.#evict(markdownSha256);
    return entry;
  }

  /** Counts the lower-case copy a find adds to an entry, so the budget stays honest. */
  noteGrowth(chars: number): void {
    this.#chars += chars;
    this.#evict(undefined);
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }

  #evict(keep: string | undefined): void {
    for (const [key, entry] of this.#entries) {
      if (this.#chars <= MAX_CACHED_CHARS && this.#entries.size <= MAX_ENTRIES) break;
      if (key === keep) continue;
      this.#entries.delete(key);
      this.#chars -= entry.text.length + (entry.lower?.length ?? 0);
    }
  }
}

/** One cache for the process: both transports and the CLI read through it. */
export const sourceLinesCache = new SourceLinesCache();
