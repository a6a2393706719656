/** Codes core/api turns into the RpcError of the same name. */
export type AnnotateErrorCode = 'not_found' | 'bad_request' | 'conflict';

/** A mistake the caller can fix (unknown id, lines out of range, a quote not in the lines). */
export class AnnotateError extends Error {
  override name = 'AnnotateError';
  constructor(
    readonly code: AnnotateErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** `“Intro”`, shortened so a label or message stays one line. */
export function quoted(text: string, max = 40): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}”`;
}
