// Emits the Node side (core, schemas, electron) as JavaScript into dist/ with esbuild, file for
// file, as `tsc -p tsconfig.build.json` would lay it out, without type checking: checking types
// is `npm run typecheck`'s job (part of `npm test`), and tsc's emit of this tree took 15–80 s of
// a newcomer's first `npm start`, esbuild's well under one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/** tsc's own extension rewriting (`rewriteRelativeImportExtensions`): `.ts` → `.js`, `.cts` → `.cjs`, `.mts` → `.mjs`. */
const EMITTED_EXTENSION = { '.ts': '.js', '.cts': '.cjs', '.mts': '.mjs' };
const SOURCE_EXTENSION = /\.([cm]?)ts$/;

/**
 * The files tsconfig.build.json compiles, read from its `include` and `exclude`, so that file
 * stays the one list of what is built (its patterns are `dir/**\/*.ext` and `**\/...` globs).
 */
export function nodeSideSources(root) {
  const config = JSON.parse(readFileSync(join(root, 'tsconfig.build.json'), 'utf8'));
  const include = config.include.map(globToRegExp);
  const exclude = (config.exclude ?? []).map(globToRegExp);
  const tops = [...new Set(config.include.map((pattern) => pattern.split('/')[0]))];
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (!/\.d\.[cm]?ts$/.test(path) && include.some((re) => re.test(path)) && !exclude.some((re) => re.test(path))) files.push(path);
    }
  };
  for (const top of tops) walk(top);
  return files.sort();
}

function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (glob[i] === '*') source += '[^/]*';
    else source += glob[i].replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  // A pattern naming a folder (`**/fixtures/**`) matches everything under it.
  return new RegExp(`^${source}$`);
}

/**
 * Keeps every import as it is written, but for our own `.ts`/`.cts` specifiers, which get the
 * extension tsc would give them. Nothing is bundled: each source file becomes one output file.
 */
const keepImportsAsWritten = {
  name: 'keep-imports-as-written',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const relativeSpecifier = args.path.startsWith('./') || args.path.startsWith('../');
      const path = relativeSpecifier ? args.path.replace(SOURCE_EXTENSION, (ext) => EMITTED_EXTENSION[ext]) : args.path;
      return { path, external: true };
    });
  },
};

/** Writes dist/<same path>.js (and .js.map) for every Node-side source; resolves with the file count. */
export async function emitNodeSide(root) {
  const { build } = await import('esbuild');
  const sources = nodeSideSources(root);
  const common = {
    absWorkingDir: root,
    outdir: join(root, 'dist'),
    outbase: root,
    bundle: true,
    plugins: [keepImportsAsWritten],
    platform: 'node',
    target: 'es2023',
    sourcemap: true,
    tsconfig: join(root, 'tsconfig.build.json'),
    logLevel: 'warning',
  };
  // One esbuild call per source extension: `.cts` is CommonJS, `.ts` and `.mts` are ES modules.
  const groups = Object.entries(EMITTED_EXTENSION).map(([extension, emitted]) => ({
    entryPoints: sources.filter((file) => file.endsWith(extension)).map((file) => join(root, file.split('/').join(sep))),
    format: extension === '.cts' ? 'cjs' : 'esm',
    outExtension: { '.js': emitted },
  }));
  await Promise.all(groups.filter((group) => group.entryPoints.length > 0).map((group) => build({ ...common, ...group })));
  return sources.length;
}
