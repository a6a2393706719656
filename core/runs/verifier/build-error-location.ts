import { isAbsolute, relative, sep } from 'node:path';

export interface BuildErrorLocation {
  /** Relative to the agent's folder. */
  file: string;
  line: number;
  /** The compiler's words on that line after the location, when it printed any. */
  message: string;
}

/**
 * `src/App.tsx(12,5): error TS2322: …` (tsc), `src/App.tsx:12:5: ERROR: …` (esbuild, Vite),
 * `/abs/src/App.tsx:12:5` (stack traces, Rollup's "file:"). The path must end in a source
 * extension, so URLs and timestamps are not mistaken for it.
 */
const LOCATION = /((?:[A-Za-z]:)?[\w@~.\-/\\]*[\w@~-]\.(?:tsx?|jsx?|mjs|cjs|mts|cts|vue|svelte|astro|css|scss|sass|less|html?|json|md|mdx))(?:\((\d+)(?:,\d+)?\)|:(\d+)(?::\d+)?)/;
// eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * The first place in a failed build's output that names a file of the agent's own (not a
 * dependency's in node_modules, not outside its folder) with a line number: where to look first.
 */
export function firstBuildErrorLocation(output: string, workdir: string): BuildErrorLocation | undefined {
  for (const rawLine of output.replace(ANSI, '').split(/\r?\n/)) {
    const match = LOCATION.exec(rawLine);
    if (!match) continue;
    const path = match[1]!;
    const file = isAbsolute(path) ? relative(workdir, path) : path.replace(/^\.\//, '');
    if (file.startsWith('..') || isAbsolute(file) || file.split(/[\\/]/).includes('node_modules')) continue;
    const line = Number(match[2] ?? match[3]);
    const message = rawLine
      .slice(match.index + match[0].length)
      .replace(/^[\s:-]+/, '')
      .trim();
    return { file: file.split(sep).join('/'), line, message: message.slice(0, 300) };
  }
  return undefined;
}

/** A tool or package the build needs that is not installed (`sh: 1: vite: not found`, `Cannot find module 'x'`). */
export function missingBuildDependency(output: string): string | undefined {
  const clean = output.replace(ANSI, '');
  const command = /(?:^|\n)(?:sh|bash)(?::\s*\d+)?:\s*([\w@./-]+):\s*(?:command )?not found/.exec(clean);
  if (command) return command[1];
  const module = /Cannot find (?:module|package) '([^']+)'/.exec(clean);
  if (module && !module[1]!.startsWith('.') && !module[1]!.startsWith('/')) return module[1];
  return undefined;
}

/** The last lines of a build's output (where the error that stopped it is), at most `maxChars`. */
export function outputTail(output: string, maxLines = 30, maxChars = 3_000): string {
  const lines = output.replace(ANSI, '').trimEnd().split(/\r?\n/);
  const tail = lines.slice(-maxLines).join('\n');
  return tail.length > maxChars ? `…${tail.slice(-maxChars)}` : tail;
}
