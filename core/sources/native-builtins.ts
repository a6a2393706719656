/**
 * pdf.js's legacy build (the one for Node) bundles core-js, which on Node 20 replaces
 * `Array.prototype.push`, `JSON.parse` and `JSON.stringify` with JavaScript versions for the
 * whole thread, to cover edge cases no code here meets (arrays with a frozen length, raw JSON).
 * The replacement push alone costs a fifth of PDF text extraction, so the natives are kept
 * from before pdf.js loads and put back after.
 *
 * Import this module before anything that imports pdf.js. A worker that preloads pdf.js before
 * our modules (normaliser-pool.ts, from TypeScript sources) captures them under NATIVES_KEY first.
 */
export const NATIVES_KEY = 'lhb.nativeBuiltins';

interface Natives {
  push: typeof Array.prototype.push;
  parse: typeof JSON.parse;
  stringify: typeof JSON.stringify;
}

const natives: Natives = (globalThis as Record<symbol, Natives | undefined>)[Symbol.for(NATIVES_KEY)] ?? {
  push: Array.prototype.push,
  parse: JSON.parse,
  stringify: JSON.stringify,
};

export function restoreNativeBuiltins(): void {
  if (Array.prototype.push !== natives.push) Array.prototype.push = natives.push;
  if (JSON.parse !== natives.parse) JSON.parse = natives.parse;
  if (JSON.stringify !== natives.stringify) JSON.stringify = natives.stringify;
}

/** The same capture, as source for a worker's bootstrap script. */
export const CAPTURE_NATIVES_SOURCE = `globalThis[Symbol.for(${JSON.stringify(NATIVES_KEY)})] ??= { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };`;
