import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { HarnessAdapter } from './harness-adapter.ts';
import { harnessInstallPrefix } from './harness-tools.ts';
import { withToolsFolderLock, type ToolsFolderLockOptions } from './tools-folder-lock.ts';

const run = promisify(execFile);

/** The prefix of a version's private install folders, beside the final one: `.<id>@<version>.installing-`. */
function installingPrefix(prefix: string): string {
  return join(dirname(prefix), `.${basename(prefix)}.installing-`);
}

/**
 * Installs a harness CLI from npm into the tools folder (a pinned version unless told otherwise)
 * and returns its executable. Re-installing an installed version is a no-op.
 *
 * npm writes into a private folder beside the final one, which is moved into place in one rename
 * once the executable is there: a version folder exists only when its install finished, so an
 * install killed midway leaves nothing that looks installed. Two processes installing one version
 * at once take turns through `<tools>/.<id>@<version>.lock`; the second finds the first's result.
 */
export async function installHarness(
  adapter: HarnessAdapter,
  toolsDir: string,
  version?: string,
  options: ToolsFolderLockOptions & { /** Called when npm is about to fetch the version: not when it is installed already. */ onFetch?: (packageSpec: string) => void } = {},
): Promise<{ binary: string; version: string }> {
  if (!adapter.npm) throw new Error(`The ${adapter.displayName} harness is any command you give it; there is nothing to install.`);
  const npm = adapter.npm;
  const wanted = version ?? npm.pinnedVersion;
  const prefix = harnessInstallPrefix(toolsDir, adapter, wanted);
  const binaryIn = (folder: string) => join(folder, 'node_modules', '.bin', npm.bin);
  if (existsSync(binaryIn(prefix))) return { binary: binaryIn(prefix), version: wanted };
  mkdirSync(toolsDir, { recursive: true });
  return withToolsFolderLock(
    join(toolsDir, `.${adapter.id}@${wanted}.lock`),
    async () => {
      if (existsSync(binaryIn(prefix))) return { binary: binaryIn(prefix), version: wanted }; // the process we waited for installed it
      removeAbandonedInstalls(prefix);
      const staging = `${installingPrefix(prefix)}${process.pid}-${Date.now()}`;
      mkdirSync(staging);
      options.onFetch?.(`${npm.package}@${wanted}`);
      try {
        await run('npm', ['install', '--prefix', staging, '--no-audit', '--no-fund', '--no-save', '--loglevel=error', ...(npm.installFlags ?? []), `${npm.package}@${wanted}`], {
          maxBuffer: 16 * 1024 * 1024,
          timeout: 10 * 60_000,
        });
      } catch (error) {
        rmSync(staging, { recursive: true, force: true });
        const detail = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
        throw new Error(`Could not install ${npm.package}@${wanted} with npm into ${prefix}: ${detail}`, { cause: error });
      }
      if (!existsSync(binaryIn(staging))) {
        rmSync(staging, { recursive: true, force: true });
        throw new Error(`npm installed ${npm.package}@${wanted} into ${prefix} but it has no "${npm.bin}" executable.`);
      }
      // A folder left by an install from before installs were staged has no executable (checked above) and is replaced.
      rmSync(prefix, { recursive: true, force: true });
      renameSync(staging, prefix);
      return { binary: binaryIn(prefix), version: wanted };
    },
    options,
  );
}

/** Private install folders of this version left by installs that were killed: we hold the lock, so none is live. */
function removeAbandonedInstalls(prefix: string): void {
  const start = basename(installingPrefix(prefix));
  for (const name of readdirSync(dirname(prefix))) {
    if (name.startsWith(start)) rmSync(join(dirname(prefix), name), { recursive: true, force: true });
  }
}
