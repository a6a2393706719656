import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../start-module-worker.ts';
import { CAPTURE_NATIVES_SOURCE } from './native-builtins.ts';

/**
 * Plain JavaScript packages the worker uses. tsx's loader takes seconds to pass the unified
 * family through, though it needs no compiling: from TypeScript sources the worker loads them
 * natively first, so that its own imports of them are cache hits. pdf.js never passes through a
 * loader: load-pdfjs.ts reads and compiles its files itself.
 */
const PRELOADED_WITHOUT_TSX = [
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-stringify',
  'rehype-parse',
  'rehype-remark',
  'hast-util-to-text',
  'zod',
];

/** Starts normalise-worker next to this file (see startModuleWorker), with the packages it uses preloaded from source. */
export function startNormaliseWorker(): Worker {
  const worker = startModuleWorker(import.meta.url, 'normalise-worker', { preload: PRELOADED_WITHOUT_TSX, prelude: CAPTURE_NATIVES_SOURCE });
  if (!worker) throw new Error(`The source normaliser's worker is missing next to ${import.meta.url}: rebuild with npm run build.`);
  return worker;
}
