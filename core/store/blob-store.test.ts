import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobStore } from './blob-store.ts';

let dir: string;
let store: BlobStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lhb-blobs-'));
  store = new BlobStore(join(dir, 'blobs'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Every file under the store, as paths relative to its root with `/` separators. */
function filesUnder(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => statSync(join(root, entry)).isFile())
    .map((entry) => entry.split(sep).join('/'))
    .sort();
}

const bytes = (text: string) => new TextEncoder().encode(text);
const sha256Of = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('BlobStore', () => {
  it('returns the SHA-256 of the bytes and stores them at blobs/ab/cdef…', () => {
    const data = bytes('A source the SME cites.\n');
    const { sha256, sizeBytes } = store.put(data);
    expect(sha256).toBe(sha256Of(data));
    expect(sizeBytes).toBe(data.byteLength);
    expect(relative(store.root, store.pathFor(sha256)).split(sep)).toEqual([sha256.slice(0, 2), sha256.slice(2)]);
    expect(filesUnder(store.root)).toEqual([`${sha256.slice(0, 2)}/${sha256.slice(2)}`]);
    expect(store.has(sha256)).toBe(true);
  });

  it('stores the same bytes once however often they are put', () => {
    const data = bytes('same bytes');
    const first = store.put(data);
    const second = store.put(bytes('same bytes'));
    expect(first.written).toBe(true);
    expect(second).toEqual({ ...first, written: false });
    expect(filesUnder(store.root)).toHaveLength(1);

    store.put(bytes('other bytes'));
    expect(filesUnder(store.root)).toHaveLength(2);
  });

  it('reads back exactly the bytes that were put, including binary and empty ones', () => {
    const binary = new Uint8Array(4096).map((_, i) => (i * 31) % 256);
    const empty = new Uint8Array(0);
    const a = store.put(binary);
    const b = store.put(empty);
    expect(new Uint8Array(store.read(a.sha256))).toEqual(binary);
    expect(store.read(b.sha256).byteLength).toBe(0);
    expect(b.sha256).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('names the blob when asked to read one that is missing', () => {
    const missing = sha256Of(bytes('never stored'));
    expect(() => store.read(missing)).toThrow(new RegExp(`Blob ${missing} is missing from .*blobs.*ENOENT`));
  });

  it('verify() is true for an intact blob and false once the file is altered or deleted', () => {
    const { sha256 } = store.put(bytes('original content'));
    expect(store.verify(sha256)).toBe(true);

    writeFileSync(store.pathFor(sha256), 'tampered content');
    expect(store.verify(sha256)).toBe(false);

    rmSync(store.pathFor(sha256));
    expect(store.verify(sha256)).toBe(false);
    expect(store.has(sha256)).toBe(false);
  });

  it('rejects ids that are not SHA-256 hex, so no path can escape the store', () => {
    for (const bad of ['../../etc/passwd', '', 'abc', 'A'.repeat(64), `${'a'.repeat(62)}/x`, `${'0'.repeat(64)}\n`]) {
      expect(() => store.pathFor(bad)).toThrow(/Not a SHA-256 blob id/);
    }
    expect(store.has('../../etc/passwd')).toBe(false);
    expect(() => store.read('../../etc/passwd')).toThrow(/etc\/passwd/);
  });

  it('leaves no temporary files behind after put', () => {
    for (let i = 0; i < 20; i += 1) store.put(bytes(`blob number ${i % 10}`));
    const files = filesUnder(store.root);
    expect(files).toHaveLength(10);
    for (const file of files) {
      expect(file).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{62}$/);
    }
  });

  it('putAsync stores the same file as put, once, and leaves no temp file', async () => {
    const store = new BlobStore(join(dir, 'async-blobs'));
    const bytes = Buffer.from('bytes written off the event loop\n');
    const [a, b] = await Promise.all([store.putAsync(bytes), store.putAsync(bytes)]);
    expect(a.sha256).toBe(b.sha256);
    expect(a.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(store.read(a.sha256).equals(bytes)).toBe(true);
    expect(readdirSync(join(store.root, a.sha256.slice(0, 2)))).toEqual([a.sha256.slice(2)]);
    expect(store.put(bytes)).toEqual({ sha256: a.sha256, sizeBytes: a.sizeBytes, written: false });
  });

  it('putUnplaced writes a checked file that takes the blob’s name only when placed, once however often it is placed', async () => {
    const data = bytes('read in a worker, named by the store');
    const blob = await store.putUnplaced(data);
    expect(blob.sha256).toBe(sha256Of(data));
    expect(blob.temp).not.toBeNull();
    expect(store.has(blob.sha256)).toBe(false);
    await store.place({ ...blob, temp: blob.temp! });
    await store.place({ ...blob, temp: blob.temp! });
    expect(store.read(blob.sha256)).toEqual(Buffer.from(data));
    expect(filesUnder(store.root)).toEqual([relative(store.root, store.pathFor(blob.sha256)).split(sep).join('/')]);
    // Already stored, intact: nothing is written and nothing is left to place.
    expect(await store.putUnplaced(data)).toEqual({ sha256: blob.sha256, sizeBytes: data.byteLength, temp: null });
  });

  it('putChunksAsync stores chunks as the one blob their bytes make, leaving only that file', async () => {
    const parts = [Buffer.from('a transcript, '), Buffer.alloc(3 * 1024 * 1024, 'é'), Buffer.from('\nits last line\n')];
    async function* chunks() {
      yield* parts;
    }
    const whole = Buffer.concat(parts);
    const stored = await store.putChunksAsync(chunks());
    expect(stored).toEqual({ sha256: sha256Of(whole), sizeBytes: whole.length, written: true });
    expect(store.read(stored.sha256).equals(whole)).toBe(true);
    expect(filesUnder(store.root)).toEqual([`${stored.sha256.slice(0, 2)}/${stored.sha256.slice(2)}`]);
    // Stored again: the same single file.
    await store.putChunksAsync(chunks());
    expect(filesUnder(store.root)).toEqual([`${stored.sha256.slice(0, 2)}/${stored.sha256.slice(2)}`]);
  });

  it('putChunksAsync whose source fails midway keeps nothing, not even a temporary file', async () => {
    async function* failing() {
      yield Buffer.from('the first chunk');
      throw new Error('the run file could not be read');
    }
    await expect(store.putChunksAsync(failing())).rejects.toThrow(/the run file could not be read/);
    expect(filesUnder(store.root)).toEqual([]);
  });

  it('a blob cut short (as a full disk left it) does not count as present: the next put writes it whole again', async () => {
    const whole = Buffer.alloc(3 * 1024 * 1024 + 17, 'x');
    whole.write('a distinct start', 0);
    const sha256 = sha256Of(whole);
    // What the old store left: the first part of the file under the whole file's name.
    mkdirSync(dirname(store.pathFor(sha256)), { recursive: true });
    writeFileSync(store.pathFor(sha256), whole.subarray(0, 2 * 1024 * 1024));
    expect(store.has(sha256)).toBe(true);
    expect(store.has(sha256, whole.byteLength)).toBe(false);
    expect(store.check(sha256, whole.byteLength)).toBe('size');

    expect(store.put(whole)).toEqual({ sha256, sizeBytes: whole.byteLength, written: true });
    expect(statSync(store.pathFor(sha256)).size).toBe(whole.byteLength);
    expect(store.check(sha256, whole.byteLength)).toBe('ok');

    // The same with putAsync, and with bytes of the right length that changed.
    writeFileSync(store.pathFor(sha256), Buffer.alloc(whole.byteLength, 'y'));
    expect(store.check(sha256, whole.byteLength)).toBe('hash');
    expect((await store.putAsync(whole)).written).toBe(true);
    expect(sha256Of(store.read(sha256))).toBe(sha256);
    expect((await store.putAsync(whole)).written).toBe(false);
    expect(filesUnder(store.root)).toEqual([`${sha256.slice(0, 2)}/${sha256.slice(2)}`]);
  });

  it('a write that fails leaves nothing under the blob’s name nor a temporary file, and names the folder', async () => {
    // A shard folder that cannot hold files (a plain file stands in its place) fails every write.
    const data = bytes('cannot be written');
    const sha256 = sha256Of(data);
    writeFileSync(join(store.root, sha256.slice(0, 2)), 'not a folder');
    expect(() => store.put(data)).toThrow(`Could not store a file of ${data.byteLength} bytes in ${store.root}`);
    await expect(store.putAsync(data)).rejects.toThrow(/Could not store a file/);
    expect(filesUnder(store.root)).toEqual([sha256.slice(0, 2)]);
  });
});
