import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { HarnessStatus } from '../../../schemas/studies.ts';
import { baseHarnessEnv } from '../../runs/harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { findHarnessBinary, harnessToolsDir, readHarnessVersion } from '../../runs/harnesses/harness-tools.ts';
import type { ApiContext } from '../api-context.ts';

/** The four harnesses with the version found (tools folder, then PATH), or why each cannot run. */
export async function harnessesList(_input: RpcParsedInput<'harnesses.list'>, ctx: ApiContext): Promise<RpcOutput<'harnesses.list'>> {
  const toolsDir = harnessToolsDir(ctx.workspace.dir);
  const home = mkdtempSync(join(tmpdir(), 'lhb-harness-version-'));
  try {
    const harnesses: HarnessStatus[] = [];
    for (const adapter of Object.values(HARNESS_ADAPTERS)) {
      if (!adapter.npm) {
        harnesses.push({ id: adapter.id, displayName: adapter.displayName, version: null, binary: null, problem: null, pinnedVersion: null });
        continue;
      }
      try {
        const binary = findHarnessBinary(adapter, toolsDir);
        const version = await readHarnessVersion(adapter, binary, baseHarnessEnv({ homeDir: home, binary }));
        harnesses.push({
          id: adapter.id,
          displayName: adapter.displayName,
          version,
          binary,
          problem: version === null ? `${binary} did not report a version; it may be broken. Reinstall it with: lhb harnesses install ${adapter.id}` : null,
          pinnedVersion: adapter.npm.pinnedVersion,
        });
      } catch (error) {
        harnesses.push({ id: adapter.id, displayName: adapter.displayName, version: null, binary: null, problem: (error as Error).message, pinnedVersion: adapter.npm.pinnedVersion });
      }
    }
    return { harnesses };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
