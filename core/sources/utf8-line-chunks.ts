/**
 * Bytes decoded at a time: small enough that each chunk's string is an ordinary young object,
 * collected at once (strings over about 128 KB wait for a full collection).
 */
export const UTF8_CHUNK_BYTES = 64 * 1024;

/**
 * A UTF-8 file's bytes as strings of about `chunkBytes` each, cut after a "\n" (the last may
 * end without one), so that a file's text is read without ever being one string. Throws
 * TypeError when the bytes are not UTF-8.
 */
export function* utf8LineChunks(bytes: Uint8Array, chunkBytes = UTF8_CHUNK_BYTES): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let at = 0; at < bytes.length; ) {
    const newline = bytes.indexOf(0x0a, Math.min(at + chunkBytes, bytes.length) - 1);
    const end = newline === -1 ? bytes.length : newline + 1;
    // A "\n" byte is never inside a multi-byte character, so each chunk decodes on its own.
    yield decoder.decode(bytes.subarray(at, end));
    at = end;
  }
}
