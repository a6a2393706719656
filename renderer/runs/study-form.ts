import type { HarnessStatus, StudySpecInput } from '../../schemas/studies.ts';
import type { HarnessId } from '../../schemas/trajectory.ts';

export interface HarnessChoice {
  selected: boolean;
  model: string;
}

/** What the "New study" form holds, as typed (numbers stay text until they are checked). */
export interface StudyForm {
  name: string;
  taskIds: string[];
  /** One choice per harness `harnesses.list` named, in its order (none until it answered). */
  harnesses: Partial<Record<HarnessId, HarnessChoice>>;
  /** The command line of the harness that takes one. */
  command: string;
  endpoint: string;
  apiKeyEnv: string;
  skill: 'none' | 'folder';
  skillDir: string;
  skillVersion: string;
  repeats: string;
  concurrency: string;
  timeoutSeconds: string;
  /** Where runs execute: this machine, or one Slurm batch job each. */
  executor: 'local' | 'slurm';
  slurmSharedDir: string;
  slurmPartition: string;
  slurmAccount: string;
  slurmSshHost: string;
  /** More sbatch options, separated by spaces (`--qos=long --gres=gpu:1`). */
  slurmOptions: string;
}

/** Where a problem is shown: next to its field, or above the buttons (`form`). */
export type StudyFormField =
  | 'name'
  | 'tasks'
  | 'harnesses'
  | `model:${HarnessId}`
  | 'command'
  | 'endpoint'
  | 'apiKeyEnv'
  | 'skillDir'
  | 'skillVersion'
  | 'repeats'
  | 'concurrency'
  | 'timeoutSeconds'
  | 'slurmSharedDir'
  | 'slurmPartition'
  | 'slurmAccount'
  | 'slurmSshHost'
  | 'slurmOptions'
  | 'form';

export type StudyFormErrors = Partial<Record<StudyFormField, string>>;

/** A form with nothing chosen yet: each harness listed unticked, with its default model. */
export function emptyStudyForm(harnesses: readonly HarnessStatus[] = []): StudyForm {
  return {
    name: '',
    taskIds: [],
    harnesses: withHarnessChoices({}, harnesses),
    command: '',
    endpoint: '',
    apiKeyEnv: '',
    skill: 'none',
    skillDir: '',
    skillVersion: '',
    repeats: '1',
    concurrency: '2',
    timeoutSeconds: '3600',
    executor: 'local',
    slurmSharedDir: '',
    slurmPartition: '',
    slurmAccount: '',
    slurmSshHost: '',
    slurmOptions: '',
  };
}

/**
 * The form's harness choices for the harnesses the server listed, in its order: what was chosen
 * and typed stays; a harness seen for the first time starts unticked with its default model.
 */
export function withHarnessChoices(choices: StudyForm['harnesses'], harnesses: readonly HarnessStatus[]): StudyForm['harnesses'] {
  return Object.fromEntries(harnesses.map((harness) => [harness.id, choices[harness.id] ?? { selected: false, model: harness.defaultModel }]));
}

/** The cluster settings the workspace remembers from its last Slurm study, filled into empty fields. */
export function withRememberedSlurm(form: StudyForm, remembered: { sharedDir?: string; partition?: string; account?: string; sshHost?: string; options?: string[] } | null): StudyForm {
  if (!remembered) return form;
  return {
    ...form,
    slurmSharedDir: form.slurmSharedDir || (remembered.sharedDir ?? ''),
    slurmPartition: form.slurmPartition || (remembered.partition ?? ''),
    slurmAccount: form.slurmAccount || (remembered.account ?? ''),
    slurmSshHost: form.slurmSshHost || (remembered.sshHost ?? ''),
    slurmOptions: form.slurmOptions || (remembered.options ?? []).join(' '),
  };
}

/** A harness can be ticked when it was found (one that runs a command needs nothing installed). */
export function harnessAvailable(status: HarnessStatus | undefined): boolean {
  return status !== undefined && status.problem === null && (status.takesCommand || status.version !== null);
}

/** The API key variable the form suggests: the one the first chosen harness's CLI reads, else the first harness's. */
export function suggestedKeyEnv(form: StudyForm, harnesses: readonly HarnessStatus[]): string | undefined {
  const withKey = harnesses.filter((harness) => harness.keyEnv !== null);
  return (withKey.find((harness) => form.harnesses[harness.id]?.selected) ?? withKey[0])?.keyEnv ?? undefined;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function wholeNumber(text: string, label: string, min: number, max: number): { value?: number; error?: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: `Enter ${label}, a whole number from ${min} to ${max}.` };
  if (!/^\d+$/.test(trimmed)) return { error: `${capitalise(label)} must be a whole number from ${min} to ${max}; “${trimmed}” is not.` };
  const value = Number(trimmed);
  if (value < min || value > max) return { error: `${capitalise(label)} must be from ${min} to ${max}; ${value} is out of range.` };
  return { value };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Checks the form and builds the study spec `runs.start` takes, or says, field by field, what is
 * wrong and how to fix it. The server checks again (tasks, skill files, harness binaries); this
 * catches what can be known here.
 */
export function validateStudyForm(form: StudyForm, harnesses: readonly HarnessStatus[]): { ok: true; spec: StudySpecInput } | { ok: false; errors: StudyFormErrors } {
  const errors: StudyFormErrors = {};
  if (form.taskIds.length === 0) errors.tasks = 'Choose at least one task.';

  const statusOf = (id: HarnessId) => harnesses.find((h) => h.id === id);
  const chosen = (Object.keys(form.harnesses) as HarnessId[]).filter((id) => form.harnesses[id]!.selected);
  if (chosen.length === 0) errors.harnesses = 'Choose at least one harness.';
  for (const id of chosen) {
    const status = statusOf(id);
    if (!harnessAvailable(status)) errors.harnesses = `${status?.displayName ?? id} is not installed here; install it with lhb harnesses install ${id}, or untick it.`;
    const model = form.harnesses[id]!.model.trim();
    if (model === '') errors[`model:${id}`] = 'Enter the model this harness runs with.';
    else if (model.length > 200) errors[`model:${id}`] = 'A model name is at most 200 characters.';
  }
  const takesCommand = (id: HarnessId) => statusOf(id)?.takesCommand === true;
  if (chosen.some(takesCommand) && form.command.trim() === '') errors.command = 'Enter the command line to run in each run folder (through sh -c).';

  const endpoint = form.endpoint.trim();
  if (endpoint !== '') {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) errors.endpoint = 'Enter a full http:// or https:// address, e.g. https://api.anthropic.com, or leave it blank for each harness’s own provider.';
  }
  const apiKeyEnv = form.apiKeyEnv.trim();
  if (apiKeyEnv !== '' && !ENV_NAME.test(apiKeyEnv)) errors.apiKeyEnv = 'Enter an environment variable’s name like ANTHROPIC_API_KEY (letters, digits and _, not starting with a digit); its value is read on the server when a run starts.';

  const skillDir = form.skillDir.trim();
  const skillVersion = form.skillVersion.trim();
  if (form.skill === 'folder') {
    if (skillDir === '') errors.skillDir = 'Enter the skill folder’s path on this machine (it holds SKILL.md), or choose “No skill”.';
    if (skillVersion.length > 50) errors.skillVersion = 'A version name is at most 50 characters.';
  }
  const name = form.name.trim();
  if (name.length > 200) errors.name = 'A study name is at most 200 characters.';

  const repeats = wholeNumber(form.repeats, 'the repeats', 1, 100);
  const concurrency = wholeNumber(form.concurrency, 'the concurrency', 1, 64);
  const timeout = wholeNumber(form.timeoutSeconds, 'the timeout', 1, 7 * 24 * 3600);
  if (repeats.error) errors.repeats = repeats.error;
  if (concurrency.error) errors.concurrency = concurrency.error;
  if (timeout.error) errors.timeoutSeconds = timeout.error;

  const sharedDir = form.slurmSharedDir.trim();
  const slurmOptions = form.slurmOptions.trim() === '' ? [] : form.slurmOptions.trim().split(/\s+/);
  if (form.executor === 'slurm') {
    if (sharedDir === '') errors.slurmSharedDir = 'Enter a folder every compute node sees at the same path (the run folders go there).';
    else if (!sharedDir.startsWith('/')) errors.slurmSharedDir = `Enter an absolute path (starting with /); “${sharedDir}” is relative, and compute nodes would read it from another folder.`;
    const notOption = slurmOptions.find((option) => !option.startsWith('-'));
    if (notOption) errors.slurmOptions = `Each sbatch option starts with - (like --qos=long); “${notOption}” does not.`;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    spec: {
      ...(name ? { name } : {}),
      tasks: [...form.taskIds],
      configurations: chosen.map((harness) => ({
        harness,
        model: form.harnesses[harness]!.model.trim(),
        ...(takesCommand(harness) ? { command: form.command.trim() } : {}),
      })),
      ...(endpoint ? { endpoint } : {}),
      ...(apiKeyEnv ? { apiKeyEnv } : {}),
      ...(form.skill === 'folder' ? { skill: { dir: skillDir, ...(skillVersion ? { version: skillVersion } : {}) } } : {}),
      repeats: repeats.value!,
      concurrency: concurrency.value!,
      timeoutSeconds: timeout.value!,
      ...(form.executor === 'slurm'
        ? {
            executor: 'slurm' as const,
            slurm: {
              sharedDir,
              ...(form.slurmPartition.trim() ? { partition: form.slurmPartition.trim() } : {}),
              ...(form.slurmAccount.trim() ? { account: form.slurmAccount.trim() } : {}),
              ...(form.slurmSshHost.trim() ? { sshHost: form.slurmSshHost.trim() } : {}),
              ...(slurmOptions.length > 0 ? { options: slurmOptions } : {}),
            },
          }
        : {}),
    },
  };
}

/**
 * The field a refusal of `runs.start` belongs to, from what the server said: a skill's file and
 * field, a missing task, a harness not installed, a bad endpoint; anything else is the form's.
 */
export function fieldOfServerError(message: string): StudyFormField {
  if (/skill version|version "[^"]*" does not exist/i.test(message)) return 'skillVersion';
  if (/SKILL\.md|skill folder|--skill|^skill\b/i.test(message)) return 'skillDir';
  if (/^No task|^Task "|synthetic study|^tasks\b/i.test(message)) return 'tasks';
  if (/is not installed|lhb harnesses install|configurations\b/i.test(message)) return 'harnesses';
  if (/^endpoint\b/i.test(message)) return 'endpoint';
  if (/^apiKeyEnv\b/i.test(message)) return 'apiKeyEnv';
  if (/shared-dir|sharedDir|Slurm cluster|sbatch|squeue/i.test(message)) return 'slurmSharedDir';
  return 'form';
}
