import { rmSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { recordBlob } from './blob-repository.ts';
import type { BlobStore } from './blob-store.ts';

/**
 * The blob files one record's import writes before its transaction (files reach the disk first,
 * so a row never points at a missing file): they are recorded inside that transaction, and when
 * it is refused, the files this import created are removed again, so a refusal that says
 * "Nothing was stored" leaves nothing behind. A file another writer recorded meanwhile is kept.
 */
export class PendingBlobs {
  readonly #db: Database;
  readonly #blobs: BlobStore;
  readonly #created = new Set<string>();
  readonly #sizes = new Map<string, number>();

  constructor(db: Database, blobs: BlobStore) {
    this.#db = db;
    this.#blobs = blobs;
  }

  async put(bytes: Uint8Array): Promise<{ sha256: string; sizeBytes: number }> {
    const { written, ...blob } = await this.#blobs.putAsync(bytes);
    if (written) this.#created.add(blob.sha256);
    this.#sizes.set(blob.sha256, blob.sizeBytes);
    return blob;
  }

  /** Records every blob put; call it inside the transaction that stores the rows pointing at them. */
  record(now: string): void {
    for (const [sha256, sizeBytes] of this.#sizes) recordBlob(this.#db, sha256, sizeBytes, now);
  }

  /** Removes the files this import created that no row records (call it when the import was refused). */
  discard(): void {
    const recorded = this.#db.prepare('SELECT 1 FROM blobs WHERE sha256 = ?');
    for (const sha256 of this.#created) {
      if (recorded.get(sha256) === undefined) rmSync(this.#blobs.pathFor(sha256), { force: true });
    }
    this.#created.clear();
    this.#sizes.clear();
  }
}
