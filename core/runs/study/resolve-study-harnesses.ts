import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StudyConfiguration, StudySpec } from '../../../schemas/studies.ts';
import type { HarnessAdapter } from '../harnesses/harness-adapter.ts';
import { baseHarnessEnv } from '../harnesses/harness-adapter.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { findHarnessBinary, readHarnessVersion } from '../harnesses/harness-tools.ts';
import { describeConfiguration } from './check-study-keys.ts';
import { StudySpecError } from './study-spec-error.ts';

export interface ResolvedHarness {
  adapter: HarnessAdapter;
  /** The executable (`/bin/sh` for the command harness). */
  binary: string;
  version: string | null;
}

/** The key a configuration's harness is resolved under: the same CLI at the same version resolves once. */
export const harnessKey = (configuration: StudyConfiguration): string => `${configuration.harness}@${configuration.harnessVersion ?? ''}`;

/**
 * Finds every configuration's harness CLI and reads its version once per study. A missing CLI,
 * or one of another version than the configuration asks for, is an error naming the
 * configuration and how to install it, before any run starts.
 */
export async function resolveStudyHarnesses(spec: StudySpec, toolsDir: string): Promise<Map<string, ResolvedHarness>> {
  const resolved = new Map<string, ResolvedHarness>();
  for (const [index, configuration] of spec.configurations.entries()) {
    const key = harnessKey(configuration);
    if (resolved.has(key)) continue;
    const adapter = harnessAdapter(configuration.harness);
    if (!adapter.npm) {
      resolved.set(key, { adapter, binary: '/bin/sh', version: null });
      continue;
    }
    let binary: string;
    try {
      binary = findHarnessBinary(adapter, toolsDir, configuration.harnessVersion ? { version: configuration.harnessVersion } : {});
    } catch (error) {
      throw new StudySpecError(`${describeConfiguration(configuration, index)}: ${(error as Error).message}`);
    }
    // A throwaway HOME: asking for a version must not write the user's own harness config.
    const home = mkdtempSync(join(tmpdir(), 'lhb-harness-version-'));
    try {
      const version = await readHarnessVersion(adapter, binary, baseHarnessEnv({ homeDir: home, binary }));
      if (configuration.harnessVersion && version !== null && version !== configuration.harnessVersion) {
        throw new StudySpecError(
          `${describeConfiguration(configuration, index)}: harnessVersion ${configuration.harnessVersion} was asked for, but ${binary} is ${adapter.displayName} ${version}. Install the asked version with: lhb harnesses install ${adapter.id} --version ${configuration.harnessVersion}`,
        );
      }
      resolved.set(key, { adapter, binary, version });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }
  return resolved;
}
