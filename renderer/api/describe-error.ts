/**
 * What a failed call (or anything else thrown) said, as it said it. The server's messages already
 * say what happened and what to do next, so screens show them rather than a word of their own;
 * an RpcCallError is an Error, so its message (the server's, or "Lost the connection…") is used.
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The same words without their closing full stop, to sit inside a sentence of the screen's. */
export function errorClause(error: unknown): string {
  return describeError(error).replace(/\.$/, '');
}

/** "Could not <what>: <what the server said>. <what to do next>" */
export function couldNot(what: string, error: unknown, next: string): string {
  return `Could not ${what}: ${errorClause(error)}. ${next}`;
}
