import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { StudySpecInput } from '../../schemas/studies.ts';
import { parseStudyFile } from '../../schemas/study-file.ts';
import { kindOfPath } from '../path-kind.ts';
import { FlagError, taskArguments } from './study-spec-from-flags.ts';

/** Far above any study a person writes, far below what a YAML parser could be made to choke on. */
const MAX_STUDY_FILE_BYTES = 1024 * 1024;

/**
 * `lhb runs start --spec FILE`: the study file as the spec `runs.start` takes. Its paths (task
 * folders in `tasks`, the skill folder, `taskFolders`, the Slurm shared folder) are relative to
 * the file's own folder, so a study folder can be moved or shared as it is; task folders become
 * task ids with their folders, to be imported before the study starts.
 */
export function readStudyFile(file: string): { spec: StudySpecInput; toImport: string[] } {
  const path = resolve(file);
  if (!existsSync(path)) throw new FlagError(`--spec ${file}: no such file.`);
  const stats = statSync(path);
  // A pipe would wait forever and a device never end; a study file is a few kilobytes of YAML or JSON.
  if (!stats.isFile()) throw new FlagError(`--spec ${file}: is ${kindOfPath(stats)}, not a study file. Give the path of a .yaml or .json file.`);
  if (stats.size > MAX_STUDY_FILE_BYTES) {
    throw new FlagError(`--spec ${file}: is ${(stats.size / 1024 / 1024).toFixed(1)} MB; a study file is at most ${MAX_STUDY_FILE_BYTES / 1024 / 1024} MB (it lists tasks, configurations and limits, not data).`);
  }
  const spec = parseStudyFile(readFileSync(path, 'utf8'), file);
  const baseDir = dirname(path);
  const absolute = (p: string) => (isAbsolute(p) ? p : resolve(baseDir, p));
  const tasks = taskArguments(spec.tasks, { baseDir, label: `${file}: tasks:` });
  return {
    spec: {
      ...spec,
      tasks: tasks.ids,
      taskFolders: { ...Object.fromEntries(Object.entries(spec.taskFolders).map(([id, folder]) => [id, absolute(folder)])), ...tasks.folders },
      ...(spec.skill ? { skill: { ...spec.skill, dir: absolute(spec.skill.dir) } } : {}),
      ...(spec.slurm ? { slurm: { ...spec.slurm, sharedDir: absolute(spec.slurm.sharedDir) } } : {}),
    },
    toImport: tasks.toImport,
  };
}
