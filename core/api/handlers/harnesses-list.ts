import type { RpcOutput, RpcParsedInput } from '../../../schemas/rpc.ts';
import type { HarnessStatus } from '../../../schemas/studies.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { findHarnessBinary, harnessToolsDir } from '../../runs/harnesses/harness-tools.ts';
import { harnessVersionNow } from '../../runs/harnesses/harness-version-detector.ts';
import type { ApiContext } from '../api-context.ts';

/**
 * Every harness's declared facts and what is installed here, at once: a binary found (tools
 * folder, then PATH) is installed; its version is the one kept for that binary, or is asked in the
 * background (`detecting`, never "not installed") for the next call to read.
 */
export function harnessesList(_input: RpcParsedInput<'harnesses.list'>, ctx: ApiContext): RpcOutput<'harnesses.list'> {
  const toolsDir = harnessToolsDir(ctx.workspace.dir);
  const harnesses = Object.values(HARNESS_ADAPTERS).map((adapter): HarnessStatus => {
    const declared = { id: adapter.id, displayName: adapter.displayName, defaultModel: adapter.defaultModel, keyEnv: adapter.keyEnv, takesCommand: adapter.takesCommand };
    if (!adapter.npm) return { ...declared, detection: 'any-command', version: null, versionProblem: null, versionTimedOut: false, binary: null, problem: null, pinnedVersion: null };
    const pinnedVersion = adapter.npm.pinnedVersion;
    let binary: string;
    try {
      binary = findHarnessBinary(adapter, toolsDir);
    } catch (error) {
      return { ...declared, detection: 'not-installed', version: null, versionProblem: null, versionTimedOut: false, binary: null, problem: (error as Error).message, pinnedVersion };
    }
    const now = harnessVersionNow(adapter, binary, { toolsDir });
    if (now.state === 'known') return { ...declared, detection: 'found', version: now.version, versionProblem: null, versionTimedOut: false, binary, problem: null, pinnedVersion };
    if (now.state === 'detecting') return { ...declared, detection: 'detecting', version: null, versionProblem: null, versionTimedOut: false, binary, problem: null, pinnedVersion };
    return { ...declared, detection: 'version-unknown', version: null, versionProblem: now.problem, versionTimedOut: now.timedOut, binary, problem: null, pinnedVersion };
  });
  return { harnesses };
}
