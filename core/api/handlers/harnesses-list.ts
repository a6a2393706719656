import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { HarnessStatus } from '../../../schemas/studies.ts';
import { baseHarnessEnv } from '../../runs/harnesses/harness-adapter.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { findHarnessBinary, harnessToolsDir, readHarnessVersion } from '../../runs/harnesses/harness-tools.ts';
import type { ApiContext } from '../api-context.ts';

/** Every harness's declared facts with the version found (tools folder, then PATH), or why it cannot run. */
export async function harnessesList(_input: RpcParsedInput<'harnesses.list'>, ctx: ApiContext): Promise<RpcOutput<'harnesses.list'>> {
  const toolsDir = harnessToolsDir(ctx.workspace.dir);
  const home = mkdtempSync(join(tmpdir(), 'lhb-harness-version-'));
  try {
    // Each CLI's version is asked at once (a few seconds each on a busy machine; the New study form waits for them).
    const harnesses = await Promise.all(
      Object.values(HARNESS_ADAPTERS).map(async (adapter): Promise<HarnessStatus> => {
        const declared = { id: adapter.id, displayName: adapter.displayName, defaultModel: adapter.defaultModel, keyEnv: adapter.keyEnv, takesCommand: adapter.takesCommand };
        if (!adapter.npm) return { ...declared, version: null, binary: null, problem: null, pinnedVersion: null };
        try {
          const binary = findHarnessBinary(adapter, toolsDir);
          const version = await readHarnessVersion(adapter, binary, baseHarnessEnv({ homeDir: home, binary }));
          return {
            ...declared,
            version,
            binary,
            problem: version === null ? `${binary} did not report a version; it may be broken. Reinstall it with: lhb harnesses install ${adapter.id}` : null,
            pinnedVersion: adapter.npm.pinnedVersion,
          };
        } catch (error) {
          return { ...declared, version: null, binary: null, problem: (error as Error).message, pinnedVersion: adapter.npm.pinnedVersion };
        }
      }),
    );
    return { harnesses };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
