import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';
import type * as PdfJsApi from 'pdfjs-dist/legacy/build/pdf.mjs';
import { restoreNativeBuiltins } from './native-builtins.ts';

/** pdf.js's display API (getDocument and friends), as `import('pdfjs-dist/legacy/build/pdf.mjs')` gives it. */
export type PdfJs = typeof PdfJsApi;

/**
 * The API, then the parser, which sets globalThis.pdfjsWorker so that pdf.js reads documents in
 * this thread (no worker of its own). Both are loaded before native-builtins.ts restores the
 * natives their bundled core-js replaces.
 */
const FILES = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'] as const;

/** Where the code caches live unless the caller says: the user's own cache folder, never a shared temp one (a cache is code we run). */
function defaultCacheDir(): string {
  return process.env.LHB_CODE_CACHE_DIR || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'lh-bench-studio', 'v8-code-cache');
}

interface LoadedFile {
  script: Script;
  cacheFile: string | undefined;
  /** The cache was missing or V8 refused it (another Node or V8 flags): write a fresh one once this thread has read a document. */
  stale: boolean;
}

let loading: Promise<PdfJs> | undefined;
const loaded: LoadedFile[] = [];

/**
 * pdf.js for this thread, loaded once. A fresh worker spent about 250 ms compiling pdf.js's 3 MB
 * (compileSourceTextModule), and its first document ran slower again while V8 compiled each
 * function on first use. Node 20 keeps no compile cache for ES modules, so each file is read as
 * one function (its `export {…}` returned, `import.meta.url` passed in) and compiled as a
 * vm.Script with the V8 code cache that an earlier thread left (keepPdfJsCodeCache): about half
 * the load, and the functions a document needs come compiled. When a future pdf.js no longer
 * has that shape, it is imported as the module it is.
 */
export function loadPdfJs(cacheDir: string = defaultCacheDir()): Promise<PdfJs> {
  loading ??= loadFiles(cacheDir).finally(restoreNativeBuiltins);
  return loading;
}

async function loadFiles(cacheDir: string): Promise<PdfJs> {
  const require = createRequire(import.meta.url);
  const [api, parser] = FILES.map((file) => require.resolve(file));
  const exports = (loadAsScript(api!, cacheDir) as PdfJs | undefined) ?? ((await import(pathToFileURL(api!).href)) as PdfJs);
  if (loadAsScript(parser!, cacheDir) === undefined) await import(pathToFileURL(parser!).href);
  return exports;
}

/** The module's exports, or undefined when it is not one function-wrappable ES module (then nothing of it has run). */
function loadAsScript(path: string, cacheDir: string): unknown {
  const source = readFileSync(path, 'utf8');
  const body = asFunctionBody(source);
  if (body === undefined) return undefined;
  const url = pathToFileURL(path).href;
  const cacheFile = cacheFileFor(cacheDir, path, body);
  const cachedData = cacheFile === undefined ? undefined : readCache(cacheFile);
  let script: Script;
  try {
    script = new Script(body, {
      filename: url,
      cachedData,
      // pdf.js imports its fake worker and image decoders' fallbacks by URL; text extraction uses neither, but they resolve as from the file itself.
      importModuleDynamically: ((specifier: string) => import(/^\.\.?\//.test(specifier) ? new URL(specifier, url).href : specifier)) as never,
    });
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  const run = script.runInThisContext() as (importMetaUrl: string) => unknown;
  loaded.push({ script, cacheFile, stale: cachedData === undefined || script.cachedDataRejected === true });
  return run(url);
}

const IMPORT_META_URL = '__lhbImportMetaUrl';

/**
 * The module as a function expression returning its exports: its one `export { … }` must be its
 * last statement (pdf.js's bundles end so), and `import.meta.url` its only use of import.meta.
 * The wrapper sits on the first line, so stack traces keep pdf.js's line numbers.
 */
export function asFunctionBody(source: string): string | undefined {
  const exportAt = source.lastIndexOf('\nexport {');
  const exportEnd = source.indexOf('};', exportAt);
  if (exportAt === -1 || exportEnd === -1) return undefined;
  const after = source.slice(exportEnd + 2).replace(/^\s*\/\/# sourceMappingURL=\S*\s*$/, '');
  const names = source.slice(exportAt + '\nexport {'.length, exportEnd);
  if (after.trim() !== '' || /\bas\b/.test(names)) return undefined;
  const body = source.slice(0, exportAt).replaceAll('import.meta.url', IMPORT_META_URL);
  if (/\bimport\.meta\b/.test(body) || /^(import|export)\s/m.test(body)) return undefined;
  return `(function (${IMPORT_META_URL}) {"use strict";${body}\nreturn {${names}};\n})`;
}

/** One file per pdf.js file and version of the wrapped source, Node and V8; undefined when the folder is not safely ours. */
function cacheFileFor(cacheDir: string, path: string, body: string): string | undefined {
  try {
    mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    const folder = lstatSync(cacheDir);
    // Code read from a cache runs as ours: only from a folder this user owns and nobody else may write.
    const uid = process.getuid?.();
    if (!folder.isDirectory() || (uid !== undefined && folder.uid !== uid) || (folder.mode & 0o022) !== 0) return undefined;
  } catch {
    return undefined;
  }
  const key = createHash('sha256').update(body).update(`\0${process.version}\0${process.versions.v8}\0${process.arch}`).digest('hex').slice(0, 20);
  return join(cacheDir, `${basename(path)}-${key}.v8cache`);
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Writes the code cache of each pdf.js file this thread loaded without a usable one, once: called
 * after a document was read, so that the cache holds the functions a document needs, compiled.
 * A cache that cannot be written is no error: the next thread compiles as this one did.
 */
export function keepPdfJsCodeCache(): void {
  for (const file of loaded) {
    if (!file.stale || file.cacheFile === undefined) continue;
    file.stale = false;
    const temporary = `${file.cacheFile}.${process.pid}-${threadId}.tmp`;
    try {
      writeFileSync(temporary, file.script.createCachedData(), { mode: 0o600 });
      renameSync(temporary, file.cacheFile);
    } catch {
      // A full disk or a read-only home: caching is only a speed-up.
      rmSync(temporary, { force: true });
    }
  }
}
