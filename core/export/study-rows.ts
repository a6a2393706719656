import { existsSync } from 'node:fs';
import { NO_SKILL, skillArmsOf, StudySpecSchema, type StudySpec } from '../../schemas/studies.ts';
import { STUDY_NUMBER_DEFAULTS } from '../../schemas/study-rules.ts';
import { studiesInScope } from '../analysis/study-scope.ts';
import { readSkill } from '../runs/skills/read-skill.ts';
import { listRuns } from '../store/run-repository.ts';
import { listStudies, listStudyRuns, type StudyRow } from '../store/study-repository.ts';
import { utcTimestamp, type ExportContext } from './export-context.ts';
import type { SubsetRow } from './subset-fields.ts';

/** The spec's defaults, for a study stored before its spec wrote every default out. */
const SPEC_DEFAULTS = StudySpecSchema.parse({ tasks: ['-'], configurations: [{ harness: 'command', model: '-', command: '-' }] });

/**
 * The studies the export holds: with `--study`, the chosen ones; else every study of the project,
 * but for a study all of whose runs are the demo's unless the demo's records are exported.
 * Oldest first.
 */
function exportedStudies(ctx: ExportContext): StudyRow[] {
  const demoRuns = ctx.demo === 1 ? new Set<string>() : new Set(listRuns(ctx.db, ctx.projectId).filter((run) => run.demo === 1).map((run) => run.id));
  return studiesInScope(listStudies(ctx.db, ctx.projectId), ctx.scope)
    .filter((study) => {
      const runIds = listStudyRuns(ctx.db, study.id).flatMap((run) => (run.run_id === null ? [] : [run.run_id]));
      return runIds.length === 0 || runIds.some((id) => !demoRuns.has(id));
    })
    .sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : x.id < y.id ? -1 : 1));
}

export const countStudyRows = (ctx: ExportContext): number => exportedStudies(ctx).length;

/** One row per exported study, oldest first: its resolved spec, field by field and whole (local paths redacted, as in every row). */
export async function* studyRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'studies'>> {
  for (const study of exportedStudies(ctx)) yield studyRow(ctx, study);
}

function studyRow(ctx: ExportContext, study: StudyRow): SubsetRow<'studies'> {
  const spec = storedSpec(study.spec_json);
  const runs = listStudyRuns(ctx.db, study.id);
  const configIdsOf = (index: number) => [...new Set(runs.filter((run) => run.config_index === index).map((run) => run.config_id))].sort();
  return {
    study_id: study.id,
    name: study.name,
    state: study.state,
    executor: study.executor,
    config_digest: study.config_digest,
    tasks: spec.tasks ?? [],
    configurations: (spec.configurations ?? []).map((configuration, index) => ({
      config_index: index,
      harness: configuration.harness,
      model: configuration.model,
      harness_version: configuration.harnessVersion ?? null,
      command: configuration.command ?? null,
      endpoint: configuration.endpoint ?? null,
      api_key_env: configuration.apiKeyEnv ?? null,
      skill_versions: configuration.skillVersions ?? [],
      network: configuration.network ?? null,
      price_input_per_million: configuration.price?.inputPerMillion ?? null,
      price_output_per_million: configuration.price?.outputPerMillion ?? null,
      config_ids: configIdsOf(index),
    })),
    skill: spec.skill ? studySkill(spec.skill) : null,
    repeats: spec.repeats ?? STUDY_NUMBER_DEFAULTS.repeats,
    concurrency: spec.concurrency ?? STUDY_NUMBER_DEFAULTS.concurrency,
    timeout_seconds: spec.timeoutSeconds ?? STUDY_NUMBER_DEFAULTS.timeoutSeconds,
    max_output_bytes: spec.maxOutputBytes ?? SPEC_DEFAULTS.maxOutputBytes,
    max_retries: spec.maxRetries ?? SPEC_DEFAULTS.maxRetries,
    retry_backoff_ms: spec.retryBackoffMs ?? SPEC_DEFAULTS.retryBackoffMs,
    verifier: spec.verifier === undefined ? 'frames' : spec.verifier ? 'on' : 'off',
    sandbox: spec.sandbox !== false,
    network: spec.network ?? 'host',
    memory_mb: spec.limits?.memoryMb ?? null,
    processes: spec.limits?.processes ?? null,
    disk_mb: spec.limits?.diskMb ?? null,
    scripted_model: spec.replay !== undefined,
    allow_mcp_env: spec.allowMcpEnv ?? [],
    spec_json: study.spec_json,
    created_at: utcTimestamp(study.created_at, `Study ${study.id}`),
  };
}

/** The stored spec, read as written (a study stores its resolved spec); a field it lacks takes the default. */
function storedSpec(specJson: string): Partial<StudySpec> {
  try {
    const parsed: unknown = JSON.parse(specJson);
    return parsed !== null && typeof parsed === 'object' ? (parsed as Partial<StudySpec>) : {};
  } catch {
    return {};
  }
}

/** The skill's name and each arm's digest, read from its folder as the skills subset reads it; null where the folder is gone. */
function studySkill(skill: NonNullable<StudySpec['skill']>): SubsetRow<'studies'>['skill'] {
  const here = existsSync(skill.dir);
  let name: string | null = null;
  const arms = skillArmsOf(skill).map((version) => {
    if (version === NO_SKILL || !here) return { version, digest: null };
    try {
      const read = readSkill(skill.dir, version);
      name ??= read.name;
      return { version, digest: read.digest };
    } catch {
      return { version, digest: null };
    }
  });
  return { name, arms };
}
