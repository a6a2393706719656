import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export interface ModuleWorkerOptions {
  /**
   * Plain JavaScript packages to load natively before tsx's loader is registered (from
   * TypeScript sources only): tsx takes seconds to pass a large package through, though it needs
   * no compiling, and the worker's own imports of them are then cache hits.
   */
  preload?: string[];
  /** JavaScript run first in the worker, before anything is imported (from TypeScript sources only, where tsx patches built-ins). */
  prelude?: string;
  /** Given to the worker as `workerData`. */
  workerData?: unknown;
}

/**
 * Starts the worker module `name` (without extension) that sits next to `from` (a module's
 * import.meta.url), with that module's extension: `.js` in the compiled dist/, `.ts` when running
 * from source (vitest, tsx), where the worker needs tsx's loader registered first
 * (`execArgv: ['--import', 'tsx']` is not honoured by worker threads on Node 20). Returns null when
 * the worker's file is not there (a bundle that left it out).
 */
export function startModuleWorker(from: string, name: string, options: ModuleWorkerOptions = {}): Worker | null {
  const fromSource = from.endsWith('.ts');
  const workerUrl = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, from);
  if (!existsSync(fileURLToPath(workerUrl))) return null;
  const data = options.workerData === undefined ? {} : { workerData: options.workerData };
  if (!fromSource) return new Worker(workerUrl, data);
  const preload = (options.preload ?? []).map((specifier) => `import(${JSON.stringify(resolvePackage(specifier))})`).join(', ');
  const bootstrap = [
    options.prelude ?? '',
    `Promise.all([${preload}])`,
    `.then(() => import(${JSON.stringify(resolvePackage('tsx/esm/api'))}))`,
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); });`,
  ].join('');
  return new Worker(bootstrap, { eval: true, ...data });
}

/** A package entry's URL as ESM sees it (tsx's CommonJS entry registers nothing usable in an ESM worker). */
function resolvePackage(specifier: string): string {
  if (typeof import.meta.resolve === 'function') return import.meta.resolve(specifier);
  // Some test runners do not offer import.meta.resolve; require's answer is the same file or its .cjs twin.
  return pathToFileURL(createRequire(import.meta.url).resolve(specifier).replace(/\.cjs$/, '.mjs')).href;
}
