import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { packageRoot } from '../../app-paths.ts';

export interface LhbCommand {
  /** The argv that starts this lhb (before its own arguments). */
  argv: string[];
  /** Variables it needs on top of the harness's environment. */
  env: Record<string, string>;
}

/**
 * How a harness starts the `lhb` that is running now: the node that runs us with bin/lhb.mjs
 * (the compiled CLI). Electron's binary runs it as plain Node with ELECTRON_RUN_AS_NODE. Run
 * from the TypeScript sources (the tests), it is main.ts through tsx, so a hook runs the same
 * code as the engine that installed it rather than a possibly stale build.
 */
export function currentLhbCommand(): LhbCommand {
  const env: Record<string, string> = process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {};
  if (import.meta.url.endsWith('.ts')) {
    const loader = join(packageRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs');
    const main = fileURLToPath(new URL('../../cli/main.ts', import.meta.url));
    if (existsSync(loader)) return { argv: [process.execPath, '--import', pathToFileURL(loader).href, main], env };
  }
  return { argv: [process.execPath, join(packageRoot, 'bin', 'lhb.mjs')], env };
}

/** A hook command is one shell line with no environment of its own: variables go in front through env(1). */
export function withEnvPrefix(command: LhbCommand, args: string[]): string[] {
  const assignments = Object.entries(command.env).map(([name, value]) => `${name}=${value}`);
  return [...(assignments.length > 0 ? ['/usr/bin/env', ...assignments] : []), ...command.argv, ...args];
}
