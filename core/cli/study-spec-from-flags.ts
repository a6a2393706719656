import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TaskFileSchema } from '../../schemas/arena.ts';
import { ReplayScriptSchema, type ReplayScript } from '../../schemas/replay-script.ts';
import { HarnessIdSchema } from '../../schemas/trajectory.ts';
import type { StudyRequestInput } from '../../schemas/studies.ts';
import { canonicalHarnessId, harnessAdapter } from '../runs/harnesses/harness-registry.ts';
import { describeZodIssues } from '../../schemas/lhb-error.ts';

export interface RunsStartFlags {
  task?: string[];
  harness?: string[];
  model?: string;
  endpoint?: string;
  apiKeyEnv?: string;
  /** A folder, or false for --no-skill. */
  skill?: string | false;
  /** One or more: each is one arm (`none` runs without SKILL.md). */
  skillVersion?: string[];
  repeats?: number;
  concurrency?: number;
  timeout?: number;
  command?: string;
  name?: string;
  script?: string;
  /** `slurm`: each run is a Slurm batch job (the other settings are remembered per workspace). */
  executor?: string;
  slurmPartition?: string;
  slurmAccount?: string;
  slurmSsh?: string;
  slurmOpt?: string[];
  sharedDir?: string;
  /** --allow-mcp-env: the variables the tasks' MCP servers may receive (a study file's `allowMcpEnv`). */
  allowMcpEnv?: string[];
}

export class FlagError extends Error {
  override name = 'FlagError';
}

/**
 * `--task` values, or a study file's `tasks`: a task folder (its task.json names the task; it is
 * imported first), relative to `baseDir`, or a task id. `label` names where they were given.
 */
export function taskArguments(values: readonly string[], options: { baseDir?: string; label?: string } = {}): { ids: string[]; folders: Record<string, string>; toImport: string[] } {
  const ids: string[] = [];
  const folders: Record<string, string> = {};
  const toImport: string[] = [];
  const label = options.label ?? '--task';
  for (const value of values) {
    const folder = resolve(options.baseDir ?? process.cwd(), value);
    if (existsSync(folder) && statSync(folder).isDirectory()) {
      const file = join(folder, 'task.json');
      if (!existsSync(file)) throw new FlagError(`${label} ${value}: the folder has no task.json. Give a task folder or a task id (lhb runs list).`);
      let parsed;
      try {
        parsed = TaskFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      } catch (error) {
        throw new FlagError(`${label} ${value}: ${file} is not valid JSON (${(error as Error).message}).`);
      }
      if (!parsed.success) throw new FlagError(`${label} ${value}: ${file} is not a task: ${describeZodIssues(parsed.error, '')}.`);
      ids.push(parsed.data.id);
      folders[parsed.data.id] = folder;
      toImport.push(folder);
    } else {
      ids.push(value);
    }
  }
  return { ids, folders, toImport };
}

export function readReplayScript(path: string): ReplayScript {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FlagError(`--script ${path}: could not read it as JSON (${(error as Error).message}).`);
  }
  const parsed = ReplayScriptSchema.safeParse(value);
  if (!parsed.success) throw new FlagError(`--script ${path}: not a replay script: ${describeZodIssues(parsed.error, '(top)')}.`);
  return parsed.data;
}

/** Turns `lhb runs start` flags into a study spec; a bad flag is an error naming it. */
export function studySpecFromFlags(flags: RunsStartFlags, tasks: { ids: string[]; folders: Record<string, string> }): StudyRequestInput {
  if (tasks.ids.length === 0) throw new FlagError('Give at least one --task (a task folder or a task id), or --demo.');
  // An alias (codex-cli) names the same harness: the study records its id, so its runs join the others'.
  const harnesses = (flags.harness ?? []).map((name) => {
    const id = canonicalHarnessId(name);
    if (id === undefined) throw new FlagError(`--harness ${name}: not a harness lhb runs. Choose from ${HarnessIdSchema.options.join(', ')} (an alias such as codex-cli names the same harness).`);
    return id;
  });
  if (harnesses.length === 0) throw new FlagError(`Give at least one --harness (${HarnessIdSchema.options.join(', ')}).`);
  const takingCommand = harnesses.find((id) => harnessAdapter(id).takesCommand);
  if (takingCommand && !flags.command) throw new FlagError(`--harness ${takingCommand} needs --command "CMD": the command line to run in each run folder.`);
  if (flags.executor !== undefined && flags.executor !== 'local' && flags.executor !== 'slurm') throw new FlagError(`--executor ${flags.executor}: choose local (this machine, the default) or slurm.`);
  const slurmFlags = flags.slurmPartition ?? flags.slurmAccount ?? flags.slurmSsh ?? flags.sharedDir ?? flags.slurmOpt?.[0];
  if (slurmFlags !== undefined && flags.executor !== 'slurm') throw new FlagError('--slurm-partition, --slurm-account, --slurm-ssh, --slurm-opt and --shared-dir go with --executor slurm.');
  if (flags.skillVersion?.length && !flags.skill) throw new FlagError('--skill-version needs --skill DIR (the skill folder whose versions/<v>/SKILL.md to install).');
  return {
    ...(flags.name ? { name: flags.name } : {}),
    tasks: tasks.ids,
    taskFolders: tasks.folders,
    configurations: harnesses.map((harness) => ({
      harness,
      // Without --model, each harness runs with its adapter's default model.
      model: flags.model ?? harnessAdapter(harness).defaultModel,
      ...(harnessAdapter(harness).takesCommand ? { command: flags.command! } : {}),
    })),
    ...(flags.endpoint ? { endpoint: flags.endpoint } : {}),
    ...(flags.apiKeyEnv ? { apiKeyEnv: flags.apiKeyEnv } : {}),
    ...(flags.skill ? { skill: { dir: resolve(flags.skill), ...(flags.skillVersion?.length ? { versions: flags.skillVersion } : {}) } } : {}),
    ...(flags.repeats !== undefined ? { repeats: flags.repeats } : {}),
    ...(flags.concurrency !== undefined ? { concurrency: flags.concurrency } : {}),
    ...(flags.timeout !== undefined ? { timeoutSeconds: flags.timeout } : {}),
    ...(flags.script ? { replay: readReplayScript(resolve(flags.script)) } : {}),
    ...(flags.allowMcpEnv?.length ? { allowMcpEnv: flags.allowMcpEnv } : {}),
    ...(flags.executor === 'slurm'
      ? {
          executor: 'slurm' as const,
          // Settings not given here are filled from the workspace's remembered ones (core/runs/study/slurm-settings.ts).
          slurm: {
            ...(flags.sharedDir ? { sharedDir: resolve(flags.sharedDir) } : {}),
            ...(flags.slurmPartition ? { partition: flags.slurmPartition } : {}),
            ...(flags.slurmAccount ? { account: flags.slurmAccount } : {}),
            ...(flags.slurmSsh ? { sshHost: flags.slurmSsh } : {}),
            ...(flags.slurmOpt?.length ? { options: flags.slurmOpt } : {}),
          },
        }
      : {}),
  };
}
