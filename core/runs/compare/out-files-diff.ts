import type { FileDiff } from '../../../schemas/run-comparison.ts';
import type { BlobStore } from '../../store/blob-store.ts';
import type { RunFileRow } from '../../store/run-repository.ts';
import { unifiedLineDiff } from './unified-diff.ts';

/** Text files larger than this are compared by size and content hash only. */
const MAX_DIFF_BYTES = 1024 * 1024;

/** Text: no NUL byte in its first 8 KiB and valid UTF-8 throughout. */
function asText(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Two runs' out/ files, path by path: added (only in b), removed (only in a), changed (other
 * content) with a unified line diff for text, or unchanged. Binary files are compared by size.
 */
export function diffOutFiles(blobs: BlobStore, filesA: readonly RunFileRow[], filesB: readonly RunFileRow[]): FileDiff[] {
  const byPathA = new Map(filesA.map((file) => [file.path, file]));
  const byPathB = new Map(filesB.map((file) => [file.path, file]));
  const paths = [...new Set([...byPathA.keys(), ...byPathB.keys()])].sort();
  return paths.map((path): FileDiff => {
    const a = byPathA.get(path);
    const b = byPathB.get(path);
    const base = { path, sizeA: a?.size_bytes ?? null, sizeB: b?.size_bytes ?? null, unified: null, added: 0, removed: 0, noDiff: null };
    if (!a || !b) return { ...base, change: a ? 'removed' : 'added', binary: isBinary(blobs, (a ?? b)!) };
    if (a.sha256 === b.sha256) return { ...base, change: 'same', binary: isBinary(blobs, a) };
    if (!blobs.has(a.sha256) || !blobs.has(b.sha256)) return { ...base, change: 'changed', binary: false, noDiff: 'The content of one of the two files is no longer stored in this workspace.' };
    if (a.size_bytes > MAX_DIFF_BYTES || b.size_bytes > MAX_DIFF_BYTES) {
      return { ...base, change: 'changed', binary: isBinary(blobs, a) || isBinary(blobs, b), noDiff: 'Larger than 1 MiB: compared by size only.' };
    }
    const textA = asText(blobs.read(a.sha256));
    const textB = asText(blobs.read(b.sha256));
    if (textA === undefined || textB === undefined) return { ...base, change: 'changed', binary: true };
    const diff = unifiedLineDiff(textA, textB);
    if (!diff) return { ...base, change: 'changed', binary: false, noDiff: 'Too many differing lines to align: compared by size only.' };
    return { ...base, change: 'changed', binary: false, unified: diff.unified, added: diff.added, removed: diff.removed };
  });
}

function isBinary(blobs: BlobStore, file: RunFileRow): boolean {
  if (!blobs.has(file.sha256) || file.size_bytes > MAX_DIFF_BYTES) return false;
  return asText(blobs.read(file.sha256)) === undefined;
}
