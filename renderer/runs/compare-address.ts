/**
 * The compare view's own address, `#/runs/compare?a=RUN&b=RUN`, so a link (or a reload) opens
 * the same two runs side by side.
 */
const PREFIX = '#/runs/compare';

/** The two runs an address asks to compare; undefined for any other address, or one that lacks either. */
export function compareAddressRuns(hash: string): { a: string; b: string } | undefined {
  if (hash !== PREFIX && !hash.startsWith(`${PREFIX}?`)) return undefined;
  const params = new URLSearchParams(hash.slice(PREFIX.length + 1));
  const a = params.get('a');
  const b = params.get('b');
  return a && b ? { a, b } : undefined;
}

/** Whether an address is the compare view's (complete or not): the Runs table leaves such an address alone. */
export function isCompareAddress(hash: string): boolean {
  return hash === PREFIX || hash.startsWith(`${PREFIX}?`);
}

export function compareAddress(a: string, b: string): string {
  return `${PREFIX}?${new URLSearchParams({ a, b }).toString()}`;
}
