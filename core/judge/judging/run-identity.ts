import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { packageRoot } from '../../app-paths.ts';
import { HARNESS_ADAPTERS } from '../../runs/harnesses/harness-registry.ts';
import { harnessToolsDir } from '../../runs/harnesses/harness-tools.ts';
import type { RunRow } from '../../store/run-repository.ts';
import { findStudy, findStudyRunByRunId } from '../../store/study-repository.ts';
import type { MaterialStore } from './load-judging-material.ts';

/** A string a judge must not see, and what it sees instead. */
export interface Redaction {
  value: string;
  shownAs: string;
}

/**
 * Everything that would tell a judge who made a run, or where: ids of the run, its study and its
 * configuration; the names of the harnesses and the run's model (judges come from the same model
 * families as the agents, and favour their own); and this machine's folders. blindText replaces
 * them in everything a prompt shows.
 */
export interface RunIdentity {
  /** Ids, matched exactly. */
  ids: Redaction[];
  /** Harness and model names, matched in any case as whole words. */
  names: Redaction[];
  /** Absolute folders, each shown as a path relative to the run's work folder ('' is the work folder itself) or as a placeholder. */
  folders: Redaction[];
  /** Harness-specific folder names (`.claude`, `.agents`, …), shown as `skills/…` and `settings/…`. */
  harnessFolders: string[];
}

/**
 * The names of every harness that is a vendor's agent CLI: each adapter's id, display name and
 * aliases. The command harness is left out: it runs whatever the researcher gives it, so its
 * name ("command") tells nothing of a model family, and it is an everyday word of the prompts.
 */
export function harnessNames(): string[] {
  return Object.values(HARNESS_ADAPTERS)
    .filter((adapter) => adapter.npm !== undefined)
    .flatMap((adapter) => [adapter.id, adapter.displayName, ...adapter.aliases]);
}

/** The folder names harnesses keep their skills and settings in, from where each installs a skill and what each is called. */
export function harnessFolderNames(): string[] {
  const configFolders = Object.values(HARNESS_ADAPTERS).flatMap((adapter) => adapter.configFolders.map((folder) => folder.split(/[\\/]/)[0]!));
  const named = harnessNames().filter((name) => /^[a-z0-9_-]+$/i.test(name)).map((name) => `.${name.toLowerCase()}`);
  return [...new Set([...configFolders, ...named])].filter((name) => name.startsWith('.'));
}

function withRealPath(path: string): string[] {
  try {
    const real = realpathSync(path);
    return real === path ? [path] : [path, real];
  } catch {
    return [path];
  }
}

/** What identifies `run` to a judge. `models` adds model names read elsewhere (a trajectory's own `model`). */
export function runIdentity(store: MaterialStore, run: RunRow, models: readonly (string | null)[] = []): RunIdentity {
  const studyRun = findStudyRunByRunId(store.db, run.id);
  const study = studyRun ? findStudy(store.db, studyRun.study_id) : undefined;
  const ids: Redaction[] = [
    { value: run.id, shownAs: '[run]' },
    { value: run.config_id, shownAs: '[configuration]' },
    ...(studyRun ? [{ value: studyRun.id, shownAs: '[run]' }] : []),
    ...(study ? [{ value: study.id, shownAs: '[study]' }] : []),
  ];
  const modelNames = [run.model, studyRun?.model, ...models].filter((name): name is string => typeof name === 'string' && name.trim().length >= 2);
  const ourHarness = Object.values(HARNESS_ADAPTERS).some((adapter) => adapter.id === run.harness);
  const names: Redaction[] = [
    ...modelNames.map((value) => ({ value, shownAs: '[model]' })),
    ...[...harnessNames(), ...(ourHarness ? [] : [run.harness])].map((value) => ({ value, shownAs: '[harness]' })),
  ];
  const folders: Redaction[] = [];
  const add = (path: string | null | undefined, shownAs: string) => {
    if (!path || path === '/' || path.length < 2) return;
    for (const value of withRealPath(path.replace(/[\\/]+$/, ''))) folders.push({ value, shownAs });
  };
  if (studyRun && study) {
    const runFolder = join(study.folder, 'runs', studyRun.id);
    add(join(runFolder, 'work'), '');
    add(join(runFolder, 'home'), '~');
    add(runFolder, '[run folder]');
    add(study.folder, '[study folder]');
    const skillDir = (JSON.parse(study.spec_json) as { skill?: { dir?: string } }).skill?.dir;
    if (skillDir) add(skillDir, `skills/${basename(skillDir)}`);
  } else {
    // An imported bundle's folder (an executed run's is its own work/out, shown relative above).
    add(run.source_dir, '[bundle]');
  }
  add(store.dir, '[workspace]');
  add(harnessToolsDir(store.dir), '[tools]');
  add(packageRoot, '[app]');
  add(homedir(), '~');
  return { ids, names, folders, harnessFolders: harnessFolderNames() };
}
