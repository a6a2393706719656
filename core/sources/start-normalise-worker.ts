import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CAPTURE_NATIVES_SOURCE } from './native-builtins.ts';

/**
 * Plain JavaScript packages the worker uses. tsx's loader takes seconds to pass pdf.js (3 MB)
 * and the unified family through, though they need no compiling: from TypeScript sources the
 * worker loads them natively first, so that its own imports of them are cache hits.
 */
const PRELOADED_WITHOUT_TSX = [
  'pdfjs-dist/legacy/build/pdf.mjs',
  'pdfjs-dist/legacy/build/pdf.worker.mjs',
  'unified',
  'remark-parse',
  'remark-gfm',
  'remark-stringify',
  'rehype-parse',
  'rehype-remark',
  'hast-util-to-text',
  'zod',
];

/**
 * Starts normalise-worker next to this file, with this file's extension: `.js` in the compiled
 * dist/, `.ts` when running from source (vitest, tsx), where the worker needs tsx's loader
 * registered first. (`execArgv: ['--import', 'tsx']` is not honoured by worker threads on Node 20.)
 */
export function startNormaliseWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const workerUrl = new URL(`./normalise-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(workerUrl);
  const preload = PRELOADED_WITHOUT_TSX.map((specifier) => `import(${JSON.stringify(resolvePackage(specifier))})`).join(', ');
  const bootstrap = [
    CAPTURE_NATIVES_SOURCE,
    `Promise.all([${preload}])`,
    `.then(() => import(${JSON.stringify(resolvePackage('tsx/esm/api'))}))`,
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`,
  ].join('');
  return new Worker(bootstrap, { eval: true });
}

/** A package entry's URL as ESM sees it (tsx's CommonJS entry registers nothing usable in an ESM worker). */
function resolvePackage(specifier: string): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve(specifier);
  // Some test runners do not offer import.meta.resolve; require's answer is the same file or its .cjs twin.
  return pathToFileURL(createRequire(import.meta.url).resolve(specifier).replace(/\.cjs$/, '.mjs')).href;
}
