import type { Database } from 'better-sqlite3';
import { isAbsolute, resolve } from 'node:path';
import { NO_SKILL, skillArmsOf, StudySpecSchema, type ResolvedStudy, type StudyConfiguration, type StudyRequest, type StudySpec } from '../../../schemas/studies.ts';
import { foreignSkillVersions } from '../../../schemas/study-rules.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { applySlurmSettings } from './slurm-settings.ts';
import { StudySpecError } from './study-spec-error.ts';

/**
 * The door every study comes through (`runs.start`, `runs.prepare`, the demo): the request the
 * RPC contract parsed, with the workspace's remembered Slurm settings filled in (and the given
 * ones remembered), resolved. Entered once per start; what it returns is never resolved again.
 */
export function resolveStudyRequest(db: Database, request: StudyRequest): ResolvedStudy {
  // Paths in the spec are this process's: a study file's own are made absolute by whoever read it.
  return resolveStudySpec(applySlurmSettings(db, request), process.cwd());
}

/**
 * A study as it runs, every default written out: paths absolute, each configuration with its own
 * endpoint, key variable and skill versions (the study-wide `endpoint` and `apiKeyEnv` are
 * shorthands for every configuration that names none, and are folded into them), the skill's
 * arms as `versions`. This is what a study stores and prints back (`lhb runs spec`), so a
 * resolved spec resolves to itself and a study re-run elsewhere runs the same arms.
 */
export function resolveStudySpec(spec: StudySpec, baseDir: string): ResolvedStudy {
  const { endpoint, apiKeyEnv, skill, ...rest } = spec;
  const arms = skill ? skillArmsOf(skill) : [NO_SKILL];
  const configurations = spec.configurations.map((configuration, index) => resolveConfiguration(configuration, index, { endpoint, apiKeyEnv, arms, skillDir: skill?.dir }));
  const resolved: StudySpec = {
    ...rest,
    ...(skill ? { skill: { dir: absolute(skill.dir, baseDir), versions: [...new Set(arms)] } } : {}),
    configurations,
    taskFolders: Object.fromEntries(Object.entries(spec.taskFolders).map(([id, folder]) => [id, absolute(folder, baseDir)])),
    ...(spec.slurm ? { slurm: { ...spec.slurm, ...(spec.slurm.sharedDir ? { sharedDir: absolute(spec.slurm.sharedDir, baseDir) } : {}) } } : {}),
  };
  return resolved as ResolvedStudy;
}

function resolveConfiguration(
  configuration: StudyConfiguration,
  index: number,
  study: { endpoint: string | undefined; apiKeyEnv: string | undefined; arms: readonly string[]; skillDir: string | undefined },
): StudyConfiguration {
  const keyEnv = configuration.apiKeyEnv ?? study.apiKeyEnv ?? conventionalKeyEnv(configuration.harness);
  const endpoint = configuration.endpoint ?? study.endpoint;
  const arms = configuration.skillVersions ?? study.arms;
  const foreign = foreignSkillVersions(arms, study.arms);
  if (foreign.length > 0) {
    throw new StudySpecError(
      `configurations.${index}.skillVersions: ${foreign.map((arm) => `"${arm}"`).join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not among the study's skill versions (${study.arms.join(', ')}). ` +
        (study.skillDir ? 'Add it to skill.versions, or leave it out here.' : 'Give the study a skill (skill.dir and skill.versions) to run skill versions.'),
      { field: `configurations.${index}.skillVersions` },
    );
  }
  return { ...configuration, ...(endpoint ? { endpoint } : {}), ...(keyEnv ? { apiKeyEnv: keyEnv } : {}), skillVersions: [...new Set(arms)] };
}

/**
 * The harness's own key variable, or, when that one is unset and a conventional alternative is
 * set (Codex users keep theirs in `CODEX_API_KEY` as often as in `OPENAI_API_KEY`), that one.
 */
function conventionalKeyEnv(harness: StudyConfiguration['harness'], env: NodeJS.ProcessEnv = process.env): string | undefined {
  const adapter = harnessAdapter(harness);
  if (!adapter.keyEnv) return undefined;
  if (env[adapter.keyEnv]) return adapter.keyEnv;
  return adapter.keyEnvAlternatives?.find((name) => env[name]) ?? adapter.keyEnv;
}

const absolute = (path: string, baseDir: string) => (isAbsolute(path) ? path : resolve(baseDir, path));

/** The skill versions a configuration of a resolved spec runs, each one arm. */
export function armsOf(configuration: StudyConfiguration): readonly string[] {
  return configuration.skillVersions ?? [NO_SKILL];
}

/** A study's stored spec as it runs: one stored before specs were stored resolved reads as it would be stored today. */
export function storedStudySpec(specJson: string): ResolvedStudy {
  return resolveStudySpec(StudySpecSchema.parse(JSON.parse(specJson)), process.cwd());
}
