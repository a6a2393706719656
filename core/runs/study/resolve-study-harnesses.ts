import type { StudyConfiguration, StudySpec } from '../../../schemas/studies.ts';
import type { HarnessAdapter } from '../harnesses/harness-adapter.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { findHarnessBinary } from '../harnesses/harness-tools.ts';
import { harnessVersionNow, waitForHarnessVersion } from '../harnesses/harness-version-detector.ts';
import { describeConfiguration } from './check-study-keys.ts';
import { StudySpecError } from './study-spec-error.ts';

export interface ResolvedHarness {
  adapter: HarnessAdapter;
  /** The executable (`/bin/sh` for the command harness). */
  binary: string;
  version: string | null;
  /** Why `version` is null for a CLI that has one: what asking it said (failed, or no answer in time). */
  versionProblem: string | null;
}

/** The key a configuration's harness is resolved under: the same CLI at the same version resolves once. */
export const harnessKey = (configuration: StudyConfiguration): string => `${configuration.harness}@${configuration.harnessVersion ?? ''}`;

/** Each configuration's harness binary, once per key; a missing CLI is an error naming the configuration and how to install it. */
function findStudyBinaries(spec: StudySpec, toolsDir: string): Map<string, { adapter: HarnessAdapter; binary: string | null; index: number; configuration: StudyConfiguration }> {
  const found = new Map<string, { adapter: HarnessAdapter; binary: string | null; index: number; configuration: StudyConfiguration }>();
  for (const [index, configuration] of spec.configurations.entries()) {
    const key = harnessKey(configuration);
    if (found.has(key)) continue;
    const adapter = harnessAdapter(configuration.harness);
    if (!adapter.npm) {
      found.set(key, { adapter, binary: null, index, configuration });
      continue;
    }
    try {
      found.set(key, { adapter, binary: findHarnessBinary(adapter, toolsDir, configuration.harnessVersion ? { version: configuration.harnessVersion } : {}), index, configuration });
    } catch (error) {
      throw new StudySpecError(`${describeConfiguration(configuration, index)}: ${(error as Error).message}`, { field: `configurations.${index}` });
    }
  }
  return found;
}

/**
 * Finds every configuration's harness CLI and its version, once per study, before any run
 * starts: the version kept for that binary, else asked and waited for (with the generous limit).
 * A missing CLI, or one of another version than the configuration asks for, is an error naming
 * the configuration and how to install it. A CLI that will not say its version still runs; the
 * reason is carried (`versionProblem`) and recorded on each of its runs.
 */
export async function resolveStudyHarnesses(spec: StudySpec, toolsDir: string): Promise<Map<string, ResolvedHarness>> {
  const resolved = new Map<string, ResolvedHarness>();
  const found = [...findStudyBinaries(spec, toolsDir)];
  const answers = await Promise.all(found.map(([, { adapter, binary }]) => (binary === null ? null : waitForHarnessVersion(adapter, binary, { toolsDir }))));
  for (const [i, [key, { adapter, binary, index, configuration }]] of found.entries()) {
    const answer = answers[i];
    if (binary === null || !answer) {
      resolved.set(key, { adapter, binary: '/bin/sh', version: null, versionProblem: null });
      continue;
    }
    refuseOtherVersion(configuration, index, adapter, binary, answer.version);
    resolved.set(key, { adapter, binary, version: answer.version, versionProblem: answer.problem });
  }
  return resolved;
}

/** A configuration that asks for one version of a CLI whose binary is another is refused, saying how to install the asked one. */
function refuseOtherVersion(configuration: StudyConfiguration, index: number, adapter: HarnessAdapter, binary: string, version: string | null): void {
  if (!configuration.harnessVersion || version === null || version === configuration.harnessVersion) return;
  throw new StudySpecError(
    `${describeConfiguration(configuration, index)}: harnessVersion ${configuration.harnessVersion} was asked for, but ${binary} is ${adapter.displayName} ${version}. Install the asked version with: lhb harnesses install ${adapter.id} --version ${configuration.harnessVersion}`,
    { field: `configurations.${index}.harnessVersion` },
  );
}

/**
 * The versions a new study can know without waiting, by harness key: the kept ones. Its runs'
 * configurations need a version only when the study compares two versions of one harness and
 * model (`runVersions`); then those are waited for, so starting any other study never waits on a
 * slow `--version` (the study's job finds them before its first run).
 */
export async function studyHarnessVersionsForStart(spec: StudySpec, toolsDir: string): Promise<Map<string, string | null>> {
  const found = findStudyBinaries(spec, toolsDir);
  const compared = (configuration: StudyConfiguration) => spec.configurations.some((other) => other !== configuration && other.harness === configuration.harness && other.model === configuration.model);
  const versions = new Map<string, string | null>();
  await Promise.all(
    [...found].map(async ([key, { adapter, binary, index, configuration }]) => {
      if (binary === null) return void versions.set(key, null);
      const needed = spec.configurations.some((c) => harnessKey(c) === key && compared(c));
      const now = harnessVersionNow(adapter, binary, { toolsDir });
      const version = now.state === 'known' ? now.version : needed ? (await waitForHarnessVersion(adapter, binary, { toolsDir })).version : null;
      // Known now: a wrong version is refused before anything is recorded (else by the study's job, before its first run).
      refuseOtherVersion(configuration, index, adapter, binary, version);
      versions.set(key, version);
    }),
  );
  return versions;
}
