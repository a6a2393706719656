import type { Database } from 'better-sqlite3';
import { StudySlurmSchema, type StudySlurm } from '../../../schemas/studies.ts';
import { readSlurmSettings, saveSlurmSettings } from '../../store/slurm-job-repository.ts';
import { StudySpecError } from './study-spec-error.ts';

/**
 * `--executor slurm` remembers its cluster settings per workspace: a setting not given this time
 * is the one used last time (given ones win and are remembered in turn).
 */
export function applySlurmSettings<Spec extends { executor?: 'local' | 'slurm' | undefined; slurm?: Partial<StudySlurm> | undefined }>(db: Database, spec: Spec): Spec & { slurm?: StudySlurm } {
  if (spec.executor !== 'slurm') return spec as Spec & { slurm?: StudySlurm };
  const stored = readSlurmSettings(db);
  const remembered = stored ? StudySlurmSchema.partial().safeParse(JSON.parse(stored)) : undefined;
  const given = Object.fromEntries(Object.entries(spec.slurm ?? {}).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
  const merged = { ...(remembered?.success ? remembered.data : {}), ...given } as Partial<StudySlurm>;
  if (!merged.sharedDir) {
    throw new StudySpecError('--executor slurm needs --shared-dir DIR: a folder this machine and every compute node see at the same path, where the run folders go. It is remembered for this workspace after the first time.', { field: 'slurm.sharedDir' });
  }
  const slurm = StudySlurmSchema.parse(merged);
  saveSlurmSettings(db, JSON.stringify(slurm));
  return { ...spec, slurm };
}

/** The settings remembered from the last Slurm study of this workspace, or null before the first. */
export function rememberedSlurmSettings(db: Database): Partial<StudySlurm> | null {
  const stored = readSlurmSettings(db);
  if (!stored) return null;
  const parsed = StudySlurmSchema.partial().safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}
