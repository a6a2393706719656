import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NO_SKILL, type ResolvedStudy, type StudyConfiguration, type StudySpec } from '../../../schemas/studies.ts';
import { findCurrentProject } from '../../store/project-repository.ts';
import { insertStudy, type NewStudyRun, type StudyRow } from '../../store/study-repository.ts';
import { findTask } from '../../store/task-repository.ts';
import type { Workspace } from '../../workspace/open-workspace.ts';
import { configIdOf, versionsJsonOf } from '../run-configuration.ts';
import { harnessAdapter } from '../harnesses/harness-registry.ts';
import { readSkill } from '../skills/read-skill.ts';
import { harnessKey, studyHarnessVersionsForStart } from './resolve-study-harnesses.ts';
import { StudySpecError } from './study-spec-error.ts';
import { checkStudyKeys } from './check-study-keys.ts';
import { mcpEnvRefusal } from './task-mcp-env.ts';
import { studyMcpVariableRequests } from './task-mcp-servers.ts';
import { missingNodeCommand } from '../executors/slurm/check-node-command.ts';
import { armsOf } from './resolve-study-spec.ts';

/**
 * The versions a run of `configuration` in skill arm `arm` records, which with harness and model
 * make its configuration: the skill version it was given (`none` for the ablation's arm without
 * SKILL.md, `base`, `v2`), and the harness version only when the study compares harness versions
 * (another configuration of the same harness and model runs another version). Otherwise the
 * version is incidental: it is recorded on each run (harness_version) and runs of any build of one
 * harness stay one configuration.
 */
export function runVersions(spec: StudySpec, configuration: StudyConfiguration, arm: string, harnessVersionOf: (configuration: StudyConfiguration) => string | null): Record<string, string> {
  const versions: Record<string, string> = { skill: arm };
  const mine = harnessVersionOf(configuration);
  const compared = spec.configurations.some((other) => other.harness === configuration.harness && other.model === configuration.model && harnessVersionOf(other) !== mine);
  if (compared) versions.harness = mine ?? 'unknown';
  return versions;
}

/**
 * What makes two studies the same study: the canonical spec plus the skill's contents, so a
 * resume after the skill folder changed is refused rather than mixing two skills in one study.
 */
export function studyConfigDigest(spec: StudySpec): string {
  return createHash('sha256').update(canonicalJson(spec)).update(`\nskill:${skillDigest(spec)}`).digest('hex');
}

/** The contents of every skill version the study installs (a study stored before arms existed had one). */
function skillDigest(spec: StudySpec): string {
  if (!spec.skill) return NO_SKILL;
  const { dir, version, versions } = spec.skill;
  if (versions === undefined) return readSkill(dir, version).digest;
  return versions.map((arm) => (arm === NO_SKILL ? NO_SKILL : `${arm}:${readSkill(dir, arm).digest}`)).join(',');
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** Fields of two specs that differ, each by its path (`configurations.1.model`), in words: why a study cannot be resumed as asked. */
export function describeSpecChange(before: StudySpec, after: StudySpec): string[] {
  const changes: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (canonicalJson(a) === canonicalJson(b)) return;
    const bothObjects = a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
    const sameLength = !Array.isArray(a) || (a as unknown[]).length === (b as unknown[]).length;
    if (bothObjects && sameLength) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of [...keys].sort()) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      return;
    }
    changes.push(`${path}: ${short(canonicalJson(a))} → ${short(canonicalJson(b))}`);
  };
  walk(before, after, '');
  return changes;
}

const short = (text: string | undefined) => (text === undefined ? 'unset' : text.length > 120 ? `${text.slice(0, 117)}…` : text);

/**
 * Checks a study before anything runs (tasks exist, the skill is valid, its tasks' MCP servers
 * name only variables it allows, every harness is installed at the asked version, every API key
 * variable set) and records it as resolved at the door
 * (resolve-study-spec.ts), with one pending run per task × configuration × skill version ×
 * repeat. Nothing is recorded when a check fails; the error says what to fix.
 */
export async function createStudy(workspace: Workspace, spec: ResolvedStudy, toolsDir: string): Promise<StudyRow> {
  for (const [index, configuration] of spec.configurations.entries()) {
    const adapter = harnessAdapter(configuration.harness);
    if (adapter.takesCommand && configuration.command === undefined) throw new StudySpecError(`configurations.${index}.command: the ${adapter.id} harness needs a command`, { field: `configurations.${index}.command` });
  }
  const project = findCurrentProject(workspace.db);
  if (!project) throw new StudySpecError('The workspace has no project; open it once with lhb or the app so it is set up.');
  const missing = spec.tasks.filter((id) => !findTask(workspace.db, id));
  if (missing.length > 0) {
    throw new StudySpecError(`No task ${missing.map((id) => `"${id}"`).join(', ')} in this workspace. Import the task folder first (lhb runs import DIR) or pass the folder to --task.`, { field: 'tasks' });
  }
  const synthetic = spec.tasks.filter((id) => findTask(workspace.db, id)?.synthetic === 1);
  if (synthetic.length > 0) {
    throw new StudySpecError(`Task ${synthetic.map((id) => `"${id}"`).join(', ')} belongs to the demo's synthetic study, which has nothing to give an agent. Choose a real task (lhb runs list shows them).`, { field: 'tasks' });
  }
  if (spec.skill) for (const arm of spec.skill.versions ?? []) if (arm !== NO_SKILL) readSkill(spec.skill.dir, arm);
  const mcpRefusal = mcpEnvRefusal(studyMcpVariableRequests(spec.tasks, spec.taskFolders), spec.allowMcpEnv);
  if (mcpRefusal) throw new StudySpecError(`${mcpRefusal} Nothing was run.`, { field: 'allowMcpEnv' });
  if (spec.executor === 'slurm' && spec.slurm && !existsSync(spec.slurm.sharedDir)) {
    throw new StudySpecError(`The shared folder ${spec.slurm.sharedDir} (--shared-dir) does not exist here. Give a folder that this machine and every compute node see at the same path (an NFS or Lustre mount).`, { field: 'slurm.sharedDir' });
  }
  const harnessVersions = await studyHarnessVersionsForStart(spec, toolsDir);
  checkStudyKeys(spec);
  if (spec.executor === 'slurm' && spec.slurm) {
    const problem = await missingNodeCommand(spec.slurm);
    if (problem) throw new StudySpecError(problem, { field: 'slurm' });
  }
  const harnessVersionOf = (configuration: StudyConfiguration) => harnessVersions.get(harnessKey(configuration)) ?? configuration.harnessVersion ?? null;
  const digest = studyConfigDigest(spec);
  const now = new Date().toISOString();
  const id = randomUUID();
  const runs: NewStudyRun[] = [];
  for (const taskId of spec.tasks) {
    for (const [configIndex, configuration] of spec.configurations.entries()) {
      for (const arm of armsOf(configuration)) {
        const versions = runVersions(spec, configuration, arm, harnessVersionOf);
        for (let repeat = 0; repeat < spec.repeats; repeat++) {
          runs.push({
            id: randomUUID(),
            study_id: id,
            position: runs.length,
            task_id: taskId,
            harness: configuration.harness,
            model: configuration.model,
            versions_json: versionsJsonOf(versions),
            config_id: configIdOf(configuration.harness, configuration.model, versions),
            config_index: configIndex,
            repeat_index: repeat,
            updated_at: now,
          });
        }
      }
    }
  }
  const study: StudyRow = {
    id,
    project_id: project.id,
    name: spec.name ?? defaultName(spec, now),
    spec_json: canonicalJson(spec),
    config_digest: digest,
    executor: spec.executor ?? 'local',
    // On a cluster the run folders live in the shared folder every compute node sees.
    folder: spec.executor === 'slurm' && spec.slurm ? join(resolve(spec.slurm.sharedDir), 'lhb-studies', id) : join(workspace.dir, 'studies', id),
    state: 'interrupted',
    job_id: null,
    cancel_requested_at: null,
    created_at: now,
    updated_at: now,
  };
  insertStudy(workspace.db, study, runs);
  return study;
}

function defaultName(spec: StudySpec, now: string): string {
  const harnesses = [...new Set(spec.configurations.map((c) => c.harness))].join(', ');
  return `${spec.tasks.length} task${spec.tasks.length === 1 ? '' : 's'} × ${harnesses} (${now.slice(0, 16).replace('T', ' ')})`;
}
