import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NO_SKILL, skillArmsOf } from '../../schemas/studies.ts';
import { studiesInScope } from '../analysis/study-scope.ts';
import { readSkill } from '../runs/skills/read-skill.ts';
import { listStudies, listStudyRuns, type StudyRow } from '../store/study-repository.ts';
import { utcTimestamp, type ExportContext } from './export-context.ts';
import type { SubsetRow } from './subset-fields.ts';

/** A skill file's text is exported when it is at most this long and reads as UTF-8 text; else only its path and size. */
export const SKILL_FILE_TEXT_MAX_BYTES = 64 * 1024;

/** One skill version the studies in scope installed: the folder it is read from (never exported) and who used it. */
interface UsedSkillVersion {
  dir: string;
  arm: string;
  firstUsedAt: string;
  studies: { study_id: string; study_name: string; config_ids: string[] }[];
}

/**
 * The skill versions the studies in the export's scope (all of the project's without one) were
 * given, one per skill folder and version (`none`, the ablation's arm without SKILL.md, is none).
 * The workspace keeps a skill in its folder, not in the store, so its text is read from there as
 * a study reads it; a folder no longer on this machine (or no longer a valid skill) is left out.
 */
function usedSkillVersions(ctx: ExportContext): UsedSkillVersion[] {
  const studies = studiesInScope(listStudies(ctx.db, ctx.projectId), ctx.scope).sort((x, y) => (x.created_at < y.created_at ? -1 : x.created_at > y.created_at ? 1 : x.id < y.id ? -1 : 1));
  const used = new Map<string, UsedSkillVersion>();
  for (const study of studies) {
    const skill = studySkill(study);
    if (!skill) continue;
    const configsByArm = configurationsByArm(ctx, study, skill.version);
    for (const arm of skillArmsOf(skill)) {
      if (arm === NO_SKILL) continue;
      const key = `${skill.dir}\u0000${arm}`;
      let entry = used.get(key);
      if (!entry) used.set(key, (entry = { dir: skill.dir, arm, firstUsedAt: study.created_at, studies: [] }));
      entry.studies.push({ study_id: study.id, study_name: study.name, config_ids: [...(configsByArm.get(arm) ?? [])].sort() });
    }
  }
  return [...used.values()];
}

function studySkill(study: StudyRow): { dir: string; version?: string; versions?: string[] } | undefined {
  try {
    const skill = (JSON.parse(study.spec_json) as { skill?: { dir?: unknown; version?: unknown; versions?: unknown } }).skill;
    if (!skill || typeof skill.dir !== 'string') return undefined;
    return {
      dir: skill.dir,
      ...(typeof skill.version === 'string' ? { version: skill.version } : {}),
      ...(Array.isArray(skill.versions) ? { versions: skill.versions.filter((version): version is string => typeof version === 'string') } : {}),
    };
  } catch {
    return undefined;
  }
}

/** The configurations (config ids) of a study's runs, by the skill arm each ran (a run stored before arms ran the spec's one version). */
function configurationsByArm(ctx: ExportContext, study: StudyRow, specVersion: string | undefined): Map<string, Set<string>> {
  const byArm = new Map<string, Set<string>>();
  for (const run of listStudyRuns(ctx.db, study.id)) {
    let arm: string | undefined;
    try {
      const skill = (JSON.parse(run.versions_json) as { skill?: unknown }).skill;
      arm = typeof skill === 'string' ? skill : undefined;
    } catch {
      arm = undefined;
    }
    arm ??= specVersion ?? 'base';
    let configs = byArm.get(arm);
    if (!configs) byArm.set(arm, (configs = new Set()));
    configs.add(run.config_id);
  }
  return byArm;
}

/** How many skill versions the studies in scope used (for progress; a folder gone from this machine is counted but not written). */
export const countSkillRows = (ctx: ExportContext): number => usedSkillVersions(ctx).length;

/** One row per skill version the studies in scope used, sorted by skill, version and digest, its SKILL.md byte for byte. */
export async function* skillRows(ctx: ExportContext): AsyncGenerator<SubsetRow<'skills'>> {
  const rows: SubsetRow<'skills'>[] = [];
  for (const used of usedSkillVersions(ctx)) {
    const row = skillRow(used);
    if (row) rows.push(row);
    else ctx.facts.skillVersionsLeftOut += 1;
  }
  rows.sort((x, y) => compare(x.skill, y.skill) || compare(x.version, y.version) || compare(x.digest, y.digest));
  yield* rows;
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

function skillRow(used: UsedSkillVersion): SubsetRow<'skills'> | undefined {
  if (!existsSync(used.dir)) return undefined;
  let skill;
  try {
    skill = readSkill(used.dir, used.arm);
  } catch {
    return undefined;
  }
  const text = readFileSync(skill.skillFile);
  return {
    skill: skill.name,
    version: skill.version,
    description: skill.description,
    digest: skill.digest,
    skill_md_sha256: createHash('sha256').update(text).digest('hex'),
    skill_md: text.toString('utf8'),
    files: skill.files.map((path) => skillFile(join(used.dir, path), path)),
    first_used_at: utcTimestamp(used.firstUsedAt, `The study that first used skill ${skill.name} (${skill.version})`),
    studies: used.studies,
  };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A skill's other file: its path in the skill folder, size, and its text when small and textual (UTF-8 without NUL). */
function skillFile(absolute: string, path: string): { path: string; bytes: number; text: string | null } {
  const bytes = statSync(absolute).size;
  if (bytes > SKILL_FILE_TEXT_MAX_BYTES) return { path, bytes, text: null };
  const content = readFileSync(absolute);
  if (content.includes(0)) return { path, bytes, text: null };
  try {
    return { path, bytes, text: UTF8.decode(content) };
  } catch {
    return { path, bytes, text: null };
  }
}
