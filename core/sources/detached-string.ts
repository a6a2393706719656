/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 keeps a slice of a
 * long string as a pointer into it, so a heading's title sliced from a 64 KB chunk of a file would
 * keep the whole chunk alive: a title in every chunk keeps the whole file, at two bytes a
 * character once the chunk holds one character beyond Latin-1.
 */
export function detachedString(text: string): string {
  return text.length === 0 ? '' : Buffer.from(text, 'utf8').toString('utf8');
}
