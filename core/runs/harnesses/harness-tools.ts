import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { HarnessAdapter } from './harness-adapter.ts';
import { lhbErrorOfCode } from '../../../schemas/lhb-error.ts';

/** Where `lhb harnesses install` puts harness CLIs: `$LHB_TOOLS_DIR`, else `<workspace>/tools`. */
export function harnessToolsDir(workspaceDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.LHB_TOOLS_DIR?.trim() || join(workspaceDir, 'tools');
}

/**
 * `<tools>/.cache`: what adapters derive from an installed CLI, kept per version for later runs
 * (`PrepareRunInput.installedCli`). Beside the installs, so a run's sandbox, which mounts the tools
 * folder read-only, reads it too.
 */
export function harnessCacheDir(toolsDir: string): string {
  return join(toolsDir, '.cache');
}

/** `<tools>/<harness>@<version>`: one npm prefix per pinned version, so versions never mix. */
export function harnessInstallPrefix(toolsDir: string, adapter: HarnessAdapter, version: string): string {
  return join(toolsDir, `${adapter.id}@${version}`);
}

export class HarnessNotFoundError extends lhbErrorOfCode('bad_request') {
  override name = 'HarnessNotFoundError';
}

/** Installed versions of a harness in the tools folder, newest install last by name order. */
function installedBinaries(adapter: HarnessAdapter, toolsDir: string): string[] {
  if (!adapter.npm || !existsSync(toolsDir)) return [];
  const bin = adapter.npm.bin;
  return readdirSync(toolsDir)
    .filter((name) => name.startsWith(`${adapter.id}@`))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((name) => join(toolsDir, name, 'node_modules', '.bin', bin))
    .filter((path) => existsSync(path));
}

/**
 * The harness executable to run: a version installed in the tools folder (the newest, or the
 * one asked for), else the one on PATH. A missing CLI is an error naming the command and how to
 * install it.
 */
export function findHarnessBinary(adapter: HarnessAdapter, toolsDir: string, options: { version?: string; env?: NodeJS.ProcessEnv } = {}): string {
  if (!adapter.npm) throw new Error('The command harness runs the command you give it with --command.');
  if (options.version) {
    const pinned = join(harnessInstallPrefix(toolsDir, adapter, options.version), 'node_modules', '.bin', adapter.npm.bin);
    if (existsSync(pinned)) return pinned;
    throw new HarnessNotFoundError(`${adapter.displayName} ${options.version} is not installed in ${toolsDir}. Install it with: lhb harnesses install ${adapter.id} --version ${options.version}`);
  }
  const installed = installedBinaries(adapter, toolsDir).at(-1);
  if (installed) return installed;
  const pathVar = (options.env ?? process.env).PATH ?? '';
  for (const dir of pathVar.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, adapter.npm.bin);
    if (existsSync(candidate)) return candidate;
  }
  throw new HarnessNotFoundError(
    `The "${adapter.npm.bin}" command (${adapter.displayName}) was not found on PATH or in ${toolsDir}. Install it with: lhb harnesses install ${adapter.id}`,
  );
}
